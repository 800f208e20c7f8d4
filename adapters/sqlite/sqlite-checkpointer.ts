import { WorkerClient } from '../node/worker-client.js';
import type { CheckpointReply, CheckpointRequest } from './sqlite-checkpoint.worker.js';
import type { SqliteFile } from './sqlite-connection.js';

/**
 * What one checkpoint found: frames in the WAL, and how many of them are now in the file;
 * `truncated` when the database was idle since the last tick and the WAL file was emptied.
 */
export interface CheckpointOutcome {
  walFrames: number;
  checkpointed: number;
  truncated: boolean;
}

/**
 * Checkpoints a SQLite file's WAL every `intervalMs` from a worker thread, instead of the
 * automatic checkpoint that SQLite runs inside whichever commit crosses 1,000 pages (on the
 * event loop, or in the archive writer: a pause of milliseconds for every request waiting on
 * that commit). Every connection the process opens on the file turns its automatic checkpoint
 * off (ADR 0025). A worker that stops is started again at the next tick.
 */
export class SqliteCheckpointer {
  private readonly worker: WorkerClient<Omit<Exclude<CheckpointRequest, 'close'>, 'id'>, CheckpointReply>;
  private readonly timer: NodeJS.Timeout;

  constructor(file: SqliteFile, intervalMs: number) {
    this.worker = new WorkerClient(import.meta.url, 'sqlite-checkpoint.worker', file);
    this.timer = setInterval(() => {
      // A checkpoint still running makes this tick's a no-op: PASSIVE never waits.
      if (this.worker.pending === 0) this.checkpoint().catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  /** One PASSIVE checkpoint now (then a TRUNCATE one if nothing was written since the last). */
  async checkpoint(): Promise<CheckpointOutcome> {
    const reply = await this.worker.request({ mode: 'passive' });
    if (!reply.ok) throw new Error(reply.message);
    return { walFrames: reply.walFrames, checkpointed: reply.checkpointed, truncated: reply.truncated };
  }

  /**
   * Stops the ticks; a running worker then empties the WAL (TRUNCATE). Without one, SQLite
   * checkpoints when the process's last connection to the file closes.
   */
  close(): Promise<void> {
    clearInterval(this.timer);
    return this.worker.close();
  }
}
