import { workerData } from 'node:worker_threads';
import { answerRequests, type WorkerAnswer } from '../node/worker-requests.js';
import { type ArchiveDictionary, BODY_CODEC, deflatePlainBody } from '../sql/archive-codec.js';
import { type ArchiveCompactionOptions, type CompactionStep, IdleCompactor, PlainBacklog } from '../sql/archive-compaction.js';
import { ARCHIVE_COLUMNS, type ArchiveRow, admitPlain, archiveTableRow, meterIncrements, plainTableRows } from '../sql/archive-writer.js';
import { openSqliteConnection, type SqliteFile } from './sqlite-connection.js';

/**
 * Runs in a worker thread (see sqlite-archive-writer.ts): the archive's writer on a SQLite
 * connection of its own, so that the insert, the meter and the commit (the WAL write) cost the
 * event loop nothing. Each batch message is written in one transaction, its texts plain while
 * the plain backlog admits them, else deflated first; when no batch came for a while the rows
 * left plain are deflated in place, a step at a time (ADR 0053). The reply says it committed, or
 * carries the error's code and message.
 */
export interface ArchiveBatch {
  id: number;
  /** A batch to write… */
  rows?: ArchiveRow[];
  /** …or every plain row to compact now. */
  compact?: true;
}

/** What the worker is started with: the file, the dictionary the bodies are deflated against, when to compact. */
export interface ArchiveWorkerData {
  file: SqliteFile;
  dictionary: ArchiveDictionary;
  compaction: ArchiveCompactionOptions;
}

export type ArchiveReply = WorkerAnswer<{ compacted?: number }>;

// Checkpoints are the checkpointer's (sqlite-checkpointer.ts), never inside a batch's commit.
const { file, dictionary, compaction } = workerData as ArchiveWorkerData;
const db = openSqliteConnection(file, { checkpointedElsewhere: true });
// workerData arrives as a Uint8Array: zlib wants a Buffer.
const dict: ArchiveDictionary = { dictionary_id: dictionary.dictionary_id, content: Buffer.from(dictionary.content) };

const insert = db.prepare(`insert into verification_archive (${ARCHIVE_COLUMNS.join(', ')}) values (${ARCHIVE_COLUMNS.map(() => '?').join(', ')})`);
const meter = db.prepare(
  'insert into verification_usage (meter_id, month, served_calls) values (?, ?, ?) ' +
    'on conflict (meter_id, month) do update set served_calls = verification_usage.served_calls + excluded.served_calls',
);
// `immediate`: the write lock is taken first, so a busy database waits here (busy_timeout)
// instead of failing the transaction midway.
const writeAll = db.transaction((rows: ArchiveRow[], values: unknown[][]) => {
  for (const v of values) insert.run(...v);
  for (const m of meterIncrements(rows)) meter.run(m.meter_id, m.month, m.served_calls);
});

const plainRows = db.prepare(`select request_id, body from verification_archive where body_codec = ${BODY_CODEC.plain} order by served_at limit ?`);
const compactRow = db.prepare(
  `update verification_archive set body = ?, body_codec = ${BODY_CODEC.deflated}, dictionary_id = ? where request_id = ? and body_codec = ${BODY_CODEC.plain}`,
);
const compactAll = db.transaction((rows: { request_id: string; body: Buffer }[], bodies: Buffer[]) => {
  rows.forEach((r, i) => compactRow.run(bodies[i], dict.dictionary_id, r.request_id));
});
// Deflated before the write lock is taken; the lock is held for the updates only.
function step(limit: number): Promise<CompactionStep> {
  const rows = plainRows.all(limit) as { request_id: string; body: Buffer }[];
  if (rows.length > 0) compactAll.immediate(rows, rows.map((r) => deflatePlainBody(r.body, dict)));
  return Promise.resolve({ rows: rows.length, bytes: rows.reduce((n, r) => n + r.body.byteLength, 0) });
}

const backlog = new PlainBacklog(compaction.maxPlainBytes);
const compactor = new IdleCompactor(step, backlog, compaction.idleMs);

answerRequests<ArchiveBatch, { compacted?: number }>(
  (batch) => {
    if (batch.compact) return compactor.compactAll().then((compacted) => ({ compacted }));
    const rows = batch.rows ?? [];
    // Deflated here, if at all, before the write lock is taken: the event loop never pays for it.
    const plainBytes = admitPlain(rows, backlog);
    try {
      writeAll.immediate(rows, plainBytes !== null ? plainTableRows(rows, dict) : rows.map((r) => archiveTableRow(r, dict)));
    } catch (err) {
      if (plainBytes !== null) backlog.release(plainBytes);
      throw err;
    }
    compactor.wrote();
    return {};
  },
  async () => {
    await compactor.close();
    db.close();
  },
);
