import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/sql/database.js';
import { SqlCallStatsStore } from '../../adapters/sql/sql-call-stats.store.js';
import { openSqliteDatabase, SQLITE_CAPABILITIES } from '../../adapters/sqlite/sqlite-database.js';
import type { CallFilter } from '../../core/calls/call.model.js';
import { parseSearchQuery } from '../../core/shared/search-query.js';
import { periodsCovering } from '../../core/calls/zone-calendar.js';

const root = mkdtempSync(join(tmpdir(), 'svc-stats-plan-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * ADR 0048's shape, as SQLite plans it: every read of the call analytics is a range of a
 * covering index, and none puts the window's calls through a temporary B-tree to group them
 * (the cost the ADR removed: 40–60 ms per 100,000 calls each). A figure-free check: the plan
 * of the statements the store sends, whatever the data.
 */
it('reads calls only through covering index ranges and never sorts them to group (EXPLAIN QUERY PLAN)', async () => {
  const filename = join(root, 'plan.sqlite');
  await (await openSqliteDatabase({ filename })).close(); // migrated
  const native = new BetterSqlite3(filename);
  const sent: CompiledQuery[] = [];
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }), log: (event) => void sent.push(event.query) });
  try {
    const store = new SqlCallStatsStore(db, SQLITE_CAPABILITIES);
    const window = { from: '2025-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
    const filters: CallFilter[] = [
      { ...window, terms: [] },
      { ...window, channel: 'voice', direction: 'inbound', terms: [] },
      { ...window, terms: parseSearchQuery('rembours* livraison') },
    ];
    for (const filter of filters) {
      for (const bucket of ['day', 'week', 'month'] as const) {
        sent.length = 0;
        await store.aggregate('acme', filter, periodsCovering('Europe/Paris', bucket, window.from, window.to, 1000)!);
        expect(sent).toHaveLength(3);
        for (const query of sent) {
          const plan = native
            .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
            .all(...query.parameters)
            .map((row) => (row as { detail: string }).detail);
          const callReads = plan.filter((d) => /^(SEARCH|SCAN) calls\b/.test(d));
          expect(callReads.length, plan.join(' | ')).toBeGreaterThan(0);
          for (const read of callReads) expect(read, plan.join(' | ')).toMatch(/^SEARCH calls USING COVERING INDEX calls_tenant_(agent_)?started_stats \(tenant_id=\?/);
          expect(plan.filter((d) => d.includes('TEMP B-TREE FOR GROUP BY')), plan.join(' | ')).toEqual([]);
        }
      }
    }
  } finally {
    await db.destroy();
  }
});
