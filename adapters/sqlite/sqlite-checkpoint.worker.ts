import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteConnection, type SqliteFile } from './sqlite-connection.js';

/**
 * Runs in a worker thread (see sqlite-checkpointer.ts): copies the WAL back into the database
 * file on a connection of its own, so that no writer stalls on a checkpoint's copy and fsync.
 * A PASSIVE checkpoint waits for nobody and blocks nobody; the writers then reuse the WAL from
 * its start. On `close`, a TRUNCATE checkpoint leaves an empty WAL behind.
 */
export type CheckpointRequest = { id: number; mode: 'passive' } | 'close';
export type CheckpointReply = { id: number; ok: true; walFrames: number; checkpointed: number } | { id: number; ok: false; message: string };

const db = openSqliteConnection(workerData as SqliteFile, { checkpointedElsewhere: true });

const port = parentPort!;
port.on('message', (request: CheckpointRequest) => {
  if (request === 'close') {
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
      port.close();
    }
    return;
  }
  let reply: CheckpointReply;
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    reply = { id: request.id, ok: true, walFrames: row?.log ?? 0, checkpointed: row?.checkpointed ?? 0 };
  } catch (err) {
    reply = { id: request.id, ok: false, message: String((err as Error).message ?? err) };
  }
  port.postMessage(reply);
});
