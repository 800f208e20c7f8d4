import { CompiledQuery, type Kysely } from 'kysely';
import type { VerificationTrace } from '../../core/attestation/ports.js';
import { jsonText } from '../../core/shared/json-text.js';
import type { Database, VerificationArchiveTable } from './database.js';

export const SANDBOX_METER = 'sandbox';

/** One served verification as `verification_archive` stores it. */
export type ArchiveRow = VerificationArchiveTable;

/** A meter's increment: `served_calls` more calls of `meter_id` in `month` (YYYY-MM). */
export interface MeterIncrement {
  meter_id: string;
  month: string;
  served_calls: number;
}

/**
 * Writes archive rows and their meter increments in one transaction: all of them or none. A
 * duplicate `request_id` fails the whole write with the dialect's `UniqueViolation`. How a
 * database writes is its own (SqlDatabase.archiveWriter): on the calling connection, or on a
 * connection of its own in a worker thread (SQLite files).
 */
export interface ArchiveWriter {
  write(rows: ArchiveRow[]): Promise<void>;
  close(): Promise<void>;
}

export const archiveRow = (trace: VerificationTrace): ArchiveRow => ({
  request_id: trace.request_id,
  served_at: trace.served_at,
  tier: trace.tier,
  key_id: trace.key_id,
  request_json: JSON.stringify(trace.request),
  // The response's one serialisation: the HTTP body reuses this text (core/shared/json-text.ts).
  response_json: jsonText(trace.response),
});

/** The meter increments of a batch: one per key (or the sandbox) and month. */
export function meterIncrements(rows: readonly ArchiveRow[]): MeterIncrement[] {
  const meters = new Map<string, MeterIncrement>();
  for (const row of rows) {
    const meter_id = row.key_id ?? SANDBOX_METER;
    const month = row.served_at.slice(0, 7);
    const key = `${meter_id}|${month}`;
    const m = meters.get(key);
    if (m) m.served_calls++;
    else meters.set(key, { meter_id, month, served_calls: 1 });
  }
  return [...meters.values()];
}

/**
 * The writer on the database's own Kysely connection (PostgreSQL's pool, SQLite in memory). The
 * archive insert of `n` rows is compiled once per size and its SQL reused with new parameters:
 * compiling through the query builder costs more than SQLite's own insert, and one multi-row
 * statement is one round trip on PostgreSQL instead of `n`.
 */
export function kyselyArchiveWriter(db: Kysely<Database>): ArchiveWriter {
  const insertSql = new Map<number, string>();
  const insertOf = (rows: ArchiveRow[]): string => {
    let text = insertSql.get(rows.length);
    if (text === undefined) {
      text = db.insertInto('verification_archive').values(rows).compile().sql;
      insertSql.set(rows.length, text);
    }
    return text;
  };
  return {
    async write(rows) {
      await db.transaction().execute(async (trx) => {
        await trx.executeQuery(
          CompiledQuery.raw(insertOf(rows), rows.flatMap((r) => [r.request_id, r.served_at, r.tier, r.key_id, r.request_json, r.response_json])),
        );
        for (const m of meterIncrements(rows)) {
          await trx
            .insertInto('verification_usage')
            .values(m)
            .onConflict((oc) =>
              oc.columns(['meter_id', 'month']).doUpdateSet((eb) => ({ served_calls: eb('verification_usage.served_calls', '+', m.served_calls) })),
            )
            .execute();
        }
      });
    },
    async close() {},
  };
}
