// Calls at scale: 100,000 calls in one tenant, imported through `svc-admin calls import`'s own
// code path, then p50/p99 of a list page, a filtered page and a free-text (`q`) search, in
// process (use case + database) and over HTTP (one keep-alive connection, sequential requests),
// on each database in turn (SQLite with FTS5; PostgreSQL with tsvector + GIN when run.mjs has a
// cluster), the same NDJSON file and the same queries; and the call analytics (`/calls/stats`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { importCallsFile } from '../dist/runtimes/admin/calls.commands.js';
import { buildHttpContainer } from '../dist/runtimes/http/container.js';
import { resolveHttpDeps } from '../dist/runtimes/http/http-deps.js';
import { startHttpServer } from '../dist/runtimes/http/server.js';
import { CALLS } from '../dist/runtimes/shared/composition/calls.tokens.js';
import { TENANCY } from '../dist/runtimes/shared/composition/tenancy.tokens.js';
import { WORKSPACE } from '../dist/runtimes/shared/composition/workspace.tokens.js';
import { parseSearchQuery } from '../dist/core/shared/search-query.js';
import { loadConfig } from '../dist/runtimes/shared/settings/config.js';
import { demoCalls } from '../dist/runtimes/shared/demo/demo-calls.js';
import { eachDatabase, SQLITE } from './databases.mjs';
import { percentile, printTable } from './support.mjs';

const TENANT = 'bench';
const QUERIES = ['refund', 'remboursement', 'Rückerstattung', 'reembolso tarjeta', 'deliv*', 'commande livraison', 'password reset', 'rimborso carta', 'BL-123456', 'xyzzy', 'billing invoice', 'rembours*'];

const STATS_MONTH = { bucket: 'day', from: '2026-10-01T00:00:00+02:00', to: '2026-11-01T00:00:00+01:00' };
const STATS_YEAR_BY_WEEK = { bucket: 'week', from: '2025-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' };
const STATS_YEAR = { from: '2025-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
const instants = ({ from, to, ...rest }) => ({ ...rest, from: new Date(from).toISOString(), to: new Date(to).toISOString() });
/** In-process queries take core's shape: instants normalised, q as search terms. */
const STATS_QUERIES = [
  ['one month by day', instants(STATS_MONTH)],
  ['the year by week', instants(STATS_YEAR_BY_WEEK)],
  ['the year by day', { bucket: 'day', ...STATS_YEAR }],
  ['the year by month', { bucket: 'month', ...STATS_YEAR }],
  ['every call by month (window from the data)', { bucket: 'month' }],
  ['the year by week, voice inbound', { bucket: 'week', channel: 'voice', direction: 'inbound', ...STATS_YEAR }],
  ['the year by day, chat', { bucket: 'day', channel: 'chat', ...STATS_YEAR }],
  ['6 months by week, sms inbound', { bucket: 'week', channel: 'sms', direction: 'inbound', from: '2026-03-01T00:00:00.000Z', to: '2026-09-01T00:00:00.000Z' }],
  ['the year by month, q (12-query mix)', (i) => ({ bucket: 'month', q: parseSearchQuery(QUERIES[i % QUERIES.length]) })],
];

/**
 * Wall time of each run, and this process's CPU time (user + system, all its threads) over it:
 * on SQLite the query runs in this process (the stats reads on its reader threads, ADR 0051),
 * so on a machine shared with other work the CPU time is the figure that load does not inflate
 * (much), and wall below CPU means the reads ran at once; on PostgreSQL it is only the client's share.
 */
async function measure(label, iterations, run) {
  for (let i = 0; i < Math.min(50, Math.ceil(iterations / 5)); i++) await run(i); // warm-up
  const samples = new Float64Array(iterations);
  const cpu = new Float64Array(iterations);
  let rows = 0;
  for (let i = 0; i < iterations; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    rows += await run(i);
    samples[i] = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    cpu[i] = (used.user + used.system) / 1000;
  }
  samples.sort();
  cpu.sort();
  return {
    path: label,
    p50_ms: percentile(samples, 0.5).toFixed(2),
    p99_ms: percentile(samples, 0.99).toFixed(2),
    max_ms: samples[samples.length - 1].toFixed(1),
    cpu_p50_ms: percentile(cpu, 0.5).toFixed(2),
    cpu_p99_ms: percentile(cpu, 0.99).toFixed(2),
    avg_rows: (rows / iterations).toFixed(1),
  };
}

const SEARCH = { sqlite: 'SQLite, FTS5', postgres: 'PostgreSQL, tsvector + GIN' };

/** Import then measure on one database; `file` is the shared NDJSON file. */
async function measureDatabase(target, { file, count, iterations, statsOnly }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-calls-'));
  const config = loadConfig({ ...process.env, ...target.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_TENANT_PER_MINUTE: '1000000', DEMO_SEED: 'false' });
  const container = await buildHttpContainer(config, pino({ level: 'warn' }), { snapshot: { build_id: 'bench', artists: [], works: [] } });
  let running;
  try {
    const admin = container.get(TENANCY.TenantAdmin);
    await admin.createTenant(TENANT, 'Benchmark');
    const password = 'benchmark password 1';
    await admin.createUser({ tenant_id: TENANT, email: 'bench@bench.example', role: 'admin', password });

    const importStart = performance.now();
    const report = await importCallsFile({ tenantAdmin: admin, callIngest: container.get(CALLS.CallIngest) }, TENANT, file, { stderr: () => {} });
    const importMs = performance.now() - importStart;
    if (report.imported !== count) throw new Error(`imported ${report.imported} of ${count}`);

    const queries = container.get(CALLS.CallQueries);
    const principal = { user_id: 'bench', tenant_id: TENANT, role: 'member' };
    // Core's query shape, as the schema hands it over: the limit defaulted, q read into words.
    const list = async ({ q, ...query }) => (await queries.list(principal, TENANT, { limit: 20, ...query, ...(q === undefined ? {} : { q: parseSearchQuery(q) }) })).data.length;
    const deepCursor = await (async () => {
      let cursor;
      for (let i = 0; i < 50; i++) cursor = (await queries.list(principal, TENANT, { limit: 20, cursor })).next_cursor;
      return cursor;
    })();
    const filtered = { channel: 'sms', direction: 'inbound', from: '2026-03-01T00:00:00.000Z', to: '2026-09-01T00:00:00.000Z' };

    const rows = [];
    if (!statsOnly) {
      rows.push(await measure('in-process: list, first page (20)', iterations, () => list({})));
      rows.push(await measure('in-process: list, page 51 (cursor)', iterations, () => list({ cursor: deepCursor })));
      rows.push(await measure('in-process: filtered page (sms, inbound, 6 months)', iterations, () => list(filtered)));
      rows.push(await measure('in-process: q search (12-query mix)', iterations * 2, (i) => list({ q: QUERIES[i % QUERIES.length] })));
      rows.push(await measure('in-process: q search + channel filter', iterations, (i) => list({ q: QUERIES[i % QUERIES.length], channel: 'voice' })));
    }

    // Call analytics (issue 27) in the workspace's time zone: a month by day, the year by week
    // and by month (every call), the year's window read from the data (no from/to), filters and q.
    await container.get(WORKSPACE.WorkspaceRepository).save({ tenant_id: TENANT, name: 'Benchmark', timezone: 'Europe/Paris', locale: 'fr-FR', retention_days: 3650 });
    const statistics = container.get(CALLS.CallStatistics);
    const stats = async (query) => (await statistics.stats(principal, TENANT, query)).totals.calls;
    for (const [label, query] of STATS_QUERIES) rows.push(await measure(`in-process: stats, ${label}`, iterations, (i) => stats(typeof query === 'function' ? query(i) : query)));

    running = await startHttpServer(resolveHttpDeps(container));
    const login = await fetch(`${running.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@bench.example', password }) });
    const { access_token } = await login.json();
    const base = `${running.url}/api/v1/tenants/${TENANT}/calls`;
    const get = async (query) => {
      const res = await fetch(`${base}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${access_token}` } });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      return (await res.json()).data.length;
    };
    if (!statsOnly) {
      rows.push(await measure('HTTP: list, first page', iterations, () => get({})));
      rows.push(await measure('HTTP: filtered page', iterations, () => get(filtered)));
      rows.push(await measure('HTTP: q search (12-query mix)', iterations * 2, (i) => get({ q: QUERIES[i % QUERIES.length] })));
    }
    const getStats = async (query) => {
      const res = await fetch(`${base}/stats?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${access_token}` } });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      return (await res.json()).totals.calls;
    };
    rows.push(await measure('HTTP: stats, one month by day', iterations, () => getStats(STATS_MONTH)));
    rows.push(await measure('HTTP: stats, the year by week', iterations, () => getStats(STATS_YEAR_BY_WEEK)));
    return { importMs, rows };
  } finally {
    if (running) await running.close();
    else await container.get(Symbol.for('platform.SqlDatabase')).close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `databases`: targets from databases.mjs ({ database, env }); SQLite alone by default. */
/** `statsOnly`: the import and the call analytics rows alone (`npm run bench -- call-stats`). */
export async function benchCalls({ count = 100_000, iterations = 500, databases = [SQLITE], statsOnly = false } = {}) {
  // Import: an NDJSON file of the demo generator's calls over a year, streamed in batches of 1,000.
  const fileDir = mkdtempSync(join(tmpdir(), 'svc-bench-calls-file-'));
  try {
    const file = join(fileDir, 'calls.ndjson');
    const lines = [];
    for (const call of demoCalls({ count, anchor: new Date('2026-11-01T00:00:00Z'), spanDays: 365, idPrefix: 'bench-' })) lines.push(JSON.stringify(call));
    writeFileSync(file, `${lines.join('\n')}\n`);
    const fileMiB = Buffer.byteLength(lines.join('\n')) / 1024 / 1024;
    lines.length = 0;

    const results = await eachDatabase(databases, (target) => measureDatabase(target, { file, count, iterations, statsOnly }));
    console.log(`\n## Calls: ${count.toLocaleString('en')} calls in one tenant (${results.map(({ target }) => SEARCH[target.database] ?? target.database).join('; ')})`);
    console.log(`import: ${count.toLocaleString('en')} calls, ${fileMiB.toFixed(0)} MiB NDJSON, batches of 1,000, one transaction each, search index compacted (SQLite) / analysed (PostgreSQL) at the end`);
    printTable(
      results.map(({ target, result }) => ({
        database: target.database,
        import_s: (result.importMs / 1000).toFixed(1),
        calls_per_s: Math.round(count / (result.importMs / 1000)).toLocaleString('en'),
      })),
    );
    console.log('\ntargets: q search p99 < 20 ms; stats p99 < 50 ms');
    // Grouped by path, so each database's figure sits right under the other's.
    const paths = results[0]?.result.rows.map((r) => r.path) ?? [];
    printTable(paths.flatMap((path) => results.map(({ target, result }) => ({ database: target.database, ...result.rows.find((r) => r.path === path) }))));
    return results.map(({ target, result }) => ({ database: target.database, ...result }));
  } finally {
    rmSync(fileDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCalls();
