import { Worker } from 'node:worker_threads';
import { workerEntry } from './worker-entry.js';

/** A request's reply from the worker: `{ id, ok: true, ... }` or `{ id, ok: false, ... }`. */
export interface WorkerReply {
  id: number;
  ok: boolean;
}

/**
 * Requests to a long-lived worker thread, each answered by one reply with its `id`. The worker
 * is started at the first request and again at the first one after it stopped; a worker that
 * stops fails the requests it held (never a false success). `close()` posts `'close'` after
 * every request already posted and waits for the running worker to exit: the worker is never terminated,
 * because terminating a thread inside a native call (better-sqlite3) aborts the process.
 */
export class WorkerClient<Request extends object, Reply extends WorkerReply> {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve(reply: Reply): void; reject(err: unknown): void }>();
  private nextId = 1;
  private closed = false;

  constructor(
    /** The caller's `import.meta.url` and the worker module's name beside it. */
    private readonly moduleUrl: string,
    private readonly name: string,
    private readonly workerData: unknown,
  ) {}

  /** Requests in flight. */
  get pending(): number {
    return this.waiting.size;
  }

  request(body: Request): Promise<Reply> {
    if (this.closed) return Promise.reject(new Error(`the ${this.name} is closed`));
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.started().postMessage({ ...body, id });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.worker;
    if (!worker) return; // never started, or stopped: nothing to finish
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    await exited;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const entry = workerEntry(this.moduleUrl, this.name);
    const worker = new Worker(entry.file, { eval: entry.eval, workerData: this.workerData });
    // Idle, it holds nothing the process must wait for: its replies are awaited by requests.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      waiting.resolve(reply);
    });
    const stopped = (err: unknown): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const failed = [...this.waiting.values()];
      this.waiting.clear();
      for (const w of failed) w.reject(err);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the ${this.name} stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
