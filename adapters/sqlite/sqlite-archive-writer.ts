import { Worker } from 'node:worker_threads';
import { workerEntry } from '../node/worker-entry.js';
import type { ArchiveRow, ArchiveWriter } from '../sql/archive-writer.js';
import { UniqueViolation } from '../sql/unique-violation.js';
import type { ArchiveBatch, ArchiveReply, ArchiveWorkerData } from './sqlite-archive.worker.js';

/** An error the worker reported, with the SQLite code it carried (SQLITE_BUSY is transient). */
export class ArchiveWriteError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface Waiting {
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * The archive's writer for a SQLite file: a worker thread with its own connection writes each
 * batch in one transaction and answers once it committed, so a verification is still archived
 * and metered before it is answered (ADR 0002), while the event loop only posts the rows.
 * Reads stay on the main connection, which sees every committed batch (WAL). A worker that
 * stops fails the batches it held and is started again by the next write.
 */
export class SqliteArchiveWriter implements ArchiveWriter {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly data: ArchiveWorkerData,
    private readonly isUniqueViolation: (err: unknown) => boolean,
  ) {}

  write(rows: ArchiveRow[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the archive writer is closed'));
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.started().postMessage({ id, rows } satisfies ArchiveBatch);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close'); // after every batch already posted
    await exited;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const entry = workerEntry(import.meta.url, 'sqlite-archive.worker');
    const worker = new Worker(entry.file, { eval: entry.eval, workerData: this.data });
    // Idle, it holds nothing the process must wait for: answers are awaited by requests.
    worker.unref();
    worker.on('message', (reply: ArchiveReply) => this.settle(reply));
    worker.on('error', (err) => this.stopped(worker, err));
    worker.on('exit', (code) => this.stopped(worker, new Error(`the archive writer stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: ArchiveReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (reply.ok) return waiting.resolve();
    const err = new ArchiveWriteError(reply.message, reply.code);
    waiting.reject(this.isUniqueViolation(err) ? new UniqueViolation(err) : err);
  }

  private stopped(worker: Worker, err: unknown): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const failed = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of failed) w.reject(err);
  }
}
