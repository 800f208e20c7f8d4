import { type MessagePort, Worker } from 'node:worker_threads';
import { workerEntry } from './worker-entry.js';

/** How a bounded worker ended without a reply: out of its time, or out of its heap. */
export class WorkerBoundExceeded extends Error {
  constructor(readonly bound: 'time' | 'memory') {
    super(bound === 'time' ? 'the worker ran past its time' : 'the worker ran out of its heap');
  }
}

/**
 * Runs the worker module `name` beside `moduleUrl` on `workerData` and resolves with its first
 * message, bounded in wall-clock time and heap: past either it rejects with WorkerBoundExceeded
 * (and the thread is terminated); a worker that fails or exits without replying rejects with an
 * Error naming `what`. The thread is terminated once it has replied.
 */
export function runBoundedWorker<R>(moduleUrl: string, name: string, workerData: unknown, bounds: { timeoutMs: number; maxHeapMb: number; youngHeapMb: number }, what: string): Promise<R> {
  const entry = workerEntry(moduleUrl, name);
  const worker = new Worker(entry.file, {
    eval: entry.eval,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: bounds.maxHeapMb, maxYoungGenerationSizeMb: bounds.youngHeapMb },
  });
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerBoundExceeded('time'))), bounds.timeoutMs);
    worker.on('message', (reply: R) => settle(() => resolve(reply)));
    worker.on('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerBoundExceeded('memory') : new Error(`${what} failed: ${err.message}`))),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`${what} stopped (exit code ${code})`))));
  });
}

export interface WorkerPoolOptions {
  /** Threads at most; a job finding them all busy waits for the first free. */
  size: number;
  /** Heap of each thread (V8 old and young generations), MB: past it the thread dies and its job fails. */
  maxHeapMb: number;
  youngHeapMb: number;
  /** A thread idle this long ends (its heap given back); the next job starts a new one. */
  idleMs: number;
  /** Names the work in an error message ("the catalogue worker"). */
  what: string;
}

/** A message to a pooled worker, and its answer: `reply` and the buffers it moves (transferred, not copied). */
export interface PooledJob<J> {
  job: J;
  transfer?: readonly ArrayBuffer[];
}

interface PooledThread {
  worker: Worker;
  idle: ReturnType<typeof setTimeout> | null;
  /** The job in progress: settled by its reply, a bound, the thread's error or its exit. */
  current: { settle: (outcome: { reply: unknown } | { error: Error }) => void } | null;
}

interface Waiting {
  job: PooledJob<unknown>;
  timeoutMs: number;
  resolve: (reply: unknown) => void;
  reject: (err: Error) => void;
}

/**
 * Warm worker threads for short untrusted jobs (ADR 0049): the module `name` beside `moduleUrl`
 * answers each message it gets with one message (`servePooledJobs`). Each job runs alone on its
 * thread, bounded like `runBoundedWorker`: past `timeoutMs` (counted from when a thread takes it,
 * the thread's start included) the thread is terminated and the job rejects with
 * WorkerBoundExceeded('time'); a thread out of its heap ends with WorkerBoundExceeded('memory').
 * A thread is kept for the next job (no start-up and module load per job: about 280 ms of CPU
 * for the catalogue worker) and ends after `idleMs` idle; an idle thread never keeps the process alive.
 */
export class BoundedWorkerPool<J, R> {
  private readonly threads = new Set<PooledThread>();
  private readonly free: PooledThread[] = [];
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly moduleUrl: string,
    private readonly name: string,
    private readonly options: WorkerPoolOptions,
  ) {}

  run(job: J, timeoutMs: number, transfer?: readonly ArrayBuffer[]): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ job: { job, transfer }, timeoutMs, resolve: resolve as (reply: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Ends every thread (a job in progress rejects). */
  async close(): Promise<void> {
    for (const w of this.waiting.splice(0)) w.reject(new Error(`${this.options.what} was closed`));
    await Promise.all([...this.threads].map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const thread = this.free.pop() ?? (this.threads.size < this.options.size ? this.start() : undefined);
      if (thread === undefined) return;
      this.give(thread, this.waiting.shift()!);
    }
  }

  private start(): PooledThread {
    const entry = workerEntry(this.moduleUrl, this.name);
    const worker = new Worker(entry.file, {
      eval: entry.eval,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb, maxYoungGenerationSizeMb: this.options.youngHeapMb },
    });
    const thread: PooledThread = { worker, idle: null, current: null };
    this.threads.add(thread);
    worker.on('message', (reply: unknown) => thread.current?.settle({ reply }));
    worker.on('error', (err: Error & { code?: string }) => {
      this.drop(thread);
      thread.current?.settle({ error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerBoundExceeded('memory') : new Error(`${this.options.what} failed: ${err.message}`) });
    });
    worker.on('exit', (code) => {
      this.drop(thread);
      thread.current?.settle({ error: new Error(`${this.options.what} stopped (exit code ${code})`) });
    });
    return thread;
  }

  private give(thread: PooledThread, next: Waiting): void {
    if (thread.idle !== null) clearTimeout(thread.idle);
    thread.idle = null;
    thread.worker.ref();
    const timer = setTimeout(() => {
      this.drop(thread);
      void thread.worker.terminate();
      thread.current?.settle({ error: new WorkerBoundExceeded('time') });
    }, next.timeoutMs);
    thread.current = {
      settle: (outcome) => {
        clearTimeout(timer);
        thread.current = null;
        if ('reply' in outcome) next.resolve(outcome.reply);
        else next.reject(outcome.error);
        if (this.threads.has(thread)) this.rest(thread);
        this.dispatch();
      },
    };
    try {
      thread.worker.postMessage(next.job.job, [...(next.job.transfer ?? [])]);
    } catch (err) {
      // A job that cannot be sent (a buffer already moved elsewhere): its own failure; the thread is free.
      thread.current.settle({ error: err as Error });
    }
  }

  /** A thread back in the pool: it holds the process no longer, and ends once idle for `idleMs`. */
  private rest(thread: PooledThread): void {
    thread.worker.unref();
    thread.idle = setTimeout(() => {
      this.drop(thread);
      void thread.worker.terminate();
    }, this.options.idleMs);
    thread.idle.unref();
    this.free.push(thread);
  }

  /** The thread leaves the pool (terminated, failed or ended): a new one is started when needed. */
  private drop(thread: PooledThread): void {
    if (thread.idle !== null) clearTimeout(thread.idle);
    thread.idle = null;
    this.threads.delete(thread);
    const at = this.free.indexOf(thread);
    if (at >= 0) this.free.splice(at, 1);
  }
}

/**
 * The worker side of a BoundedWorkerPool: answers each message with `handle`'s reply, moving
 * the buffers it names (`transfer`) instead of copying them.
 */
export function servePooledJobs<J, R>(port: MessagePort | null, handle: (job: J) => Promise<{ reply: R; transfer?: ArrayBuffer[] }>): void {
  port?.on('message', (job: J) => {
    void handle(job).then(({ reply, transfer }) => port.postMessage(reply, transfer ?? []));
  });
}
