import { expect, it } from 'vitest';
import type { StoredSyncRun } from '../../core/knowledge/knowledge.model.js';
import type { SyncLease, SyncRunStore } from '../../core/knowledge/ports.js';
import { MemorySyncRunStore } from '../../adapters/memory/memory-knowledge.store.js';
import { KNOWLEDGE } from '../../runtimes/shared/composition/knowledge.tokens.js';
import { boundPort, contractSuite, type Adapter } from '../support/contract-suite.js';

const ADAPTERS: Adapter<SyncRunStore>[] = [
  { name: 'memory', make: async () => new MemorySyncRunStore() },
  ...boundPort<SyncRunStore>(KNOWLEDGE.SyncRunStore, { tenants: ['t1', 't2'] }),
];

/** An instant `s` seconds after 2026-01-01T00:00:00Z. */
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
const run = (tenant: string, id: string, requestedAt = 0): StoredSyncRun => ({
  tenant_id: tenant,
  sync_id: id,
  status: 'queued',
  requested_at: at(requestedAt),
  started_at: null,
  finished_at: null,
  documents_indexed: 0,
  documents_failed: 0,
  chunks: 0,
});
/** `owner`'s lease taken at second `now`, for 60 s. */
const lease = (owner: string, now: number, seconds = 60): SyncLease => ({ owner, now: at(now), until: at(now + seconds) });

contractSuite('sync run store contract', ADAPTERS, (adapter) => {
  it('one active run per tenant; find is per tenant; a finished run lets the next one open', async () => {
    const runs = await adapter.make();
    const first = await runs.openOrGetActive(run('t1', 'sync_1'));
    expect(first).toEqual({ created: true, run: run('t1', 'sync_1') });
    expect(await runs.openOrGetActive(run('t1', 'sync_2'))).toMatchObject({ created: false, run: { sync_id: 'sync_1' } });
    expect((await runs.openOrGetActive(run('t2', 'sync_3'))).created).toBe(true);
    expect(await runs.find('t2', 'sync_1')).toBeNull();
    expect(await runs.find('t1', 'sync_2')).toBeNull();

    const claimed = await runs.claim('t1', 'sync_1', lease('A', 10));
    expect(claimed).toMatchObject({ status: 'running', started_at: at(10) });
    // Still active while running.
    expect(await runs.openOrGetActive(run('t1', 'sync_4'))).toMatchObject({ created: false, run: { sync_id: 'sync_1', status: 'running' } });
    expect(await runs.update({ ...claimed!, status: 'succeeded', finished_at: at(20), documents_indexed: 2, chunks: 7 }, lease('A', 20))).toBe(true);
    expect(await runs.find('t1', 'sync_1')).toEqual({ ...run('t1', 'sync_1'), status: 'succeeded', started_at: at(10), finished_at: at(20), documents_indexed: 2, chunks: 7 });
    expect((await runs.openOrGetActive(run('t1', 'sync_4'))).created).toBe(true);
  });

  it('a taken sync_id is a CONFLICT (with no active run to return) and changes nothing', async () => {
    const runs = await adapter.make();
    const first = await runs.openOrGetActive(run('t1', 'sync_1'));
    const claimed = await runs.claim('t1', 'sync_1', lease('A', 10));
    await runs.update({ ...claimed!, status: 'failed', finished_at: at(20) }, lease('A', 20));
    const finished = await runs.find('t1', 'sync_1');
    await expect(runs.openOrGetActive(run('t1', 'sync_1', 30))).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(runs.openOrGetActive(run('t2', 'sync_1', 30))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(first.created).toBe(true);
    expect(await runs.find('t1', 'sync_1')).toEqual(finished);
    expect(await runs.find('t2', 'sync_1')).toBeNull();
  });

  it('concurrent opens for one tenant create exactly one run; every caller gets it', async () => {
    const runs = await adapter.make();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => runs.openOrGetActive(run('t1', `sync_c${i}`))));
    const created = results.filter((r) => r.created);
    expect(created).toHaveLength(1);
    const winner = created[0]!.run.sync_id;
    for (const r of results) expect(r.run.sync_id).toBe(winner);
    expect(await runs.claimable(at(0), 100)).toEqual([{ tenant_id: 't1', sync_id: winner }]);
  });

  it('a claim is exclusive: of two owners claiming at once, one wins; a wrong tenant or unknown run is null', async () => {
    const runs = await adapter.make();
    await runs.openOrGetActive(run('t1', 'sync_1'));
    expect(await runs.claim('t2', 'sync_1', lease('A', 1))).toBeNull();
    expect(await runs.claim('t1', 'sync_nope', lease('A', 1))).toBeNull();
    const [a, b] = await Promise.all([runs.claim('t1', 'sync_1', lease('A', 1)), runs.claim('t1', 'sync_1', lease('B', 1))]);
    expect([a, b].filter((r) => r !== null)).toHaveLength(1);
    const [winner, loser] = a ? ['A', 'B'] : ['B', 'A'];
    const held = (a ?? b)!;
    expect(held).toMatchObject({ status: 'running', started_at: at(1) });
    // The loser can neither write nor claim while the lease lives (not even the same owner re-claims).
    expect(await runs.update({ ...held, documents_indexed: 5 }, lease(loser, 2))).toBe(false);
    expect(await runs.claim('t1', 'sync_1', lease(loser, 30))).toBeNull();
    expect(await runs.claim('t1', 'sync_1', lease(winner, 30))).toBeNull();
    expect(await runs.update({ ...held, documents_indexed: 1 }, lease(winner, 2))).toBe(true);
    expect(await runs.find('t1', 'sync_1')).toMatchObject({ status: 'running', documents_indexed: 1 });
  });

  it('an update renews the lease; once it expired another owner takes the run over and the old owner is fenced off', async () => {
    const runs = await adapter.make();
    await runs.openOrGetActive(run('t1', 'sync_1'));
    const held = (await runs.claim('t1', 'sync_1', lease('A', 0)))!;
    // Renewed at 50 s until 110 s: not claimable at 100 s although the first lease ended at 60 s.
    expect(await runs.update({ ...held, documents_indexed: 1, chunks: 3 }, lease('A', 50))).toBe(true);
    expect(await runs.claim('t1', 'sync_1', lease('B', 100))).toBeNull();
    expect(await runs.claimable(at(100), 10)).toEqual([]);
    // Expired at 110 s: B takes over at 111 s, with A's progress and the first start.
    expect(await runs.claimable(at(111), 10)).toEqual([{ tenant_id: 't1', sync_id: 'sync_1' }]);
    const taken = await runs.claim('t1', 'sync_1', lease('B', 111));
    expect(taken).toMatchObject({ status: 'running', started_at: at(0), documents_indexed: 1, chunks: 3 });
    expect(await runs.update({ ...held, status: 'failed', finished_at: at(112) }, lease('A', 112))).toBe(false);
    expect(await runs.find('t1', 'sync_1')).toMatchObject({ status: 'running', documents_indexed: 1 });
    expect(await runs.update({ ...taken!, status: 'succeeded', finished_at: at(113), documents_indexed: 2 }, lease('B', 113))).toBe(true);
    expect(await runs.find('t1', 'sync_1')).toMatchObject({ status: 'succeeded', finished_at: at(113), documents_indexed: 2, started_at: at(0) });
  });

  it('renew extends only the owner\'s lease of a running run, and changes nothing else', async () => {
    const runs = await adapter.make();
    await runs.openOrGetActive(run('t1', 'sync_1'));
    expect(await runs.renew('t1', 'sync_1', lease('A', 0))).toBe(false); // queued: nobody holds it
    const held = (await runs.claim('t1', 'sync_1', lease('A', 0)))!;
    expect(await runs.renew('t1', 'sync_1', lease('A', 50))).toBe(true);
    expect(await runs.claimable(at(100), 10)).toEqual([]); // held until 110 s
    expect(await runs.renew('t1', 'sync_1', lease('B', 50))).toBe(false);
    expect(await runs.renew('t2', 'sync_1', lease('A', 50))).toBe(false);
    expect(await runs.find('t1', 'sync_1')).toEqual(held);
    await runs.update({ ...held, status: 'succeeded', finished_at: at(60) }, lease('A', 60));
    expect(await runs.renew('t1', 'sync_1', lease('A', 70))).toBe(false);
    expect(await runs.claimable(at(500), 10)).toEqual([]);
  });

  it('claimable lists queued runs and expired leases, oldest requested first, up to the limit; not live leases nor finished runs', async () => {
    const runs = await adapter.make();
    await runs.openOrGetActive(run('t1', 'sync_old', 1));
    await runs.openOrGetActive(run('t2', 'sync_new', 5));
    expect(await runs.claimable(at(10), 10)).toEqual([
      { tenant_id: 't1', sync_id: 'sync_old' },
      { tenant_id: 't2', sync_id: 'sync_new' },
    ]);
    expect(await runs.claimable(at(10), 1)).toEqual([{ tenant_id: 't1', sync_id: 'sync_old' }]);
    await runs.claim('t1', 'sync_old', lease('A', 10));
    expect(await runs.claimable(at(20), 10)).toEqual([{ tenant_id: 't2', sync_id: 'sync_new' }]);
    expect(await runs.claimable(at(71), 10)).toEqual([
      { tenant_id: 't1', sync_id: 'sync_old' },
      { tenant_id: 't2', sync_id: 'sync_new' },
    ]);
    const held = (await runs.claim('t2', 'sync_new', lease('B', 20)))!;
    await runs.update({ ...held, status: 'succeeded', finished_at: at(21) }, lease('B', 21));
    expect(await runs.claimable(at(1000), 10)).toEqual([{ tenant_id: 't1', sync_id: 'sync_old' }]);
  });

  it('a finished run is never claimable nor writable again', async () => {
    const runs = await adapter.make();
    await runs.openOrGetActive(run('t1', 'sync_1'));
    const held = (await runs.claim('t1', 'sync_1', lease('A', 0)))!;
    expect(await runs.update({ ...held, status: 'failed', finished_at: at(1) }, lease('A', 1))).toBe(true);
    expect(await runs.claimable(at(100_000), 10)).toEqual([]);
    expect(await runs.claim('t1', 'sync_1', lease('B', 100_000))).toBeNull();
    expect(await runs.claim('t1', 'sync_1', lease('A', 100_000))).toBeNull();
    expect(await runs.update({ ...held, status: 'succeeded', finished_at: at(2) }, lease('A', 2))).toBe(false);
    expect(await runs.find('t1', 'sync_1')).toMatchObject({ status: 'failed', finished_at: at(1) });
  });
});
