import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import type { Principal } from '../../core/auth/auth.model.js';
import { CALL_STATUSES, CHANNELS, DIRECTIONS, type CallRecord } from '../../core/calls/call.model.js';
import { aggregateDurations, durationFigures, emptyByStatus, emptyCounts } from '../../core/calls/call-stats.model.js';
import type { CallErasureStore, CallRepository, CallStatsStore } from '../../core/calls/ports.js';
import { parseSearchQuery, searchTokens } from '../../core/shared/search-query.js';
import { CallStatistics, type CallStatsQuery } from '../../core/calls/use-cases/call-statistics.js';
import type { StatsBucket } from '../../core/calls/zone-calendar.js';
import type { TenantRepository } from '../../core/tenancy/ports.js';
import type { WorkspaceRepository } from '../../core/workspace/ports.js';
import { MemoryCallRepository } from '../../adapters/memory/memory-call.repository.js';
import { MemoryTenantRepository } from '../../adapters/memory/memory-tenancy.repositories.js';
import { MemoryWorkspaceRepository } from '../../adapters/memory/memory-workspace.repository.js';
import { CALLS } from '../../runtimes/shared/composition/calls.tokens.js';
import { TENANCY } from '../../runtimes/shared/composition/tenancy.tokens.js';
import { WORKSPACE } from '../../runtimes/shared/composition/workspace.tokens.js';
import { aCall } from '../fixtures/call-mother.js';
import { boundAdapters, contractSuite, type Adapter } from '../support/contract-suite.js';

/** Every adapter of CallStatsStore passes this suite, through the use case the route calls. */
interface Ports {
  calls: CallRepository;
  erasure: CallErasureStore;
  stats: CallStatsStore;
  tenants: TenantRepository;
  workspaces: WorkspaceRepository;
}

const PORT_TOKENS = { calls: CALLS.CallRepository, erasure: CALLS.CallErasureStore, stats: CALLS.CallStatsStore, tenants: TENANCY.TenantRepository, workspaces: WORKSPACE.WorkspaceRepository };

const ADAPTERS: Adapter<Ports>[] = [
  {
    name: 'memory',
    make: async () => {
      const calls = new MemoryCallRepository();
      return { calls, erasure: calls, stats: calls, tenants: new MemoryTenantRepository(), workspaces: new MemoryWorkspaceRepository() };
    },
  },
  ...boundAdapters<Ports>(PORT_TOKENS),
  // A SQLite file: the aggregate reads run on reader threads, each on its own connection (ADR 0051).
  ...boundAdapters<Ports>(PORT_TOKENS, { onDisk: true }),
];

const member: Principal = { user_id: 'usr_member', tenant_id: 'acme', role: 'member' };
const byDay = (extra: Partial<CallStatsQuery> = {}): CallStatsQuery => ({ bucket: 'day', ...extra });

const localDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** The date a call's period begins on, by definition (the zone's calendar, Monday weeks). */
function periodDate(iso: string, timeZone: string, bucket: StatsBucket): string {
  const date = localDate(iso, timeZone);
  if (bucket === 'day') return date;
  if (bucket === 'month') return `${date.slice(0, 8)}01`;
  const t = Date.parse(`${date}T00:00:00Z`);
  return new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** The answer by definition, from the calls themselves: counts per period date, durations, agents. */
function reference(calls: CallRecord[], timeZone: string, bucket: StatsBucket) {
  const counts = (group: CallRecord[]) => {
    const c = emptyCounts();
    for (const call of group) {
      c.calls++;
      c.by_channel[call.channel]++;
      c.by_direction[call.direction]++;
      c.by_status[call.status]++;
    }
    return c;
  };
  const figures = (group: CallRecord[]) => durationFigures(aggregateDurations(group.map((c) => c.duration_seconds)));
  const groups = groupBy(calls, (c) => periodDate(c.started_at, timeZone, bucket));
  const agents = [...groupBy(calls, (c) => c.agent_id)].map(([agent_id, own]) => {
    const by_status = emptyByStatus();
    for (const c of own) by_status[c.status]++;
    return { agent_id, calls: own.length, by_status, duration: figures(own) };
  });
  return {
    totals: { ...counts(calls), duration: figures(calls) },
    periods: Object.fromEntries([...groups].map(([date, group]) => [date, { ...counts(group), duration: figures(group) }])),
    agents: agents.sort((a, b) => b.calls - a.calls || (a.agent_id === null ? 1 : b.agent_id === null ? -1 : a.agent_id < b.agent_id ? -1 : 1)),
  };
}

/** The periods that hold calls, keyed by date, in the reference's shape. */
const nonEmptyPeriods = (periods: { date: string; calls: number }[]) =>
  Object.fromEntries(periods.filter((p) => p.calls > 0).map(({ date, start: _s, end: _e, ...rest }: any) => [date, rest]));

/** A tenant with a workspace in `timezone`, on a fresh instance of the adapter (the properties' cases). */
async function freshTenant(adapter: Adapter<Ports>, timezone: string): Promise<Ports> {
  const made = await adapter.make();
  await made.tenants.insert({ tenant_id: 'acme', name: 'acme', created_at: '2026-01-01T00:00:00.000Z' });
  await made.workspaces.save({ tenant_id: 'acme', name: 'Acme', timezone, locale: 'en-US', retention_days: 3650 });
  return made;
}

interface CallSpec {
  minute: number;
  channel: CallRecord['channel'];
  direction: CallRecord['direction'];
  status: CallRecord['status'];
  duration: number;
  agent: string | null;
}

/** The properties' calls: `prefix` + index as id, started `minute`s after `base`. */
const callsOf = (specs: readonly CallSpec[], base: number, prefix: string, extra: (i: number) => Partial<CallRecord> = () => ({})) =>
  specs.map((s, i) =>
    aCall({
      call_id: `${prefix}${i}`,
      started_at: new Date(base + s.minute * 60_000).toISOString(),
      channel: s.channel,
      direction: s.direction,
      status: s.status,
      duration_seconds: s.duration,
      agent_id: s.agent,
      transcript: [],
      ...extra(i),
    }),
  );

contractSuite('CallStatsStore contract', ADAPTERS, (adapter) => {
  let ports: Ports;
  let statistics: CallStatistics;
  const paris = async () => ports.workspaces.save({ tenant_id: 'acme', name: 'Acme', timezone: 'Europe/Paris', locale: 'fr-FR', retention_days: 3650 });
  beforeEach(async () => {
    ports = await adapter.make();
    statistics = new CallStatistics(ports.stats, ports.workspaces);
    for (const tenant_id of ['acme', 'globex']) await ports.tenants.insert({ tenant_id, name: tenant_id, created_at: '2026-01-01T00:00:00.000Z' });
  });

  it('answers an empty tenant with no periods and zero counts, in the default time zone', async () => {
    const stats = await statistics.stats(member, 'acme', byDay());
    expect(stats).toEqual({
      timezone: 'UTC',
      bucket: 'day',
      from: null,
      to: null,
      totals: { ...emptyCounts(), duration: { mean_seconds: null, p50_seconds: null, p90_seconds: null } },
      periods: [],
      agents: [],
    });
  });

  it('cuts days at local midnight across both daylight-saving changes (Europe/Paris: 23 and 25 hour days)', async () => {
    await paris();
    await ports.calls.insertMany([
      aCall({ call_id: 'sat-late', started_at: '2026-03-28T22:59:59.999Z', duration_seconds: 10 }), // 23:59:59 CET, the 28th
      aCall({ call_id: 'sun-first', started_at: '2026-03-28T23:00:00.000Z', duration_seconds: 20 }), // 00:00 CET, the 29th
      aCall({ call_id: 'sun-last', started_at: '2026-03-29T21:59:59.000Z', duration_seconds: 30 }), // 23:59:59 CEST, the 29th
      aCall({ call_id: 'mon-first', started_at: '2026-03-29T22:00:00.000Z', duration_seconds: 40 }), // 00:00 CEST, the 30th
      aCall({ call_id: 'autumn', started_at: '2026-10-25T22:30:00.000Z', duration_seconds: 50 }), // 23:30 CET, the 25th (25 h)
      aCall({ call_id: 'other-tenant', tenant_id: 'globex', started_at: '2026-03-29T10:00:00.000Z' }),
    ]);
    const march = await statistics.stats(member, 'acme', byDay({ from: '2026-03-28T00:00:00.000Z', to: '2026-03-30T22:00:00.000Z' }));
    expect(march.timezone).toBe('Europe/Paris');
    expect(march.periods.map((p) => [p.date, p.start, p.end, p.calls])).toEqual([
      ['2026-03-28', '2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', 1],
      ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 2],
      ['2026-03-30', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z', 1],
    ]);
    expect(march.periods[1].duration).toEqual({ mean_seconds: 25, p50_seconds: 25, p90_seconds: 29 });
    expect(march.totals.calls).toBe(4);
    const october = await statistics.stats(member, 'acme', byDay({ from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' }));
    expect(october.periods.map((p) => [p.date, p.start, p.end, p.calls])).toEqual([['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 1]]);
  });

  it('takes its window from the matching calls when from or to is absent, and applies every filter', async () => {
    await paris();
    await ports.calls.insertMany([
      aCall({ call_id: 'a', started_at: '2026-11-02T08:00:00.000Z', channel: 'voice', summary: 'Remboursement demandé', agent_id: 'nova' }),
      aCall({ call_id: 'b', started_at: '2026-11-09T08:00:00.000Z', channel: 'chat', direction: 'outbound', summary: 'Livraison', agent_id: null }),
      aCall({ call_id: 'c', started_at: '2026-11-20T08:00:00.000Z', channel: 'voice', status: 'missed', summary: 'Remboursement refusé', agent_id: 'nova' }),
    ]);
    const all = await statistics.stats(member, 'acme', { bucket: 'week' });
    expect(all.periods.map((p) => [p.date, p.calls])).toEqual([
      ['2026-11-02', 1],
      ['2026-11-09', 1],
      ['2026-11-16', 1],
    ]);
    expect([all.from, all.to]).toEqual(['2026-11-01T23:00:00.000Z', '2026-11-22T23:00:00.000Z']);
    const refunds = await statistics.stats(member, 'acme', { bucket: 'week', q: parseSearchQuery('rembours*'), channel: 'voice' });
    expect(refunds.totals.calls).toBe(2);
    expect(refunds.totals.by_status).toEqual({ ...emptyByStatus(), completed: 1, missed: 1 });
    expect(refunds.agents.map((a) => [a.agent_id, a.calls])).toEqual([['nova', 2]]);
    const outbound = await statistics.stats(member, 'acme', { bucket: 'month', direction: 'outbound', from: '2026-11-05T00:00:00.000Z' });
    expect(outbound.periods.map((p) => [p.date, p.calls, p.by_channel.chat])).toEqual([['2026-11-01', 1, 1]]);
    expect(outbound.agents).toEqual([{ agent_id: null, calls: 1, by_status: { ...emptyByStatus(), completed: 1 }, duration: { mean_seconds: 95, p50_seconds: 95, p90_seconds: 95 } }]);
  });

  it("ranks the window's durations across agents, and names only agents with calls in the window (ADR 0054: one read with the agents' where grouping sets exist)", async () => {
    await paris();
    // Each agent's durations interleave with the others': read in agent order, the window's
    // are not in order, and its percentiles must rank them all together.
    const durations: [string | null, number][] = [
      ['nova', 10], ['nova', 400], ['nova', 95], ['atlas', 30], ['atlas', 700], ['atlas', 20], ['atlas', 260],
      [null, 5], [null, 1200], ['zoé', 61],
    ];
    const inWindow = durations.map(([agent_id, duration_seconds], i) =>
      aCall({ call_id: `w${i}`, started_at: `2026-11-${String(3 + i).padStart(2, '0')}T09:00:00.000Z`, agent_id, duration_seconds, status: i % 3 === 0 ? 'missed' : 'completed' }),
    );
    // An agent whose only call falls outside the window.
    const outside = aCall({ call_id: 'out', started_at: '2026-10-01T09:00:00.000Z', agent_id: 'vega', duration_seconds: 3000 });
    await ports.calls.insertMany([...inWindow, outside]);
    const stats = await statistics.stats(member, 'acme', { bucket: 'week', from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' });
    const want = reference(inWindow, 'Europe/Paris', 'week');
    expect(stats.totals).toEqual(want.totals);
    expect(stats.totals.duration).toEqual(durationFigures(aggregateDurations(durations.map(([, d]) => d))));
    expect(stats.agents).toEqual(want.agents);
    expect(stats.agents.map((a) => a.agent_id)).not.toContain('vega');
  });

  it('refuses a window of more periods than it answers, and a window that ends before it begins', async () => {
    await expect(statistics.stats(member, 'acme', byDay({ from: '2020-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' }))).rejects.toMatchObject({
      code: 'VALIDATION',
      errors: [{ path: 'bucket' }],
    });
    await expect(statistics.stats(member, 'acme', byDay({ from: '2026-01-02T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(statistics.stats(member, 'globex', byDay())).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('stays equal to its definition after calls are purged by retention and erased on request (every index the figures read follows)', async () => {
    await paris();
    const agents = ['nova', 'atlas', null, 'zoé'];
    const calls = Array.from({ length: 60 }, (_, i) =>
      aCall({
        call_id: `k${i}`,
        started_at: new Date(Date.UTC(2026, 9, 1) + i * 7 * 3_600_000).toISOString(),
        channel: CHANNELS[i % CHANNELS.length],
        direction: DIRECTIONS[i % DIRECTIONS.length],
        status: CALL_STATUSES[(i >> 1) % CALL_STATUSES.length],
        duration_seconds: (i * 37) % 600,
        agent_id: agents[i % agents.length],
        transcript: [],
      }),
    );
    await ports.calls.insertMany(calls);
    const window = { from: '2026-09-30T22:00:00.000Z', to: '2026-11-01T00:00:00.000Z' };
    const check = async (kept: CallRecord[]) => {
      for (const bucket of ['day', 'week'] as const) {
        const stats = await statistics.stats(member, 'acme', { bucket, ...window });
        const want = reference(kept, 'Europe/Paris', bucket);
        expect(stats.totals).toEqual(want.totals);
        expect(nonEmptyPeriods(stats.periods)).toEqual(want.periods);
        expect(stats.agents).toEqual(want.agents);
      }
    };
    await check(calls);
    // Retention: the calls of the first week go, oldest first, in two batches.
    const before = '2026-10-08T00:00:00.000Z';
    expect(await ports.calls.purgeStartedBefore('acme', before, 10)).toBe(10);
    await ports.calls.purgeStartedBefore('acme', before, 100);
    let kept = calls.filter((c) => c.started_at >= before);
    await check(kept);
    // Erasure: every call of one agent, and one more, by id.
    const erased = kept.filter((c, i) => c.agent_id === 'atlas' || i === 3).map((c) => c.call_id);
    await ports.erasure.erase('acme', { call_ids: erased }, (n) => ({
      record: { erasure_id: `era_${'0'.repeat(32)}`, tenant_id: 'acme', requested_by: 'svc-admin', requested_at: '2026-11-26T00:00:00.000Z', selector: 'call_ids', calls_erased: n },
      events: [],
    }));
    kept = kept.filter((c) => !erased.includes(c.call_id));
    await check(kept);
    expect((await statistics.stats(member, 'acme', { bucket: 'week', ...window })).agents.map((a) => a.agent_id)).not.toContain('atlas');
  });

  it('stays equal to its definition as calls arrive one by one and in batches into the same hours, and leave by retention and erasure (fast-check)', async () => {
    // Three days of calls: most hours get several, written by single inserts (an hour's figures
    // grow, ADR 0058) and batches, then purged and erased in part; checked after each step,
    // through a window cut anywhere (its ends are read from the calls, the rest from the hours).
    const base = Date.UTC(2026, 9, 24, 18);
    const callArb = fc.record({
      minute: fc.integer({ min: 0, max: 60 * 72 }),
      channel: fc.constantFrom(...CHANNELS),
      direction: fc.constantFrom(...DIRECTIONS),
      status: fc.constantFrom(...CALL_STATUSES),
      duration: fc.integer({ min: 0, max: 900 }),
      agent: fc.constantFrom('nova', 'atlas', null),
      single: fc.boolean(),
      erased: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(callArb, { minLength: 1, maxLength: 30 }),
        fc.constantFrom<StatsBucket>('day', 'week'),
        fc.constantFrom('UTC', 'Europe/Paris', 'Asia/Kolkata'),
        fc.tuple(fc.integer({ min: 0, max: 60 * 24 }), fc.integer({ min: 60, max: 60 * 80 })),
        fc.integer({ min: 0, max: 60 * 72 }),
        async (specs, bucket, timezone, window, purgeMinute) => {
          const made = await freshTenant(adapter, timezone);
          const calls = callsOf(specs, base, 'h');
          const bounds = { from: new Date(base + window[0] * 60_000).toISOString(), to: new Date(base + (window[0] + window[1]) * 60_000).toISOString() };
          const check = async (stored: CallRecord[]) => {
            const kept = stored.filter((c) => bounds.from <= c.started_at && c.started_at < bounds.to);
            const stats = await new CallStatistics(made.stats, made.workspaces).stats(member, 'acme', { bucket, ...bounds });
            const want = reference(kept, timezone, bucket);
            expect(stats.totals).toEqual(want.totals);
            expect(nonEmptyPeriods(stats.periods)).toEqual(want.periods);
            expect(stats.agents).toEqual(want.agents);
          };
          const half = calls.length >> 1;
          await made.calls.insertMany(calls.slice(0, half).filter((_, i) => !specs[i].single));
          for (const [i, call] of calls.entries()) if (i < half && specs[i].single) await made.calls.insert(call);
          await check(calls.slice(0, half));
          // A batch into hours that already have calls, with one call sent twice (skipped).
          await made.calls.insertMany([...calls.slice(half), calls[0]]);
          await check(calls);
          const before = new Date(base + purgeMinute * 60_000).toISOString();
          await made.calls.purgeStartedBefore('acme', before, 1000);
          let stored = calls.filter((c) => c.started_at >= before);
          await check(stored);
          const erased = stored.filter((c) => specs[Number(c.call_id.slice(1))].erased).map((c) => c.call_id);
          await made.erasure.erase('acme', { call_ids: erased }, (n) => ({
            record: { erasure_id: `era_${'1'.repeat(32)}`, tenant_id: 'acme', requested_by: 'svc-admin', requested_at: '2026-11-26T00:00:00.000Z', selector: 'call_ids', calls_erased: n },
            events: [],
          }));
          stored = stored.filter((c) => !erased.includes(c.call_id));
          await check(stored);
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 25) },
    );
  });

  it('counts, durations and agents equal their definition over arbitrary calls (fast-check)', async () => {
    const base = Date.UTC(2026, 2, 20);
    const callArb = fc.record({
      minute: fc.integer({ min: 0, max: 60 * 24 * 50 }),
      channel: fc.constantFrom(...CHANNELS),
      direction: fc.constantFrom(...DIRECTIONS),
      status: fc.constantFrom(...CALL_STATUSES),
      duration: fc.integer({ min: 0, max: 3600 }),
      agent: fc.constantFrom('nova', 'atlas', 'zoé', null),
      word: fc.constantFrom('remboursement', 'livraison', 'facture'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(callArb, { maxLength: 40 }),
        fc.constantFrom<StatsBucket>('day', 'week', 'month'),
        fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'),
        fc.constantFrom('', 'remboursement', 'livr*'),
        // A window cut anywhere (mid-period: the first and last periods are clipped to it), or none.
        fc.option(fc.tuple(fc.integer({ min: 0, max: 60 * 24 * 25 }), fc.integer({ min: 1, max: 60 * 24 * 25 })), { nil: undefined }),
        async (specs, bucket, timezone, q, window) => {
          const made = await freshTenant(adapter, timezone);
          const calls = callsOf(specs, base, 'p', (i) => ({ summary: specs[i].word }));
          await made.calls.insertMany(calls);
          const terms = parseSearchQuery(q);
          const bounds = window && { from: new Date(base + window[0] * 60_000).toISOString(), to: new Date(base + (window[0] + window[1]) * 60_000).toISOString() };
          const kept = calls.filter(
            (c) =>
              (!bounds || (bounds.from <= c.started_at && c.started_at < bounds.to)) &&
              terms.every((t) => searchTokens(c.summary ?? '').some((w) => (t.prefix ? w.startsWith(t.text) : w === t.text))),
          );
          const stats = await new CallStatistics(made.stats, made.workspaces).stats(member, 'acme', { bucket, q: terms, ...bounds });
          const want = reference(kept, timezone, bucket);
          expect(stats.totals).toEqual(want.totals);
          expect(nonEmptyPeriods(stats.periods)).toEqual(want.periods);
          expect(stats.agents).toEqual(want.agents);
          // Periods are consecutive and each begins on its date's first instant.
          stats.periods.forEach((p, i) => {
            if (i > 0) expect(p.start).toBe(stats.periods[i - 1].end);
            expect(localDate(p.start, timezone)).toBe(p.date);
            expect(localDate(new Date(Date.parse(p.start) - 1).toISOString(), timezone)).not.toBe(p.date);
          });
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 25) },
    );
  });
});
