import { beforeEach, describe, expect, it } from 'vitest';
import { compareCalls, type CallRecord, toSummary } from '../../../core/calls/call.model.js';
import { parseSearchQuery } from '../../../core/shared/search-query.js';
import { CallRetention } from '../../../core/calls/use-cases/call-retention.js';
import { MemoryWorkspaceRepository } from '../../../adapters/memory/memory-workspace.repository.js';
import { MemoryCallRepository } from '../../../adapters/memory/memory-call.repository.js';
import { PrometheusMetrics } from '../../../adapters/node/prometheus-metrics.js';
import { metricValue } from '../../support/metric-values.js';
import { aCall } from '../../fixtures/call-mother.js';

/**
 * Issue 14: workspace `retention_days` is enforced. CallRetention on the memory fakes with a clock
 * the test controls; the port it leans on (CallRepository.purgeStartedBefore: bounded, search
 * entries included, concurrent-safe) is checked over every adapter in test/contract/call-retention.contract.test.ts.
 */
const TENANTS = ['acme', 'globex', 'initech'];

class ControlledClock {
  constructor(public ms: number) {}
  now = () => new Date(this.ms);
}

const NOW = Date.parse('2027-01-01T00:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();
const workspace = (tenant_id: string, retention_days: number) => ({ tenant_id, name: tenant_id, timezone: 'UTC', locale: 'en-US', retention_days });

describe('CallRetention (on the memory fakes)', () => {
  let calls: MemoryCallRepository;
  let workspaces: MemoryWorkspaceRepository;
  let stored: CallRecord[];
  beforeEach(async () => {
    calls = new MemoryCallRepository();
    workspaces = new MemoryWorkspaceRepository();
    await workspaces.save(workspace('acme', 30));
    await workspaces.save(workspace('initech', 3650));
    // globex never saved its workspace: the default retention (365 days) applies.
    const acmeCutoff = NOW - 30 * DAY;
    const globexCutoff = NOW - 365 * DAY;
    stored = [
      ...[40, 35, 31, 30.5].map((d) => aCall({ tenant_id: 'acme', started_at: at(NOW - d * DAY), summary: 'purged heliotrope' })),
      aCall({ tenant_id: 'acme', started_at: at(acmeCutoff - 1), summary: 'purged heliotrope' }),
      aCall({ tenant_id: 'acme', started_at: at(acmeCutoff), summary: 'kept heliotrope' }),
      aCall({ tenant_id: 'acme', started_at: at(NOW - DAY), summary: 'kept heliotrope' }),
      aCall({ tenant_id: 'globex', started_at: at(globexCutoff - 1), summary: 'purged heliotrope' }),
      aCall({ tenant_id: 'globex', started_at: at(globexCutoff + 1), summary: 'kept heliotrope' }),
      aCall({ tenant_id: 'initech', started_at: at(NOW - 3000 * DAY), summary: 'kept heliotrope' }),
    ];
    await calls.insertMany(stored);
  });

  const kept = () => stored.filter((c) => c.summary === 'kept heliotrope');
  const listed = async (tenant: string, q?: string) => calls.list(tenant, { terms: q ? parseSearchQuery(q) : [] }, null, 100);

  it('deletes, in bounded batches, exactly the calls started before each tenant\'s retention, from search too', async () => {
    const metrics = new PrometheusMetrics();
    const retention = new CallRetention(calls, workspaces, new ControlledClock(NOW), { batchSize: 2, maxBatchesPerTenant: 2 }, metrics);
    // A pass deletes at most 2 × 2 calls per tenant; the next pass goes on.
    expect(await retention.purge()).toEqual([
      { tenant_id: 'acme', cutoff: at(NOW - 30 * DAY), deleted: 4 },
      { tenant_id: 'globex', cutoff: at(NOW - 365 * DAY), deleted: 1 },
    ]);
    expect(await retention.purge()).toEqual([{ tenant_id: 'acme', cutoff: at(NOW - 30 * DAY), deleted: 1 }]);
    expect(await retention.purge()).toEqual([]);
    // Every deleted call reported, as the batches deleted them.
    expect(await metricValue(metrics.registry, 'retention_deletions_total', { kind: 'calls' })).toBe(6);
    for (const tenant of TENANTS) {
      const expected = kept().filter((c) => c.tenant_id === tenant).sort(compareCalls).map(toSummary);
      expect(await listed(tenant), tenant).toEqual(expected);
      expect(await listed(tenant, 'heliotrope'), `${tenant} search`).toEqual(expected);
      expect(await listed(tenant, 'purged'), `${tenant} search`).toEqual([]);
    }
    for (const c of stored) expect((await calls.find(c.tenant_id, c.call_id)) !== null, c.started_at).toBe(c.summary === 'kept heliotrope');
  });

  it('follows the clock and a changed retention', async () => {
    const clock = new ControlledClock(NOW - 400 * DAY);
    const retention = new CallRetention(calls, workspaces, clock);
    expect(await retention.purge()).toEqual([]);
    clock.ms = NOW;
    await workspaces.save(workspace('initech', 1));
    const purged = await retention.purge();
    expect(purged.map((p) => [p.tenant_id, p.deleted])).toEqual([
      ['acme', 5],
      ['globex', 1],
      ['initech', 1],
    ]);
  });

  it('two instances purging at once delete each call once', async () => {
    const clock = new ControlledClock(NOW);
    const [a, b] = [new CallRetention(calls, workspaces, clock, { batchSize: 1, maxBatchesPerTenant: 100 }), new CallRetention(calls, workspaces, clock, { batchSize: 1, maxBatchesPerTenant: 100 })];
    const both = (await Promise.all([a.purge(), b.purge()])).flat();
    expect(both.reduce((n, p) => n + p.deleted, 0)).toBe(stored.length - kept().length);
    expect((await listed('acme')).length).toBe(2);
  });
});
