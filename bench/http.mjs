// HTTP verify under autocannon (50 connections, keyed: archived and metered) against a bare
// Koa route served by the same process, in the same run: one server process per database
// (SQLite; PostgreSQL when run.mjs has a cluster), so the ratio to bare compares like with like.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { eachDatabase, SQLITE } from './databases.mjs';
import { printTable, processCpuMs, sampleSubjects } from './support.mjs';

function startChild(env = {}) {
  const child = spawn(process.execPath, [new URL('./http-server.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** CPU seconds (user + system) the server process has used: a figure that contention does not inflate. */
const cpuSeconds = (pid) => processCpuMs(pid).total / 1000;

async function measured(pid, opts) {
  const before = cpuSeconds(pid);
  const result = await run(opts);
  result.cpuPerRequestUs = ((cpuSeconds(pid) - before) / result.requests.total) * 1e6;
  return result;
}

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** One server process on one database: bare, then verify. */
async function measureDatabase(target, subjects, { seconds, connections }) {
  const server = await startChild(target.env);
  const orphan = () => server.child.kill('SIGTERM'); // an interrupted run (databases.mjs exits on SIGINT)
  process.once('exit', orphan);
  try {
    let i = 0;
    const common = { connections, duration: seconds, method: 'POST', headers: { 'content-type': 'application/json' } };
    const subjectRequests = [{ setupRequest: (req) => ({ ...req, body: subjects[i++ % subjects.length] }) }];
    await run({ ...common, url: `${server.bareUrl}/bare`, duration: 2, body: '{}' }); // warm-up
    const bare = await measured(server.child.pid, { ...common, url: `${server.bareUrl}/bare`, body: '{}' });
    const floorJson = await measured(server.child.pid, { ...common, url: `${server.bareUrl}/floor/json`, requests: subjectRequests });
    await run({ ...common, url: `${server.bareUrl}/floor/engine`, duration: 2, requests: subjectRequests }); // warm-up
    const floorEngine = await measured(server.child.pid, { ...common, url: `${server.bareUrl}/floor/engine`, requests: subjectRequests });
    const verifyOpts = {
      ...common,
      url: `${server.verifyUrl}/api/v1/verify`,
      headers: { ...common.headers, 'x-api-key': server.key },
      requests: subjectRequests,
    };
    await run({ ...verifyOpts, duration: 2 }); // warm-up
    const verify = await measured(server.child.pid, verifyOpts);
    const verify10 = await measured(server.child.pid, { ...verifyOpts, connections: 10 });
    return { bare, floorJson, floorEngine, verify, verify10 };
  } finally {
    process.off('exit', orphan);
    server.child.kill('SIGTERM');
    if (server.child.exitCode === null) {
      // Its database connections must be gone before the cluster stops; it drains within the grace.
      const exited = new Promise((r) => server.child.once('exit', r));
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

/** `databases`: targets from databases.mjs ({ database, env }); SQLite alone by default. */
export async function benchHttp({ seconds = 10, connections = 50, databases = [SQLITE] } = {}) {
  const snapshot = await loadCorpusSnapshot();
  const subjects = sampleSubjects(snapshot, 2_000).map(({ kind, ...s }) => JSON.stringify(s));
  const results = await eachDatabase(databases, (target) => measureDatabase(target, subjects, { seconds, connections }));
  const row = (database, name, r, bare) => ({
    database,
    route: name,
    req_per_s: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    server_cpu_us_per_req: Math.round(r.cpuPerRequestUs),
    throughput_vs_bare: (r.requests.average / bare.requests.average).toFixed(2),
    bare_cpu_vs_cpu: (bare.cpuPerRequestUs / r.cpuPerRequestUs).toFixed(2),
    non_2xx: r.non2xx,
    errors: r.errors,
  });
  // Grouped by route, so each database's verify sits right under the other's.
  const rows = [
    ...results.map(({ target, result }) => row(target.database, 'bare Koa POST /bare', result.bare, result.bare)),
    ...results.map(({ target, result }) => row(target.database, 'floor: bare + JSON body', result.floorJson, result.bare)),
    ...results.map(({ target, result }) => row(target.database, 'floor: bare + JSON body + engine', result.floorEngine, result.bare)),
    ...results.map(({ target, result }) => row(target.database, 'POST /api/v1/verify (keyed)', result.verify, result.bare)),
    ...results.map(({ target, result }) => row(target.database, 'POST /api/v1/verify (keyed), 10 conn.', result.verify10, result.bare)),
  ];
  console.log(`\n## HTTP verify vs bare Koa (${connections} connections unless said, ${seconds} s each, same process, one process per database)`);
  console.log('targets (issue 17): keyed throughput >= 0.6 x bare on SQLite, 0.5 x on PostgreSQL; p99 < 5 ms at 10 connections');
  console.log('floor rows: the bare app with only a JSON body parser, then also the engine\'s answer (no middleware, key, limit or archive)');
  console.log('throughput_vs_bare: req/s over the same process\'s bare req/s; bare_cpu_vs_cpu: bare server CPU per request over this route\'s (the throughput ratio a CPU-bound server would show)');
  printTable(rows);
  return rows;
}
