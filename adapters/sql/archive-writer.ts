import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { VerificationTrace } from '../../core/attestation/ports.js';
import { type ArchiveDictionary, type ArchivedTexts, BODY_CODEC, type BodyCodec, plainArchiveBody } from './archive-codec.js';
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

/** What an archive row holds besides its texts. */
type ArchiveListing = Omit<VerificationArchiveTable, 'dictionary_id' | 'body' | 'body_codec'>;

/** A row's bound values: its texts deflated into `body`, or none yet (plain, ADR 0053). */
export function archiveTableRow(row: ArchiveListing, dictionary: ArchiveDictionary, body: Uint8Array, codec: BodyCodec = BODY_CODEC.deflated): unknown[] {
  return [row.request_id, row.served_at, row.tier, row.key_id, row.verdict, row.subject_artist, row.subject_title, dictionary.dictionary_id, body, codec];
}

/** The columns of `verification_archive_plain`, in the order the writers bind them. */
export const PLAIN_COLUMNS = ['request_id', 'body'] as const;

/** A batch's bound values: its archive rows, and the plain texts' rows when it is written plain. */
export interface BoundBatch {
  archive: unknown[][];
  plain: unknown[][];
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

const NO_BODY = Buffer.alloc(0);

/**
 * A batch written plain: each archive row with an empty body (it names the dictionary compaction
 * will deflate against), its texts in `verification_archive_plain` until then.
 */
export const plainBatch = (rows: readonly ArchiveRow[], dictionary: ArchiveDictionary): BoundBatch => ({
  archive: rows.map((r) => archiveTableRow(r, dictionary, NO_BODY, BODY_CODEC.plain)),
  plain: rows.map((r) => [r.request_id, plainArchiveBody(r)]),
});

/** A batch deflated before its commit, with its bodies. */
export const deflatedBatch = (rows: readonly ArchiveRow[], dictionary: ArchiveDictionary, bodies: readonly Uint8Array[]): BoundBatch => ({
  archive: rows.map((r, i) => archiveTableRow(r, dictionary, bodies[i])),
  plain: [],
});

/** A row waiting for compaction, as a step reads it: its archive row and its plain texts. */
export type WaitingRow = ArchiveListing & { plain: Uint8Array };

/** What a compaction step did with the rows it took. */
export const stepOf = (rows: readonly WaitingRow[]): CompactionStep => ({ rows: rows.length, bytes: rows.reduce((n, r) => n + r.plain.byteLength, 0) });

/**
 * A compacted row's bound values. Compaction deletes the plain row and inserts it again, deflated,
 * rather than updating it: an update would grow each row in place (SQLite) or leave a dead
 * version behind (PostgreSQL), and the archive's pages would stay as sparse as the plain rows
 * left them; inserted again, compact rows are packed together and the emptied pages reused.
 */
export const compactedRow = (row: WaitingRow, dictionary: ArchiveDictionary, body: Uint8Array): unknown[] => archiveTableRow(row, dictionary, body);

/** The columns a step reads, `p` the plain table and `a` the archive. */
export const WAITING_COLUMNS = ['request_id', 'served_at', 'tier', 'key_id', 'verdict', 'subject_artist', 'subject_title'] as const;

/**
 * One compaction step on a Kysely connection (PostgreSQL, SQLite in memory): waiting rows,
 * their texts deflated in the deflater's thread, each deleted and inserted again deflated, its
 * plain texts removed, in one transaction. Another instance compacting the same rows at once
 * finds them gone (or its insert a duplicate, and its step fails and is tried again later).
 */
export function kyselyCompactionStep(db: Kysely<Database>, dictionary: ArchiveDictionary, deflater: ArchiveDeflater) {
  return async (limit: number): Promise<CompactionStep> => {
    const rows: WaitingRow[] = await db
      .selectFrom('verification_archive_plain as p')
      .innerJoin('verification_archive as a', 'a.request_id', 'p.request_id')
      .select([...WAITING_COLUMNS.map((c) => `a.${c}` as const), 'p.body as plain'])
      .limit(limit)
      .execute();
    if (rows.length === 0) return stepOf(rows);
    const bodies = await deflater.deflatePlain(rows.map((r) => r.plain));
    const ids = rows.map((r) => r.request_id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('verification_archive_plain').where('request_id', 'in', ids).execute();
      await trx.deleteFrom('verification_archive').where('request_id', 'in', ids).execute();
      await trx
        .insertInto('verification_archive')
        .values(rows.map((r, i) => Object.fromEntries(ARCHIVE_COLUMNS.map((c, k) => [c, compactedRow(r, dictionary, bodies[i]!)[k]])) as unknown as Insertable<VerificationArchiveTable>))
        .execute();
    });
    return stepOf(rows);
  };
}

/** The deferral shared by the writers on a Kysely connection: backlog, deflater and idle compactor. */
export function kyselyDeferral(db: Kysely<Database>, dictionary: ArchiveDictionary, options: ArchiveCompactionOptions) {
  const deflater = new ArchiveDeflater(dictionary);
  const backlog = new PlainBacklog(options.maxPlainBytes);
  const compactor = new IdleCompactor(kyselyCompactionStep(db, dictionary, deflater), backlog, options.idleMs);
  return {
    /** A batch bound (plain or deflated) and committed by `commit`; compaction then waits for idle time. */
    async write(rows: readonly ArchiveRow[], commit: (bound: BoundBatch) => Promise<unknown>): Promise<void> {
      const plainBytes = admitPlain(rows, backlog);
      const bound = plainBytes !== null ? plainBatch(rows, dictionary) : deflatedBatch(rows, dictionary, await deflater.deflate(rows));
      try {
        await commit(bound);
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
      deferral.write(rows, (bound) =>
        db.transaction().execute(async (trx) => {
          await trx.executeQuery(CompiledQuery.raw(insertOf(rows.length), bound.archive.flat()));
          if (bound.plain.length > 0) {
            await trx
              .insertInto('verification_archive_plain')
              .values(bound.plain.map(([request_id, body]) => ({ request_id: request_id as string, body: body as Uint8Array })))
              .execute();
          }
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
