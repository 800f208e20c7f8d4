import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/sql/database.js';
import { SqlCallRepository } from '../../adapters/sql/sql-call.repository.js';
import { SqlCallStatsStore } from '../../adapters/sql/sql-call-stats.store.js';
import type { SqlReads } from '../../adapters/sql/sql-dialect.js';
import { SqlTenantRepository } from '../../adapters/sql/sql-tenant.repository.js';
import { openSqliteDatabase, SQLITE_CAPABILITIES } from '../../adapters/sqlite/sqlite-database.js';
import { addSqliteFunctions } from '../../adapters/sqlite/sqlite-functions.js';
import type { CallFilter } from '../../core/calls/call.model.js';
import { parseSearchQuery } from '../../core/shared/search-query.js';
import { periodsCovering } from '../../core/calls/zone-calendar.js';
import { aCall } from '../fixtures/call-mother.js';

const root = mkdtempSync(join(tmpdir(), 'svc-stats-plan-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * ADR 0048's and 0057's shape, as SQLite plans it: every read of the call analytics is a range of
 * a covering index, and none puts the window's calls through a temporary B-tree to group them
 * where it reads them in order (the cost ADR 0048 removed: 40–60 ms per 100,000 calls each).
 * ADR 0057: the histograms' read (per agent, status and duration) takes migration 0017's index in
 * its order over a window spanning at least half of the time between the tenant's first and last
 * call, without a text condition (ADR 0051's rule, channel and direction now included); otherwise the window's
 * range of the started_at index, grouped through a sort of what it keeps. The per-period counts
 * of periods longer than two days, without words, are ranges of the (channel, direction, status,
 * started_at) index, one per period and combination, in order; otherwise `FILTER`ed counts in
 * the periods' pass; without a channel, direction or words, the periods are ranges of the hours'
 * table (ADR 0058). A figure-free check: the plan of the statements the store sends.
 */
it('reads calls only through covering index ranges, never sorts them to group in index order, and reads histograms in order over most of the tenant span (EXPLAIN QUERY PLAN)', async () => {
  const filename = join(root, 'plan.sqlite');
  await (await openSqliteDatabase({ filename })).close(); // migrated
  const native = new BetterSqlite3(filename);
  addSqliteFunctions(native);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
  const sent: CompiledQuery[] = [];
  const reads: SqlReads = {
    concurrent: false,
    all: async <R>(query: CompiledQuery<R>) => {
      sent.push(query);
      return (await db.executeQuery(query)).rows;
    },
  };
  try {
    await new SqlTenantRepository(db).insert({ tenant_id: 'acme', name: 'acme', created_at: '2025-01-01T00:00:00.000Z' });
    // A call a month over the year, and one each end: the tenant's span is the year's.
    const starts = ['2025-11-01T08:00:00.000Z', ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2025, 10 + m, 15, 9)).toISOString()), '2026-11-01T20:00:00.000Z'];
    await new SqlCallRepository(db, SQLITE_CAPABILITIES.callSearch).insertMany(starts.map((started_at, i) => aCall({ started_at, agent_id: i % 3 === 0 ? null : `agt_${i % 2}`, duration_seconds: 10 * i })));
    const store = new SqlCallStatsStore(db, SQLITE_CAPABILITIES, reads);
    const year = { from: '2025-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
    const month = { from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z' };
    const planOf = (query: CompiledQuery) =>
      native
        .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .all(...query.parameters)
        .map((row) => (row as { detail: string }).detail);
    const callReads = (plan: string[]) => plan.filter((d) => /^(SEARCH|SCAN) calls\b/.test(d));
    for (const [window, order] of [
      [year, 'duration'],
      [month, 'started'],
    ] as const) {
      // Channel and direction are conditions of the ordered read; words keep the window's range.
      const filters: [CallFilter, 'duration' | 'started'][] = [
        [{ ...window, terms: [] }, order],
        [{ ...window, channel: 'voice', direction: 'inbound', terms: [] }, order],
        [{ ...window, channel: 'sms', terms: [] }, order],
        [{ ...window, terms: parseSearchQuery('rembours* livraison') }, 'started'],
      ];
      for (const [filter, expected] of filters) {
        for (const bucket of ['day', 'week', 'month'] as const) {
          sent.length = 0;
          await store.aggregate('acme', filter, periodsCovering('Europe/Paris', bucket, window.from, window.to, 1000)!);
          const byHours = filter.channel === undefined && filter.direction === undefined && filter.terms.length === 0;
          const context = (plan: string[]) => `${bucket} ${JSON.stringify(filter)}: ${plan.join(' | ')}`;
          if (byHours) {
            // The window's bounds and Paris's midnights are whole hours: the periods, the agents
            // and the window's percentiles are rows of call_stats_hours (ADR 0058), a range of its
            // key each, and no call is read.
            expect(sent).toHaveLength(3);
            for (const plan of sent.map(planOf)) {
              expect(callReads(plan), context(plan)).toEqual([]);
              expect(plan.filter((d) => /^(SEARCH|SCAN) h\b/.test(d)), context(plan)).toEqual(['SEARCH h USING INDEX sqlite_autoindex_call_stats_hours_1 (tenant_id=? AND hour>? AND hour<?)']);
            }
            continue;
          }
          const byRanges = bucket !== 'day' && filter.terms.length === 0;
          expect(sent).toHaveLength(byRanges ? 3 : 2);
          const [histograms, ...byPeriod] = sent.map(planOf);
          expect(callReads(histograms).length, context(histograms)).toBeGreaterThan(0);
          for (const read of callReads(histograms)) {
            if (expected === 'duration') expect(read, context(histograms)).toBe('SEARCH calls USING COVERING INDEX calls_tenant_agent_status_duration_stats (tenant_id=?)');
            else expect(read, context(histograms)).toMatch(/^SEARCH calls USING COVERING INDEX calls_tenant_started_stats \(tenant_id=\? AND started_at>\? AND started_at<\?\)$/);
          }
          // In index order the groups stream; from the window's range they go through a sort.
          expect(histograms.some((d) => d.includes('TEMP B-TREE FOR GROUP BY')), context(histograms)).toBe(expected === 'started');
          for (const [i, plan] of byPeriod.entries()) {
            const index = byRanges && i === 0 ? 'combination' : 'started';
            expect(callReads(plan).length, context(plan)).toBeGreaterThan(0);
            for (const read of callReads(plan)) {
              expect(read, context(plan)).toMatch(new RegExp(`^SEARCH calls USING COVERING INDEX calls_tenant_${index}_stats \\(tenant_id=\\?`));
            }
            expect(plan.filter((d) => d.includes('TEMP B-TREE FOR GROUP BY')), context(plan)).toEqual([]);
          }
        }
      }
    }
  } finally {
    await db.destroy();
  }
});

/**
 * ADR 0057: over a window holding every call of the tenant, the histograms' read leaves the
 * window's bounds out and reads the tenant's first and last call in the same statement. A call
 * written outside the window between the request's look at the tenant's span and that read must
 * not count: the store sees it in the read's own first/last and reads again within the window.
 */
it('reads the histograms again within the window when a call outside it was written meanwhile', async () => {
  const filename = join(root, 'meanwhile.sqlite');
  await (await openSqliteDatabase({ filename })).close(); // migrated
  const native = new BetterSqlite3(filename);
  addSqliteFunctions(native);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
  const calls = new SqlCallRepository(db, SQLITE_CAPABILITIES.callSearch);
  const histogramReads: string[] = [];
  let late: ReturnType<typeof aCall> | null = aCall({ started_at: '2025-10-01T08:00:00.000Z', agent_id: 'agt_late', duration_seconds: 99_999 });
  const reads: SqlReads = {
    concurrent: true,
    all: async <R>(query: CompiledQuery<R>) => {
      if (query.sql.includes('AS histogram')) {
        histogramReads.push(query.sql);
        if (late !== null) await calls.insertMany([late]);
        late = null;
      }
      return (await db.executeQuery(query)).rows;
    },
  };
  try {
    await new SqlTenantRepository(db).insert({ tenant_id: 'acme', name: 'acme', created_at: '2025-01-01T00:00:00.000Z' });
    await calls.insertMany(Array.from({ length: 12 }, (_, m) => aCall({ started_at: new Date(Date.UTC(2025, 10 + m, 15, 9)).toISOString(), agent_id: m % 2 ? 'agt_a' : null, duration_seconds: 30 + 7 * m })));
    // A channel filter keeps ADR 0057's reads (without one, the calls per hour answer: ADR 0058).
    const year: CallFilter = { from: '2025-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z', channel: 'voice', terms: [] };
    const periods = periodsCovering('Europe/Paris', 'month', year.from!, year.to!, 1000)!;
    const store = new SqlCallStatsStore(db, SQLITE_CAPABILITIES, reads);
    const during = await store.aggregate('acme', year, periods);
    expect(histogramReads).toHaveLength(2);
    expect(histogramReads[0]).toContain('AS first');
    expect(histogramReads[1]).not.toContain('AS first');
    expect(during.agents.map((a) => a.agent_id)).not.toContain('agt_late');
    // Read again now that the late call is there: its span is no longer inside the window.
    histogramReads.length = 0;
    const after = await store.aggregate('acme', year, periods);
    expect(histogramReads).toHaveLength(1);
    expect(during).toEqual(after);
    expect(during.total).toMatchObject({ calls: 12, p50: 30 + 7 * 5.5 });
  } finally {
    await db.destroy();
  }
});
