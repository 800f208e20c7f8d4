import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KnowledgeContentType, KnowledgeDocument, StoredSyncRun } from '../../../core/knowledge/knowledge.model.js';
import type { TextExtractor } from '../../../core/knowledge/ports.js';
import { KnowledgeSync } from '../../../core/knowledge/use-cases/knowledge-sync.js';
import { MemoryKnowledgeStore, MemorySyncRunStore } from '../../../adapters/memory/memory-knowledge.store.js';
import { InProcessSyncWorker } from '../../../adapters/node/in-process-sync-worker.js';
import { PrometheusMetrics } from '../../../adapters/node/prometheus-metrics.js';
import { metricValue } from '../../support/metric-values.js';

const T0 = Date.UTC(2026, 0, 1);
const LEASE_MS = 60_000;
const TENANT = 't1';

/** A clock the test moves by hand. */
class FakeClock {
  ms = T0;
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

/** Counts `markIndexed` per item: every document must be indexed once, whoever runs it. */
class CountingStore extends MemoryKnowledgeStore {
  readonly indexed = new Map<string, number>();
  override async markIndexed(...args: Parameters<MemoryKnowledgeStore['markIndexed']>) {
    this.indexed.set(args[1], (this.indexed.get(args[1]) ?? 0) + 1);
    return super.markIndexed(...args);
  }
}

const decode: TextExtractor = { extract: async (_t: KnowledgeContentType, c: Uint8Array) => new TextDecoder().decode(c) };

/**
 * An extractor that stops at `item`'s content (a runner whose process froze or died there)
 * until `release` is called; `reached` resolves when it gets there.
 */
function stallAt(content: string) {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const arrived = new Promise<void>((r) => (reached = r));
  const extractor: TextExtractor = {
    async extract(type, bytes) {
      const text = await decode.extract(type, bytes);
      if (text === content) {
        reached();
        await gate;
      }
      return text;
    },
  };
  return { extractor, release, reached: arrived };
}

let n = 0;
const doc = (text: string): KnowledgeDocument => {
  n++;
  return {
    tenant_id: TENANT,
    item_id: `kb_${n.toString(16).padStart(32, '0')}`,
    title: `Doc ${n}`,
    content_type: 'text/plain',
    size_bytes: text.length,
    sha256: 'a'.repeat(64),
    status: 'pending',
    error: null,
    created_at: new Date(T0 + n).toISOString(),
    indexed_at: null,
    content: new TextEncoder().encode(text),
  };
};

async function setup(texts: string[]) {
  const clock = new FakeClock();
  const store = new CountingStore();
  const runs = new MemorySyncRunStore();
  const docs = texts.map(doc);
  for (const d of docs) await store.insert(d);
  const open = async (digit: string) => {
    const queued: StoredSyncRun = {
      tenant_id: TENANT,
      sync_id: `sync_${digit.repeat(32)}`,
      status: 'queued',
      requested_at: clock.now().toISOString(),
      started_at: null,
      finished_at: null,
      documents_indexed: 0,
      documents_failed: 0,
      chunks: 0,
    };
    expect((await runs.openOrGetActive(queued)).created).toBe(true);
    return queued.sync_id;
  };
  const metrics = new PrometheusMetrics();
  const runner = (owner: string, extractor: TextExtractor = decode) => new KnowledgeSync(store, runs, extractor, clock, { owner, leaseMs: LEASE_MS }, undefined, metrics);
  return { clock, store, runs, docs, syncId: await open('1'), open, runner, metrics };
}

const TEXTS = ['Alpha is about apples.', 'Beta is about bananas.', 'Gamma is about grapes.', 'Delta is about dates.'];

describe('KnowledgeSync under a lease', () => {
  it('runs a queued run once: a second run of it, by any owner, is a no-op', async () => {
    const { store, runs, syncId, runner, clock } = await setup(TEXTS);
    expect(await runner('A').run(TENANT, syncId)).toBe('succeeded');
    const done = await runs.find(TENANT, syncId);
    expect(done).toMatchObject({ status: 'succeeded', documents_indexed: 4, documents_failed: 0, started_at: clock.now().toISOString() });
    clock.advance(10 * LEASE_MS);
    expect(await runner('B').run(TENANT, syncId)).toBe('skipped');
    await runner('A').run(TENANT, syncId);
    expect(await runs.find(TENANT, syncId)).toEqual(done);
    expect([...store.indexed.values()]).toEqual([1, 1, 1, 1]);
  });

  it('leaves a run held under a live lease alone', async () => {
    const { store, runs, syncId, runner, clock } = await setup(TEXTS);
    await runs.claim(TENANT, syncId, { owner: 'A', now: clock.now().toISOString(), until: new Date(clock.ms + LEASE_MS).toISOString() });
    clock.advance(LEASE_MS - 1);
    await runner('B').run(TENANT, syncId);
    expect(await runs.find(TENANT, syncId)).toMatchObject({ status: 'running', documents_indexed: 0 });
    expect(store.indexed.size).toBe(0);
  });

  it('a run whose owner stopped mid-way is finished by another owner once the lease expired, each document indexed once', async () => {
    const { store, runs, docs, syncId, runner, clock, metrics } = await setup(TEXTS);
    const stall = stallAt(TEXTS[2]!);
    // A indexes two documents, then its process freezes on the third (as good as dead).
    const a = runner('A', stall.extractor).run(TENANT, syncId);
    await stall.reached;
    expect(await runs.find(TENANT, syncId)).toMatchObject({ status: 'running', documents_indexed: 2 });
    const startedAt = (await runs.find(TENANT, syncId))!.started_at;

    clock.advance(LEASE_MS + 1);
    expect(await runner('B').claimable(10)).toEqual([{ tenant_id: TENANT, sync_id: syncId }]);
    expect(await runner('B').run(TENANT, syncId)).toBe('succeeded');
    const finished = await runs.find(TENANT, syncId);
    expect(finished).toMatchObject({ status: 'succeeded', documents_indexed: 4, documents_failed: 0, started_at: startedAt });
    expect(finished!.chunks).toBe(4);
    for (const d of docs) expect((await store.find(TENANT, d.item_id))?.status).toBe('indexed');

    // A wakes up: its lease is gone, so it neither indexes nor writes the run.
    stall.release();
    expect(await a).toBe('lost');
    expect(await runs.find(TENANT, syncId)).toEqual(finished);
    for (const outcome of ['succeeded', 'lost']) {
      expect(await metricValue(metrics.registry, 'knowledge_sync_duration_seconds', { outcome }, 'knowledge_sync_duration_seconds_count')).toBe(1);
    }
    expect(docs.map((d) => store.indexed.get(d.item_id))).toEqual([1, 1, 1, 1]);
    expect(await runner('C').claimable(10)).toEqual([]);
  });

  it('a runner whose lease was lost stops without writing, even when nobody has finished the run yet', async () => {
    const { store, runs, docs, syncId, runner, clock } = await setup(TEXTS);
    const stall = stallAt(TEXTS[1]!);
    const a = runner('A', stall.extractor).run(TENANT, syncId);
    await stall.reached;
    clock.advance(LEASE_MS + 1);
    // Another process claims the run (and has not written since).
    const taken = await runs.claim(TENANT, syncId, { owner: 'B', now: clock.now().toISOString(), until: new Date(clock.ms + LEASE_MS).toISOString() });
    expect(taken).toMatchObject({ status: 'running', documents_indexed: 1 });

    stall.release();
    await a;
    expect(await runs.find(TENANT, syncId)).toEqual(taken);
    expect(docs.map((d) => store.indexed.get(d.item_id) ?? 0)).toEqual([1, 0, 0, 0]);
    expect((await store.find(TENANT, docs[1]!.item_id))?.status).toBe('pending');
  });

  it('a failed document counts as failed once; the run still succeeds', async () => {
    const { runs, syncId, runner } = await setup(['Readable text.', '   ']);
    await runner('A').run(TENANT, syncId);
    expect(await runs.find(TENANT, syncId)).toMatchObject({ status: 'succeeded', documents_indexed: 1, documents_failed: 1 });
  });

  it('reports each extraction and each claimed run with its duration and outcome; a skipped run is not a run', async () => {
    const { syncId, runner, clock, metrics } = await setup(['Readable text.', '   ', 'Slow text.']);
    const slow: TextExtractor = {
      async extract(type, bytes) {
        const text = await decode.extract(type, bytes);
        clock.advance(text === 'Slow text.' ? 2_500 : 100);
        return text;
      },
    };
    expect(await runner('A', slow).run(TENANT, syncId)).toBe('succeeded');
    expect(await runner('B').run(TENANT, syncId)).toBe('skipped');
    const value = (name: string, labels: Record<string, string>, sample: string) => metricValue(metrics.registry, name, labels, sample);
    const extraction = 'knowledge_text_extraction_duration_seconds';
    expect(await value(extraction, { content_type: 'text/plain', outcome: 'succeeded' }, `${extraction}_count`)).toBe(2);
    expect(await value(extraction, { content_type: 'text/plain', outcome: 'succeeded' }, `${extraction}_sum`)).toBeCloseTo(2.6);
    expect(await value(extraction, { content_type: 'text/plain', outcome: 'failed' }, `${extraction}_count`)).toBe(1);
    expect(await value('knowledge_sync_duration_seconds', { outcome: 'succeeded' }, 'knowledge_sync_duration_seconds_count')).toBe(1);
    expect(await value('knowledge_sync_duration_seconds', { outcome: 'succeeded' }, 'knowledge_sync_duration_seconds_sum')).toBeCloseTo(2.7);
    expect(await value('knowledge_sync_duration_seconds', { outcome: 'lost' }, 'knowledge_sync_duration_seconds_count')).toBe(0);
  });
});

describe('InProcessSyncWorker polling', () => {
  // The worker's poll and heartbeat timers run on a clock the tests move (setImmediate, which
  // hands a scheduled run to the event loop, stays real).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets `ms` of poll time pass, then waits for what the polls found to finish. */
  const pass = async (worker: InProcessSyncWorker, ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    await worker.idle();
  };

  it('runs claimable runs it was never asked for, and stops polling on stop()', async () => {
    const { runs, syncId, open, runner } = await setup(TEXTS);
    let looks = 0;
    const sync = runner('A');
    const counting = { run: sync.run.bind(sync), heartbeat: sync.heartbeat.bind(sync), claimable: (limit: number) => (looks++, sync.claimable(limit)) };
    const worker = new InProcessSyncWorker(counting, { pollMs: 5 });
    worker.start();
    await worker.idle();
    expect(await runs.find(TENANT, syncId)).toMatchObject({ status: 'succeeded', documents_indexed: 4 });
    await pass(worker, 50);
    expect(looks).toBeGreaterThanOrEqual(10);
    worker.stop();
    await worker.idle();

    // Stopped: a new queued run stays queued however many poll intervals pass.
    const stoppedAt = looks;
    const next = await open('2');
    await pass(worker, 100);
    expect(looks).toBe(stoppedAt);
    expect(await runs.find(TENANT, next)).toMatchObject({ status: 'queued' });
  });

  it('two instances polling one store execute each run once; asking twice queues it once', async () => {
    const { store, runs, docs, syncId, runner } = await setup(TEXTS);
    const calls: string[] = [];
    const counted = (owner: string) => {
      const sync = runner(owner);
      return {
        claimable: (limit: number) => sync.claimable(limit),
        heartbeat: (t: string, s: string) => sync.heartbeat(t, s),
        run: (t: string, s: string) => (calls.push(owner), sync.run(t, s)),
      };
    };
    const a = new InProcessSyncWorker(counted('A'), { pollMs: 1 });
    const b = new InProcessSyncWorker(counted('B'), { pollMs: 1 });
    a.schedule(TENANT, syncId);
    a.schedule(TENANT, syncId);
    a.start();
    b.start();
    for (let i = 0; i < 5; i++) await Promise.all([pass(a, 1), pass(b, 1)]);
    a.stop();
    b.stop();
    await Promise.all([a.idle(), b.idle()]);
    expect(await runs.find(TENANT, syncId)).toMatchObject({ status: 'succeeded', documents_indexed: 4 });
    expect(docs.map((d) => store.indexed.get(d.item_id))).toEqual([1, 1, 1, 1]);
    // A was asked twice and ran it once; B's poll may have found it queued first (then A's run was a no-op).
    expect(calls.filter((o) => o === 'A')).toHaveLength(1);
  });

  it('renews the lease while a document takes longer than the lease to extract, so nobody takes the run over', async () => {
    const { store, runs, docs, syncId, runner, clock } = await setup(TEXTS);
    const stall = stallAt(TEXTS[1]!);
    const sync = runner('A', stall.extractor);
    const beats: Promise<boolean>[] = [];
    const beating = { run: sync.run.bind(sync), claimable: sync.claimable.bind(sync), heartbeat: (t: string, s: string) => beats[beats.push(sync.heartbeat(t, s)) - 1]! };
    const worker = new InProcessSyncWorker(beating, { pollMs: 60_000, heartbeatMs: 2 });
    worker.schedule(TENANT, syncId);
    await stall.reached;
    // Three lease lengths pass during one extraction; the heartbeats keep the lease ahead.
    for (let i = 0; i < 6; i++) {
      clock.advance(LEASE_MS / 2);
      await vi.advanceTimersByTimeAsync(2);
      expect(beats).toHaveLength(i + 1);
      expect(await beats[i]).toBe(true);
      expect(await runner('B').claimable(10)).toEqual([]);
    }
    await runner('B').run(TENANT, syncId);
    stall.release();
    await worker.idle();
    expect(await runs.find(TENANT, syncId)).toMatchObject({ status: 'succeeded', documents_indexed: 4 });
    expect(docs.map((d) => store.indexed.get(d.item_id))).toEqual([1, 1, 1, 1]);
    // Finished: a heartbeat no longer holds anything.
    expect(await runner('A').heartbeat(TENANT, syncId)).toBe(false);
  });

  it('reports a failed poll and keeps polling', async () => {
    const errors: unknown[] = [];
    let looks = 0;
    const worker = new InProcessSyncWorker(
      {
        run: async () => 'skipped',
        heartbeat: async () => true,
        claimable: async () => {
          looks++;
          throw new Error('database down');
        },
      },
      { pollMs: 1, onError: (err, syncId) => errors.push([err, syncId]) },
    );
    worker.start();
    await pass(worker, 2);
    worker.stop();
    await worker.idle();
    expect(looks).toBe(3);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toEqual([new Error('database down'), null]);
  });
});
