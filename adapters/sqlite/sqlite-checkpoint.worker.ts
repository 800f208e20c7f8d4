import { workerData } from 'node:worker_threads';
import { answerRequests, type WorkerAnswer } from '../node/worker-requests.js';
import { openSqliteConnection, type SqliteFile, WAL_SIZE_LIMIT_BYTES } from './sqlite-connection.js';

/**
 * Runs in a worker thread (see sqlite-checkpointer.ts): copies the WAL back into the database
 * file on a connection of its own, so that no writer stalls on a checkpoint's copy and fsync.
 * A PASSIVE checkpoint waits for nobody and blocks nobody; the writers then reuse the WAL from
 * its start, but only once a checkpoint copied every frame: under a steady stream of commits,
 * each PASSIVE checkpoint ends behind the newest frames and the WAL grows without end (59 MB
 * after 3,000 keyed verifications). So a tick that finds the WAL past WAL_SIZE_LIMIT_BYTES, or
 * fully copied with no frame added since the last tick (idle), runs a TRUNCATE checkpoint
 * (ADR 0027): it takes the write lock for the copy of what remains (the archive writer waits
 * in its own thread, the main connection on timers, never the event loop) and empties the file.
 * It waits for the lock and the readers at most TRUNCATE_WAIT_MS, else tries again next tick.
 * On `close`, a TRUNCATE checkpoint leaves an empty WAL behind.
 */
export type CheckpointRequest = { id: number; mode: 'passive' } | 'close';
export type CheckpointReply = WorkerAnswer<{ walFrames: number; checkpointed: number; truncated: boolean }>;

const TRUNCATE_WAIT_MS = 50;
const file = workerData as SqliteFile;
const db = openSqliteConnection(file, { checkpointedElsewhere: true });
const pageSize = db.pragma('page_size', { simple: true }) as number;

type Outcome = { busy: number; log: number; checkpointed: number };
const checkpoint = (mode: 'PASSIVE' | 'TRUNCATE'): Outcome => (db.pragma(`wal_checkpoint(${mode})`) as Outcome[])[0] ?? { busy: 0, log: 0, checkpointed: 0 };

/** The WAL's frames at the previous tick: the same count, all copied, means nothing was written since. */
let previousFrames = -1;

function tick(): { walFrames: number; checkpointed: number; truncated: boolean } {
  const passive = checkpoint('PASSIVE');
  const idle = passive.log > 0 && passive.busy === 0 && passive.checkpointed === passive.log && passive.log === previousFrames;
  const tooLong = passive.log * pageSize > WAL_SIZE_LIMIT_BYTES;
  previousFrames = passive.log;
  if (!idle && !tooLong) return { walFrames: passive.log, checkpointed: passive.checkpointed, truncated: false };
  db.pragma(`busy_timeout = ${TRUNCATE_WAIT_MS}`);
  try {
    const truncate = checkpoint('TRUNCATE');
    const truncated = truncate.busy === 0 && truncate.log === 0;
    if (truncated) previousFrames = 0;
    return { walFrames: passive.log, checkpointed: passive.checkpointed, truncated };
  } finally {
    db.pragma(`busy_timeout = ${file.busyTimeoutMs}`);
  }
}

answerRequests<Exclude<CheckpointRequest, 'close'>, ReturnType<typeof tick>>(tick, () => {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
});
