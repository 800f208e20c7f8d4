import { parentPort, threadId } from 'node:worker_threads';
import { servePooledJobs } from '../../adapters/node/bounded-worker.js';

/** A worker for the BoundedWorkerPool tests: tells its thread, spins past a time bound, or grows past its heap. */
export type ProbeJob = { op: 'id'; bytes?: Uint8Array } | { op: 'spin' } | { op: 'grow' };

const hold: unknown[] = [];

servePooledJobs<ProbeJob, { threadId: number; received: number }>(parentPort, async (job) => {
  if (job.op === 'spin') for (;;);
  if (job.op === 'grow') for (;;) hold.push(new Array(1_000_000).fill(hold.length));
  return { reply: { threadId, received: job.bytes?.byteLength ?? 0 } };
});
