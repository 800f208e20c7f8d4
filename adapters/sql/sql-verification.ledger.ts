import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { ArchivePosition, BilledRequest, VerificationLedger, VerificationTrace } from '../../core/attestation/ports.js';
import type { VerificationResponse } from '../../core/attestation/verdict/verification.model.js';
import { conflict } from '../../core/shared/errors.js';
import type { Database } from './database.js';
import { isUniqueViolation } from './unique-violation.js';

export const SANDBOX_METER = 'sandbox';

interface Pending {
  trace: VerificationTrace;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Archive and meter over any Kysely dialect. Each verification's archive row and meter
 * increment are written in one transaction. Records that arrive while a transaction is being
 * written are grouped into the next one (group commit): every caller still waits for the
 * commit that holds its own trace, but the cost of a transaction is shared. If a grouped
 * transaction fails, its records are retried one transaction each, so one bad record never
 * fails another.
 */
export class SqlVerificationLedger implements VerificationLedger {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxBatch = 256,
  ) {}

  record(trace: VerificationTrace): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ trace, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Let the requests of this turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          await this.db.transaction().execute((trx) => writeBatch(trx, batch.map((p) => p.trace)));
          for (const p of batch) p.resolve();
        } catch (err) {
          if (batch.length === 1) {
            batch[0].reject(translate(err, batch[0].trace));
            continue;
          }
          for (const p of batch) {
            try {
              await this.db.transaction().execute((trx) => writeBatch(trx, [p.trace]));
              p.resolve();
            } catch (single) {
              p.reject(translate(single, p.trace));
            }
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  async find(requestId: string): Promise<VerificationTrace | null> {
    const row = await this.db
      .selectFrom('verification_archive')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      request_id: row.request_id,
      served_at: row.served_at,
      tier: row.tier === 'production' ? 'production' : 'sandbox',
      key_id: row.key_id,
      request: JSON.parse(row.request_json),
      response: JSON.parse(row.response_json),
    };
  }

  async billed(keyId: string, range: { from: string; to: string }, after: ArchivePosition | null, limit: number): Promise<BilledRequest[]> {
    let query = this.db
      .selectFrom('verification_archive')
      .select(['request_id', 'served_at', 'response_json'])
      .where('key_id', '=', keyId)
      .where('served_at', '>=', range.from)
      .where('served_at', '<', range.to);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('served_at', '>', after.served_at), eb.and([eb('served_at', '=', after.served_at), eb('request_id', '>', after.request_id)])]),
      );
    }
    const rows = await query.orderBy('served_at').orderBy('request_id').limit(limit).execute();
    return rows.map((row) => {
      const response = JSON.parse(row.response_json) as VerificationResponse;
      return { request_id: row.request_id, served_at: row.served_at, verdict: response.verdict, subject: response.subject };
    });
  }

  async servedCalls(keyId: string, month: string): Promise<number> {
    const row = await this.db
      .selectFrom('verification_usage')
      .select('served_calls')
      .where('meter_id', '=', keyId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row ? Number(row.served_calls) : 0;
  }
}

/** A duplicate request_id is the domain's conflict; anything else stays as it is. */
function translate(err: unknown, trace: VerificationTrace): unknown {
  return isUniqueViolation(err) ? conflict(`A verification with request_id ${trace.request_id} is archived already.`) : err;
}

/**
 * The archive insert of a batch of `n` rows is compiled once per dialect and size and its SQL
 * reused with new parameters: compiling through the query builder costs more than SQLite's own
 * insert, and one multi-row statement is one round trip on PostgreSQL instead of `n`.
 */
const archiveInsertSql = new WeakMap<object, Map<number, string>>();

const archiveRow = (trace: VerificationTrace) => ({
  request_id: trace.request_id,
  served_at: trace.served_at,
  tier: trace.tier,
  key_id: trace.key_id,
  request_json: JSON.stringify(trace.request),
  response_json: JSON.stringify(trace.response),
});

function archiveInsert(trx: Transaction<Database>, traces: VerificationTrace[]): CompiledQuery {
  const rows = traces.map(archiveRow);
  const adapter = trx.getExecutor().adapter;
  let bySize = archiveInsertSql.get(adapter);
  if (bySize === undefined) archiveInsertSql.set(adapter, (bySize = new Map()));
  let text = bySize.get(rows.length);
  if (text === undefined) {
    text = trx.insertInto('verification_archive').values(rows).compile().sql;
    bySize.set(rows.length, text);
  }
  return CompiledQuery.raw(
    text,
    rows.flatMap((r) => [r.request_id, r.served_at, r.tier, r.key_id, r.request_json, r.response_json]),
  );
}

async function writeBatch(trx: Transaction<Database>, traces: VerificationTrace[]): Promise<void> {
  await trx.executeQuery(archiveInsert(trx, traces));
  const meters = new Map<string, { meter_id: string; month: string; served_calls: number }>();
  for (const trace of traces) {
    const meter_id = trace.key_id ?? SANDBOX_METER;
    const month = trace.served_at.slice(0, 7);
    const key = `${meter_id}|${month}`;
    const m = meters.get(key);
    if (m) m.served_calls++;
    else meters.set(key, { meter_id, month, served_calls: 1 });
  }
  for (const m of meters.values()) {
    await trx
      .insertInto('verification_usage')
      .values(m)
      .onConflict((oc) =>
        oc
          .columns(['meter_id', 'month'])
          .doUpdateSet((eb) => ({ served_calls: eb('verification_usage.served_calls', '+', m.served_calls) })),
      )
      .execute();
  }
}
