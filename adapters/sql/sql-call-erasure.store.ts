import type { Kysely } from 'kysely';
import type { CallSelector, ErasureRecord } from '../../core/calls/erasure.model.js';
import type { CallErasureStore, ErasureOutcome } from '../../core/calls/ports.js';
import type { Database } from './database.js';
import type { SqlCallTextSearch } from './sql-dialect.js';
import { deleteCalls } from './sql-call-hours.js';
import { appendOutboxEvents } from './sql-event-outbox.js';

/** Bound parameters per statement: far below every dialect's limit. */
const CHUNK = 500;
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Erasure over SQL: the calls, their entries in the dialect's search index (`unindex`: FTS5
 * rows on SQLite; the tsvector lives in the row on PostgreSQL) and in their hours' figures, the `call.created` outbox events
 * that carry them (with their deliveries and attempts), then the record and its event, in one
 * transaction.
 */
export class SqlCallErasureStore implements CallErasureStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SqlCallTextSearch,
  ) {}

  async erase(tenantId: string, selector: CallSelector, outcome: ErasureOutcome): Promise<ErasureRecord> {
    return this.db.transaction().execute(async (trx) => {
      const named = 'caller_number' in selector ? [null] : chunks(selector.call_ids);
      const rows: { seq: number; call_id: string }[] = [];
      for (const ids of named) {
        let query = trx.selectFrom('calls').select(['seq', 'call_id']).where('tenant_id', '=', tenantId);
        query = ids === null ? query.where('caller', '=', (selector as { caller_number: string }).caller_number) : query.where('call_id', 'in', ids);
        rows.push(...(await query.execute()));
      }
      await deleteCalls(trx, this.search, rows.map((r) => Number(r.seq)));
      await this.forgetCallEvents(trx, tenantId, new Set(rows.map((r) => r.call_id)));
      const { record, events } = outcome(rows.length);
      await trx.insertInto('call_erasures').values(record).execute();
      await appendOutboxEvents(trx, events);
      return record;
    });
  }

  async records(tenantId: string, limit: number): Promise<ErasureRecord[]> {
    const rows = await this.db
      .selectFrom('call_erasures')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('requested_at', 'desc')
      .orderBy('erasure_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, selector: r.selector as ErasureRecord['selector'], calls_erased: Number(r.calls_erased) }));
  }

  /** The tenant's `call.created` events about these calls, with their deliveries and attempts. */
  private async forgetCallEvents(trx: Kysely<Database>, tenantId: string, callIds: Set<string>): Promise<void> {
    if (callIds.size === 0) return;
    const events = await trx
      .selectFrom('webhook_events')
      .select(['event_id', 'payload'])
      .where('owner_kind', '=', 'tenant')
      .where('owner_id', '=', tenantId)
      .where('type', '=', 'call.created')
      .execute();
    const doomed = events.filter((e) => callIds.has((JSON.parse(e.payload) as { data?: { call?: { call_id?: string } } }).data?.call?.call_id ?? '')).map((e) => e.event_id);
    for (const part of chunks(doomed)) {
      const deliveries = trx.selectFrom('webhook_deliveries').select('delivery_id').where('event_id', 'in', part);
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
      await trx.deleteFrom('webhook_deliveries').where('event_id', 'in', part).execute();
      await trx.deleteFrom('webhook_events').where('event_id', 'in', part).execute();
    }
  }
}
