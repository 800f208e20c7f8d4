import { type Expression, expressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type {
  CallDetail,
  CallFilter,
  CallPosition,
  CallRecord,
  CallStatus,
  CallSummary,
  Channel,
  Direction,
} from '../../core/calls/call.model.js';
import { transcriptText } from '../../core/calls/call.model.js';
import type { CallRepository } from '../../core/calls/ports.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import { conflict } from '../../core/shared/errors.js';
import { CallHoursWriter, deleteCalls } from './sql-call-hours.js';
import { appendOutboxEvents } from './sql-event-outbox.js';
import { CALL_SUMMARY_COLUMNS, type CallSummaryRow } from './calls.tables.js';
import type { Database } from './database.js';
import type { CallText, SqlCallTextSearch } from './sql-dialect.js';

/** 14 values per row: 200 rows stay far below every dialect's bound-parameter limit. */
const ROWS_PER_STATEMENT = 200;

function toRow(call: CallRecord) {
  return {
    tenant_id: call.tenant_id,
    call_id: call.call_id,
    agent_id: call.agent_id,
    channel: call.channel,
    direction: call.direction,
    status: call.status,
    caller: call.caller,
    started_at: call.started_at,
    ended_at: call.ended_at,
    duration_seconds: call.duration_seconds,
    summary: call.summary,
    transcript_json: JSON.stringify(call.transcript),
    metadata_json: JSON.stringify(call.metadata),
  };
}

function toSummary(row: CallSummaryRow): CallSummary {
  return {
    call_id: row.call_id,
    agent_id: row.agent_id,
    channel: row.channel as Channel,
    direction: row.direction as Direction,
    status: row.status as CallStatus,
    caller: row.caller,
    started_at: row.started_at,
    ended_at: row.ended_at,
    duration_seconds: Number(row.duration_seconds),
    summary: row.summary,
  };
}

const textOf = (seq: number, call: CallRecord): CallText => ({
  seq,
  started_at: call.started_at,
  summary: call.summary ?? '',
  transcript: transcriptText(call.transcript),
});
const keyOf = (tenantId: string, callId: string) => `${tenantId}\u0000${callId}`;

/** Every condition of a list but the text: tenant, filters, and the cursor (keyset). */
export function listConditions(tenantId: string, filter: CallFilter, after: CallPosition | null): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'calls'>();
  const parts: Expression<SqlBool>[] = [eb('calls.tenant_id', '=', tenantId)];
  if (filter.channel !== undefined) parts.push(eb('calls.channel', '=', filter.channel));
  if (filter.direction !== undefined) parts.push(eb('calls.direction', '=', filter.direction));
  if (filter.from !== undefined) parts.push(eb('calls.started_at', '>=', filter.from));
  if (filter.to !== undefined) parts.push(eb('calls.started_at', '<', filter.to));
  if (after !== null) {
    parts.push(eb(eb.refTuple('calls.started_at', 'calls.call_id'), '<', eb.tuple(after.started_at, after.call_id)));
  }
  return eb.and(parts);
}

/** Calls over any Kysely dialect; the dialect brings its full-text search. */
export class SqlCallRepository implements CallRepository {
  private readonly hours = new CallHoursWriter();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SqlCallTextSearch,
  ) {}

  async insert(call: CallRecord, events?: readonly OutboxEvent[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('calls')
        .values(toRow(call))
        .onConflict((oc) => oc.columns(['tenant_id', 'call_id']).doNothing())
        .returning('seq')
        .executeTakeFirst();
      if (!row) throw conflict(`Call ${call.call_id} already exists in tenant ${call.tenant_id}.`);
      await this.search.index(trx, [textOf(Number(row.seq), call)]);
      await this.hours.add(trx, [call]);
      await appendOutboxEvents(trx, events);
    });
  }

  async insertMany(calls: CallRecord[]): Promise<number[]> {
    if (calls.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const skipped: number[] = [];
      const texts: CallText[] = [];
      const stored: CallRecord[] = [];
      for (let start = 0; start < calls.length; start += ROWS_PER_STATEMENT) {
        const chunk = calls.slice(start, start + ROWS_PER_STATEMENT);
        const inserted = await trx
          .insertInto('calls')
          .values(chunk.map(toRow))
          .onConflict((oc) => oc.columns(['tenant_id', 'call_id']).doNothing())
          .returning(['seq', 'tenant_id', 'call_id'])
          .execute();
        // Rows are inserted in order, so the first occurrence of a key is the one stored.
        const seqByKey = new Map(inserted.map((r) => [keyOf(r.tenant_id, r.call_id), Number(r.seq)]));
        chunk.forEach((call, i) => {
          const key = keyOf(call.tenant_id, call.call_id);
          const seq = seqByKey.get(key);
          if (seq === undefined) {
            skipped.push(start + i);
          } else {
            seqByKey.delete(key);
            texts.push(textOf(seq, call));
            stored.push(call);
          }
        });
      }
      await this.search.index(trx, texts);
      await this.hours.add(trx, stored);
      return skipped;
    });
  }

  async find(tenantId: string, callId: string): Promise<CallDetail | null> {
    const row = await this.db
      .selectFrom('calls')
      .select([...CALL_SUMMARY_COLUMNS, 'transcript_json', 'metadata_json'])
      .where('tenant_id', '=', tenantId)
      .where('call_id', '=', callId)
      .executeTakeFirst();
    if (!row) return null;
    return { ...toSummary(row), transcript: JSON.parse(row.transcript_json), metadata: JSON.parse(row.metadata_json) };
  }

  async list(tenantId: string, filter: CallFilter, after: CallPosition | null, limit: number): Promise<CallSummary[]> {
    const where = listConditions(tenantId, filter, after);
    if (filter.terms.length > 0) {
      const rows = await this.search.page(this.db, { terms: filter.terms, where, startedFrom: filter.from, startedBefore: filter.to, after, limit });
      return rows.map(toSummary);
    }
    const rows = await this.db
      .selectFrom('calls')
      .select(CALL_SUMMARY_COLUMNS)
      .where(where)
      .orderBy('started_at', 'desc')
      .orderBy('call_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toSummary);
  }

  async compact(): Promise<void> {
    await this.search.compact(this.db);
  }

  async tenantsWithCallsBefore(before: string): Promise<string[]> {
    const rows = await this.db.selectFrom('calls').select('tenant_id').distinct().where('started_at', '<', before).orderBy('tenant_id').execute();
    return rows.map((r) => r.tenant_id);
  }

  async purgeStartedBefore(tenantId: string, before: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('calls')
        .select('seq')
        .where('tenant_id', '=', tenantId)
        .where('started_at', '<', before)
        .orderBy('started_at')
        .orderBy('call_id')
        .limit(limit)
        .execute();
      if (rows.length === 0) return 0;
      return deleteCalls(trx, this.search, rows.map((r) => Number(r.seq)));
    });
  }
}
