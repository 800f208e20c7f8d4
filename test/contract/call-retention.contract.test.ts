import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { compareCalls, type CallRecord, toSummary } from '../../core/calls/call.model.js';
import type { CallRepository } from '../../core/calls/ports.js';
import { parseSearchQuery } from '../../core/shared/search-query.js';
import { MemoryCallRepository } from '../../adapters/memory/memory-call.repository.js';
import { CALLS } from '../../runtimes/shared/composition/calls.tokens.js';
import { aCall } from '../fixtures/call-mother.js';
import { contractSuite, overDatabases, type Adapter } from '../support/contract-suite.js';

/**
 * Issue 14: what CallRetention leans on, over every adapter: CallRepository.tenantsWithCallsBefore
 * and purgeStartedBefore (bounded, search entries included, safe to run concurrently). The use
 * case's own rules (each tenant's retention, the default, the clock) are in test/unit/calls/call-retention.test.ts.
 */
interface Ports {
  calls: CallRepository;
  indexEntries: (() => Promise<number>) | null;
}

const TENANTS = ['acme', 'globex', 'initech'];
const ADAPTERS: Adapter<Ports>[] = [
  { name: 'memory', make: async () => ({ calls: new MemoryCallRepository(), indexEntries: null }) },
  ...overDatabases(({ name, database, resolve }) => {
    // What the dialect's search index still holds for calls (FTS5 rows and keys; vectors).
    const indexEntries =
      name === 'sqlite'
        ? async () => {
            const { rows } = await sql<{ n: number }>`SELECT (SELECT count(*) FROM calls_fts) + (SELECT count(*) FROM calls_search_keys) AS n`.execute(database.db);
            return Number(rows[0].n) / 2;
          }
        : async () => {
            const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM calls WHERE search IS NOT NULL`.execute(database.db);
            return Number(rows[0].n);
          };
    return { ...resolve<Omit<Ports, 'indexEntries'>>({ calls: CALLS.CallRepository }), indexEntries };
  }, { tenants: TENANTS }),
];

const NOW = Date.parse('2027-01-01T00:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

contractSuite('call retention contract (CallRepository purge)', ADAPTERS, (adapter) => {
  let calls: CallRepository;
  let indexEntries: (() => Promise<number>) | null;
  let stored: CallRecord[];
  const cutoff = at(NOW - 30 * DAY);
  beforeEach(async () => {
    ({ calls, indexEntries } = await adapter.make());
    stored = [
      ...[40, 35, 31, 30.5].map((d) => aCall({ tenant_id: 'acme', started_at: at(NOW - d * DAY), summary: 'purged heliotrope' })),
      aCall({ tenant_id: 'acme', started_at: at(NOW - 30 * DAY - 1), summary: 'purged heliotrope' }),
      aCall({ tenant_id: 'acme', started_at: cutoff, summary: 'kept heliotrope' }),
      aCall({ tenant_id: 'acme', started_at: at(NOW - DAY), summary: 'kept heliotrope' }),
      aCall({ tenant_id: 'globex', started_at: at(NOW - 400 * DAY), summary: 'kept heliotrope' }),
      aCall({ tenant_id: 'initech', started_at: at(NOW - DAY), summary: 'kept heliotrope' }),
    ];
    await calls.insertMany(stored);
  });

  const expectedOf = (tenant: string, keep: (c: CallRecord) => boolean) => stored.filter((c) => c.tenant_id === tenant && keep(c)).sort(compareCalls).map(toSummary);
  const listed = async (tenant: string, q?: string) => calls.list(tenant, { terms: q ? parseSearchQuery(q) : [] }, null, 100);

  it('names the tenants having a call started before an instant', async () => {
    expect((await calls.tenantsWithCallsBefore(cutoff)).sort()).toEqual(['acme', 'globex']);
    expect(await calls.tenantsWithCallsBefore(at(NOW - 500 * DAY))).toEqual([]);
  });

  it("deletes at most `limit` of one tenant's calls started strictly before the instant, search entries included", async () => {
    expect(await calls.purgeStartedBefore('acme', cutoff, 2)).toBe(2);
    expect(await calls.purgeStartedBefore('acme', cutoff, 2)).toBe(2);
    expect(await calls.purgeStartedBefore('acme', cutoff, 2)).toBe(1);
    expect(await calls.purgeStartedBefore('acme', cutoff, 2)).toBe(0);
    const kept = (c: CallRecord) => c.tenant_id !== 'acme' || c.summary === 'kept heliotrope';
    for (const tenant of ['acme', 'globex', 'initech']) {
      const expected = expectedOf(tenant, kept);
      expect(await listed(tenant), tenant).toEqual(expected);
      expect(await listed(tenant, 'heliotrope'), `${tenant} search`).toEqual(expected);
      expect(await listed(tenant, 'purged'), `${tenant} search`).toEqual([]);
    }
    for (const c of stored) expect((await calls.find(c.tenant_id, c.call_id)) !== null, c.started_at).toBe(kept(c));
    if (indexEntries) expect(await indexEntries()).toBe(stored.filter(kept).length);
  });

  it('two purges at once delete each call once', async () => {
    const drain = async () => {
      let n = 0;
      for (let k = 1; k > 0; n += k) k = await calls.purgeStartedBefore('acme', cutoff, 1);
      return n;
    };
    const [a, b] = await Promise.all([drain(), drain()]);
    expect(a + b).toBe(5);
    expect((await listed('acme')).length).toBe(2);
  });
});
