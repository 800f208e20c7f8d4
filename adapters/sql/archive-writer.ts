import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { VerificationTrace } from '../../core/attestation/ports.js';
import { type ArchiveDictionary, type ArchivedTexts, BODY_CODEC, type BodyCodec, encodeArchiveBody, plainArchiveBody } from './archive-codec.js';
import { type ArchiveCompactionOptions, type CompactionStep, IdleCompactor, PlainBacklog, plainSize } from './archive-compaction.js';
import { ArchiveDeflater } from './archive-deflater.js';
import type { VerificationArchiveTable } from './attestation.tables.js';
import type { Database } from './database.js';

export const SANDBOX_METER = 'sandbox';

/**
 * One served verification as the ledger hands it to the writer: the texts as served, which the
 * writer deflates into the compact row (`archiveTableRow`).
 */
export type ArchiveRow = Omit<VerificationArchiveTable, 'dictionary_id' | 'body' | 'body_codec'> & ArchivedTexts;

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
  /** Deflates every row still plain now, idle or not (ADR 0053): how many it deflated. */
  compact(): Promise<number>;
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
export const ARCHIVE_COLUMNS = ['request_id', 'served_at', 'tier', 'key_id', 'verdict', 'subject_artist', 'subject_title', 'dictionary_id', 'body', 'body_codec'] as const;

/**
 * A row's bound values: its texts in `body`, deflated (`encode` runs where the writer runs) or
 * plain. A plain row names the dictionary compaction will deflate it against.
 */
export function archiveTableRow(row: ArchiveRow, dictionary: ArchiveDictionary, body: Uint8Array = encodeArchiveBody(row, dictionary), codec: BodyCodec = BODY_CODEC.deflated): unknown[] {
  return [row.request_id, row.served_at, row.tier, row.key_id, row.verdict, row.subject_artist, row.subject_title, dictionary.dictionary_id, body, codec];
}

/** A batch's plain size, for the backlog (ADR 0053). */
export const batchPlainSize = (rows: readonly ArchivedTexts[]): number => rows.reduce((n, r) => n + plainSize(r), 0);

/**
 * Whether a batch is written plain: the plain size the backlog admitted (and now counts), or
 * null when the backlog is full and the batch must be deflated before its commit.
 */
export function admitPlain(rows: readonly ArchivedTexts[], backlog: PlainBacklog): number | null {
  const size = batchPlainSize(rows);
  return backlog.admit(size) ? size : null;
}

/** A batch's bound values with its texts plain (compaction deflates them later). */
export const plainTableRows = (rows: readonly ArchiveRow[], dictionary: ArchiveDictionary): unknown[][] =>
  rows.map((r) => archiveTableRow(r, dictionary, plainArchiveBody(r), BODY_CODEC.plain));

/**
 * One compaction step on a Kysely connection (PostgreSQL, SQLite in memory): the oldest plain
 * rows, deflated in the deflater's thread, written back in one transaction. A row compacted
 * meanwhile by another instance (`body_codec` no longer plain) is left as it is.
 */
export function kyselyCompactionStep(db: Kysely<Database>, dictionary: ArchiveDictionary, deflater: ArchiveDeflater) {
  return async (limit: number): Promise<CompactionStep> => {
    const rows = await db
      .selectFrom('verification_archive')
      .select(['request_id', 'body'])
      .where('body_codec', '=', BODY_CODEC.plain)
      .orderBy('served_at')
      .limit(limit)
      .execute();
    if (rows.length === 0) return { rows: 0, bytes: 0 };
    const bodies = await deflater.deflatePlain(rows.map((r) => r.body));
    await db.transaction().execute(async (trx) => {
      for (const [i, row] of rows.entries()) {
        await trx
          .updateTable('verification_archive')
          .set({ body: bodies[i]!, body_codec: BODY_CODEC.deflated, dictionary_id: dictionary.dictionary_id })
          .where('request_id', '=', row.request_id)
          .where('body_codec', '=', BODY_CODEC.plain)
          .execute();
      }
    });
    return { rows: rows.length, bytes: rows.reduce((n, r) => n + r.body.byteLength, 0) };
  };
}

/** The deferral shared by the writers on a Kysely connection: backlog, deflater and idle compactor. */
export function kyselyDeferral(db: Kysely<Database>, dictionary: ArchiveDictionary, options: ArchiveCompactionOptions) {
  const deflater = new ArchiveDeflater(dictionary);
  const backlog = new PlainBacklog(options.maxPlainBytes);
  const compactor = new IdleCompactor(kyselyCompactionStep(db, dictionary, deflater), backlog, options.idleMs);
  return {
    /** A batch bound (plain or deflated) and committed by `commit`; compaction then waits for idle time. */
    async write(rows: readonly ArchiveRow[], commit: (values: unknown[][]) => Promise<unknown>): Promise<void> {
      const plainBytes = admitPlain(rows, backlog);
      let values: unknown[][];
      if (plainBytes !== null) values = plainTableRows(rows, dictionary);
      else {
        const bodies = await deflater.deflate(rows);
        values = rows.map((r, i) => archiveTableRow(r, dictionary, bodies[i]));
      }
      try {
        await commit(values);
      } catch (err) {
        if (plainBytes !== null) backlog.release(plainBytes);
        throw err;
      }
      compactor.wrote();
    },
    compact: () => compactor.compactAll(),
    async close() {
      await compactor.close();
      await deflater.close();
    },
  };
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
 * the query builder costs more than SQLite's own insert. The texts are written plain and
 * deflated when the archive is idle, or, past the plain backlog's bound, deflated before the
 * transaction in a worker thread (ArchiveDeflater), never on the event loop (ADR 0053).
 */
export function kyselyArchiveWriter(db: Kysely<Database>, dictionary: ArchiveDictionary, compaction: ArchiveCompactionOptions): ArchiveWriter {
  const insertSql = new Map<number, string>();
  const insertOf = (n: number): string => {
    let text = insertSql.get(n);
    if (text === undefined) {
      const values = Object.fromEntries(ARCHIVE_COLUMNS.map((c) => [c, null])) as unknown as Insertable<VerificationArchiveTable>;
      text = db.insertInto('verification_archive').values(Array.from({ length: n }, () => values)).compile().sql;
      insertSql.set(n, text);
    }
    return text;
  };
  const deferral = kyselyDeferral(db, dictionary, compaction);
  return {
    write: (rows) =>
      deferral.write(rows, (values) =>
        db.transaction().execute(async (trx) => {
          await trx.executeQuery(CompiledQuery.raw(insertOf(rows.length), values.flat()));
          for (const m of meterIncrements(rows)) {
            await trx
              .insertInto('verification_usage')
              .values(m)
              .onConflict((oc) =>
                oc.columns(['meter_id', 'month']).doUpdateSet((eb) => ({ served_calls: eb('verification_usage.served_calls', '+', m.served_calls) })),
              )
              .execute();
          }
        }),
      ),
    compact: () => deferral.compact(),
    close: () => deferral.close(),
  };
}
