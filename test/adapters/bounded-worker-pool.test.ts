import { afterEach, describe, expect, it } from 'vitest';
import { BoundedWorkerPool, WorkerBoundExceeded } from '../../adapters/node/bounded-worker.js';
import type { ProbeJob } from '../support/probe-pool.worker.js';

/** The warm worker threads of the catalogue files (ADR 0049): reused, bounded per job, never left hanging. */

/** A module URL in test/support, beside which the pool finds `probe-pool.worker.ts`. */
const SUPPORT = new URL('../support/probe-pool.worker.ts', import.meta.url).href;
type Reply = { threadId: number; received: number };
const pools: BoundedWorkerPool<ProbeJob, Reply>[] = [];
const poolOf = (size: number, idleMs = 60_000, maxHeapMb = 64) => {
  const pool = new BoundedWorkerPool<ProbeJob, Reply>(SUPPORT, 'probe-pool.worker', {
    size,
    maxHeapMb,
    youngHeapMb: 16,
    idleMs,
    what: 'the probe worker',
  });
  pools.push(pool);
  return pool;
};
const failure = async (run: Promise<unknown>) => run.then(() => new Error('did not fail'), (err: unknown) => err as Error);

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('BoundedWorkerPool', () => {
  it('keeps a thread warm for the next job, runs jobs one at a time per thread, and moves the buffers it is given', async () => {
    const pool = poolOf(1);
    const first = await pool.run({ op: 'id' }, 30_000);
    const [a, b] = await Promise.all([pool.run({ op: 'id' }, 30_000), pool.run({ op: 'id' }, 30_000)]);
    expect([a.threadId, b.threadId]).toEqual([first.threadId, first.threadId]);
    const bytes = new Uint8Array(1000);
    expect((await pool.run({ op: 'id', bytes }, 30_000, [bytes.buffer])).received).toBe(1000);
    expect(bytes.byteLength).toBe(0);
  }, 60_000);

  it('ends a job past its time with WorkerBoundExceeded(time), terminating its thread; the next job gets a new one', async () => {
    const pool = poolOf(1);
    const first = await pool.run({ op: 'id' }, 30_000);
    const spun = await failure(pool.run({ op: 'spin' }, 200));
    expect(spun).toBeInstanceOf(WorkerBoundExceeded);
    expect((spun as WorkerBoundExceeded).bound).toBe('time');
    const next = await pool.run({ op: 'id' }, 30_000);
    expect(next.threadId).not.toBe(first.threadId);
  }, 60_000);

  it('ends a job whose thread runs out of heap with WorkerBoundExceeded(memory); the pool goes on', async () => {
    const pool = poolOf(1, 60_000, 32);
    const grown = await failure(pool.run({ op: 'grow' }, 30_000));
    expect(grown).toBeInstanceOf(WorkerBoundExceeded);
    expect((grown as WorkerBoundExceeded).bound).toBe('memory');
    expect((await pool.run({ op: 'id' }, 30_000)).received).toBe(0);
  }, 60_000);

  it('ends a thread idle past idleMs; a job waiting for a busy pool is served when a thread frees', async () => {
    const pool = poolOf(1, 50);
    const first = await pool.run({ op: 'id' }, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    const later = await pool.run({ op: 'id' }, 30_000);
    expect(later.threadId).not.toBe(first.threadId);
    const [spun, waited] = await Promise.all([failure(pool.run({ op: 'spin' }, 200)), pool.run({ op: 'id' }, 30_000)]);
    expect(spun).toBeInstanceOf(WorkerBoundExceeded);
    expect(waited.threadId).not.toBe(later.threadId);
  }, 60_000);
});
