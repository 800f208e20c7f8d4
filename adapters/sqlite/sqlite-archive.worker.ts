import { workerData } from 'node:worker_threads';
import { answerRequests, type WorkerAnswer } from '../node/worker-requests.js';
import type { ArchiveDictionary } from '../sql/archive-codec.js';
import { ARCHIVE_COLUMNS, type ArchiveRow, archiveTableRow, meterIncrements } from '../sql/archive-writer.js';
import { openSqliteConnection, type SqliteFile } from './sqlite-connection.js';

/**
 * Runs in a worker thread (see sqlite-archive-writer.ts): the archive's writer on a SQLite
 * connection of its own, so that compressing the texts (archive-codec.ts), the insert, the meter
 * and the commit (the WAL write) cost the event loop nothing. Each message is one batch, written in one transaction; the reply says it
 * committed, or carries the error's code and message.
 */
export interface ArchiveBatch {
  id: number;
  rows: ArchiveRow[];
}

/** What the worker is started with: the file, and the dictionary the bodies are compressed against. */
export interface ArchiveWorkerData {
  file: SqliteFile;
  dictionary: ArchiveDictionary;
}

export type ArchiveReply = WorkerAnswer<object>;

// Checkpoints are the checkpointer's (sqlite-checkpointer.ts), never inside a batch's commit.
const { file, dictionary } = workerData as ArchiveWorkerData;
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

answerRequests<ArchiveBatch, object>((batch) => {
  // Deflated here, before the write lock is taken: the event loop never pays for it.
  writeAll.immediate(
    batch.rows,
    batch.rows.map((r) => archiveTableRow(r, dict)),
  );
  return {};
}, () => db.close());
