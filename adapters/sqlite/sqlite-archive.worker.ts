import { workerData } from 'node:worker_threads';
import { answerRequests, type WorkerAnswer } from '../node/worker-requests.js';
import { type ArchiveDictionary, deflatePlainBody, encodeArchiveBody } from '../sql/archive-codec.js';
import { type ArchiveCompactionOptions, type CompactionStep, IdleCompactor, PlainBacklog } from '../sql/archive-compaction.js';
import { ARCHIVE_COLUMNS, type ArchiveRow, admitPlain, type BoundBatch, compactedRow, deflatedBatch, meterIncrements, plainBatch, stepOf, WAITING_COLUMNS, type WaitingRow } from '../sql/archive-writer.js';
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
const insertPlain = db.prepare('insert into verification_archive_plain (request_id, body) values (?, ?)');
const writeAll = db.transaction((rows: ArchiveRow[], bound: BoundBatch) => {
  for (const v of bound.archive) insert.run(...v);
  for (const v of bound.plain) insertPlain.run(...v);
  for (const m of meterIncrements(rows)) meter.run(m.meter_id, m.month, m.served_calls);
});

const waiting = db.prepare(
  `select ${WAITING_COLUMNS.map((c) => `a.${c}`).join(', ')}, p.body as plain from verification_archive_plain p join verification_archive a on a.request_id = p.request_id limit ?`,
);
const dropPlain = db.prepare('delete from verification_archive_plain where request_id = ?');
const dropRow = db.prepare('delete from verification_archive where request_id = ?');
// Each row deleted and inserted again, deflated (compactedRow says why), with its plain texts gone.
const compactAll = db.transaction((rows: WaitingRow[], bodies: Buffer[]) => {
  rows.forEach((r) => {
    dropPlain.run(r.request_id);
    dropRow.run(r.request_id);
  });
  rows.forEach((r, i) => insert.run(...compactedRow(r, dict, bodies[i]!)));
});
// Deflated before the write lock is taken; the lock is held for the writes only.
function step(limit: number): Promise<CompactionStep> {
  const rows = waiting.all(limit) as WaitingRow[];
  if (rows.length > 0) compactAll.immediate(rows, rows.map((r) => deflatePlainBody(r.plain, dict)));
  return Promise.resolve(stepOf(rows));
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
      writeAll.immediate(rows, plainBytes !== null ? plainBatch(rows, dict) : deflatedBatch(rows, dict, rows.map((r) => encodeArchiveBody(r, dict))));
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
