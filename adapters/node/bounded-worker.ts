import { Worker } from 'node:worker_threads';
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
