import { CompiledQuery, type Kysely } from 'kysely';
import type { VerificationTrace } from '../../core/attestation/ports.js';
import { type ArchiveDictionary, type ArchivedTexts, encodeArchiveBody } from './archive-codec.js';
import { ArchiveCompressor } from './archive-compressor.js';
import type { VerificationArchiveTable } from './attestation.tables.js';
import type { Database } from './database.js';

export const SANDBOX_METER = 'sandbox';

/**
 * One served verification as the ledger hands it to the writer: the texts as served, which the
 * writer compresses into the compact row (`archiveTableRow`).
 */
export type ArchiveRow = Omit<VerificationArchiveTable, 'dictionary_id' | 'body'> & ArchivedTexts;

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

/** A trace as its row: `responseJson` is the response's one serialisation (the body served), made here when absent. */
export const archiveRow = (trace: VerificationTrace, responseJson = JSON.stringify(trace.response)): ArchiveRow => ({
  request_id: trace.request_id,
  served_at: trace.served_at,
  tier: trace.tier,
  key_id: trace.key_id,
  verdict: trace.response.verdict,
  subject_artist: trace.response.subject.artist,
  subject_title: trace.response.subject.title,
  request_json: JSON.stringify(trace.request),
  response_json: responseJson,
});

/** The columns of `verification_archive` in the order every writer binds them. */
export const ARCHIVE_COLUMNS = ['request_id', 'served_at', 'tier', 'key_id', 'verdict', 'subject_artist', 'subject_title', 'dictionary_id', 'body'] as const;

/** A row's bound values, its texts compressed into `body` (`encode` runs where the writer runs). */
export function archiveTableRow(row: ArchiveRow, dictionary: ArchiveDictionary, body: Uint8Array = encodeArchiveBody(row, dictionary)): unknown[] {
  return [row.request_id, row.served_at, row.tier, row.key_id, row.verdict, row.subject_artist, row.subject_title, dictionary.dictionary_id, body];
}

/**
 * The meter increments of a batch: one per key (or the sandbox) and month, in (meter, month)
 * order, so that writers updating the same meter rows at once (several instances on PostgreSQL)
 * lock them in one order and never wait on each other in a cycle.
 */
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
  const list = [...meters.values()];
  if (list.length > 1) list.sort((a, b) => (a.meter_id < b.meter_id ? -1 : a.meter_id > b.meter_id ? 1 : a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  return list;
}

/**
 * The writer on the database's own Kysely connection, in a transaction (SQLite in memory;
 * PostgreSQL writes a batch in one statement: postgres-archive-writer.ts). The archive insert of
 * `n` rows is compiled once per size and its SQL reused with new parameters: compiling through
 * the query builder costs more than SQLite's own insert. The bodies are compressed in a worker
 * thread (ArchiveCompressor), a batch per message, before the transaction, not on the event loop.
 */
export function kyselyArchiveWriter(db: Kysely<Database>, dictionary: ArchiveDictionary): ArchiveWriter {
  const insertSql = new Map<number, string>();
  const insertOf = (n: number): string => {
    let text = insertSql.get(n);
    if (text === undefined) {
      const values = Object.fromEntries(ARCHIVE_COLUMNS.map((c) => [c, null])) as unknown as VerificationArchiveTable;
      text = db.insertInto('verification_archive').values(Array.from({ length: n }, () => values)).compile().sql;
      insertSql.set(n, text);
    }
    return text;
  };
  const compressor = new ArchiveCompressor(dictionary);
  return {
    async write(rows) {
      const bodies = await compressor.compress(rows);
      const values = rows.flatMap((r, i) => archiveTableRow(r, dictionary, bodies[i]));
      await db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(insertOf(rows.length), values));
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
    close: () => compressor.close(),
  };
}
