// Keyed verify throughput A/B: this checkout's bench server against another built checkout's (a
// release's worktree, e.g. `git worktree add /tmp/v240 <release commit>`, then `npm ci && npm
// run build` there). A throughput run takes both cores, so the servers run one at a time: each
// round starts a fresh server of each checkout in turn (ABBA...: each goes first as often as the
// other), on its own SQLite file, warms it for 2 s, then drives it with autocannon for
// AB_SECONDS. Per round: req/s, p99, and the server's CPU per request from /proc (all threads,
// the event loop's thread alone, user and system apart), the load generator's own CPU per request
// (it shares the two cores: a longer answer costs it more to read), and the bytes of an answer;
// then each checkout's medians. The
// machine's speed drifts between minutes: only figures of one run compare, and a difference
// smaller than the spread between one checkout's rounds is not a result.
//
//   node bench/http-ab.mjs /path/to/other/checkout
//   AB_ROUNDS=6  AB_SECONDS=8  AB_CONNECTIONS=50
//   AB_SUBJECTS=this: both servers get this checkout's 2,000 sampled subjects (default: each its
//   own checkout's sample, as each one's `npm run bench -- http` draws them)
// Linux only (/proc). Figures, never pass/fail.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startChild, stopChild } from './batch.mjs';
import { SQLITE } from './databases.mjs';
import { median, printTable, processCpuMs } from './support.mjs';

const other = process.argv[2];
if (other === undefined) {
  console.error('usage: node bench/http-ab.mjs /path/to/other/checkout');
  process.exit(2);
}
const rounds = Number(process.env.AB_ROUNDS ?? 6);
const seconds = Number(process.env.AB_SECONDS ?? 8);
const connections = Number(process.env.AB_CONNECTIONS ?? 50);

/** A checkout's 2,000 sampled subjects, as its own HTTP benchmark draws them. */
async function subjectsOf(checkout) {
  const root = checkout ?? new URL('..', import.meta.url).pathname;
  const { loadCorpusSnapshot } = await import(`${root}/dist/adapters/corpus/file-corpus.loader.js`);
  const { sampleSubjects } = await import(`${root}/bench/support.mjs`);
  return sampleSubjects(await loadCorpusSnapshot(), 2_000).map(({ kind, ...s }) => JSON.stringify(s));
}

async function round(target) {
  const server = await startChild(SQLITE.env, { checkout: target.checkout });
  try {
    let next = 0;
    const options = {
      url: `${server.verifyUrl}/api/v1/verify`,
      connections,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': server.key },
      requests: [{ setupRequest: (req) => ({ ...req, body: target.subjects[next++ % target.subjects.length] }) }],
    };
    await autocannon({ ...options, duration: 2 });
    const pid = server.child.pid;
    const all0 = processCpuMs(pid);
    const loop0 = processCpuMs(pid, pid);
    const client0 = processCpuMs(process.pid);
    const result = await autocannon({ ...options, duration: seconds });
    const all1 = processCpuMs(pid);
    const loop1 = processCpuMs(pid, pid);
    const client1 = processCpuMs(process.pid);
    const n = result.requests.total;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      // µs a request: the CPU figures are in ms.
      cpu: ((all1.total - all0.total) * 1000) / n,
      loop: ((loop1.total - loop0.total) * 1000) / n,
      user: ((all1.user - all0.user) * 1000) / n,
      system: ((all1.system - all0.system) * 1000) / n,
      // The load generator's own CPU (autocannon runs in this process), on the same cores.
      client: ((client1.total - client0.total) * 1000) / n,
      bytes: result.throughput.total / n,
    };
  } finally {
    await stopChild(server);
  }
}

const own = process.env.AB_SUBJECTS !== 'this';
const targets = [
  { name: 'this checkout', checkout: null, subjects: await subjectsOf(null) },
  { name: other, checkout: other, subjects: null },
];
targets[1].subjects = own ? await subjectsOf(other) : targets[0].subjects;

const rows = [];
const figures = targets.map(() => []);
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? [0, 1] : [1, 0];
  for (const i of order) {
    const f = await round(targets[i]);
    figures[i].push(f);
    rows.push({
      round: r + 1,
      server: targets[i].name,
      req_per_s: f.rps.toFixed(0),
      p99_ms: f.p99,
      cpu_us_per_req: f.cpu.toFixed(0),
      event_loop_us: f.loop.toFixed(0),
      user_us: f.user.toFixed(0),
      system_us: f.system.toFixed(0),
      client_us: f.client.toFixed(0),
      bytes_per_resp: f.bytes.toFixed(0),
      load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
    });
  }
}
console.log(`\n## Keyed verify on SQLite, ${connections} connections, ${seconds} s a round, ${rounds} rounds alternated (subjects: ${own ? "each checkout's own sample" : "this checkout's"})`);
printTable(rows);
console.log('\nMedians:');
printTable(
  targets.map((t, i) => ({
    server: t.name,
    req_per_s: median(figures[i].map((f) => f.rps)).toFixed(0),
    req_per_s_range: `${Math.min(...figures[i].map((f) => f.rps)).toFixed(0)}–${Math.max(...figures[i].map((f) => f.rps)).toFixed(0)}`,
    cpu_us_per_req: median(figures[i].map((f) => f.cpu)).toFixed(0),
    event_loop_us: median(figures[i].map((f) => f.loop)).toFixed(0),
    user_us: median(figures[i].map((f) => f.user)).toFixed(0),
    system_us: median(figures[i].map((f) => f.system)).toFixed(0),
    client_us: median(figures[i].map((f) => f.client)).toFixed(0),
  })),
);
