// The keyed batch of 1,000 A/B: this checkout's server against another built checkout's (a
// release's worktree, e.g. `git worktree add /tmp/v240 <release commit>` then `npm ci && npm run
// build` there), both running at once on the same machine, sent the same request body one batch
// at a time, alternately (ABBA...), so that a machine shared with other work loads both alike.
// Each batch's wall time and its server's CPU (user + system of every thread, /proc/<pid>/stat)
// are reported: on a shared machine the CPU is the steadier figure.
//
//   node bench/batch-ab.mjs [/path/to/other/checkout]
//   AB_DB=postgres (default sqlite)  AB_ROUNDS=20 (batches per server)
//   AB_HEALTHZ=4: then that many runs of /healthz under 16 concurrent batches on each server
//   AB_NODE_ARGS="--trace-gc": node flags for both servers
//   AB_SUBJECTS=other: the subjects drawn from the other checkout's corpus and samples (default: this one's)
// Linux only (/proc). Figures, never pass/fail.
import { Agent } from 'node:http';
import { batchRequestBody, batchSubjects, exchange, FAIR_BATCHES, healthzUnderBatches, startChild, stopChild } from './batch.mjs';
import { benchDatabases, SQLITE } from './databases.mjs';
import { median, percentile, printTable, processCpuMs } from './support.mjs';

const other = process.argv[2] ?? null;
const database = process.env.AB_DB ?? 'sqlite';
const rounds = Number(process.env.AB_ROUNDS ?? 20);
const healthzRuns = Number(process.env.AB_HEALTHZ ?? 0);
const nodeArgs = (process.env.AB_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');

/** The other checkout's subjects, drawn as its own batch benchmark drew them. */
async function otherSubjects(size = 1000) {
  const { loadCorpusSnapshot } = await import(`${other}/dist/adapters/corpus/file-corpus.loader.js`);
  const { catalogueSubjects, sampleSubjects } = await import(`${other}/dist/corpus/build/subject-samples.js`);
  const snapshot = await loadCorpusSnapshot();
  const strip = ({ kind, ...s }) => s;
  return [...sampleSubjects(snapshot, size / 2, 21).map(strip), ...catalogueSubjects(snapshot, size / 2, 22).map(strip)];
}

async function run(targets) {
  const subjects = process.env.AB_SUBJECTS === 'other' && other !== null ? await otherSubjects() : await batchSubjects(1000);
  const body = batchRequestBody(subjects);
  const servers = [];
  try {
    for (const { name, checkout, env, args } of targets) servers.push({ name, ...(await startChild(env, { checkout, nodeArgs: args })) });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const batch = async (server) => {
      const cpu = processCpuMs(server.child.pid).total;
      const started = performance.now();
      await exchange(`${server.verifyUrl}/api/v1/verify/batch`, { method: 'POST', key: server.key, body, agent });
      return { wall: performance.now() - started, cpu: processCpuMs(server.child.pid).total - cpu };
    };
    for (const server of servers) for (let i = 0; i < 5; i++) await batch(server); // warm-up
    const figures = servers.map(() => ({ wall: [], cpu: [] }));
    for (let r = 0; r < rounds; r++) {
      // ABBA: each server goes first as often as the other.
      const order = servers.map((_, i) => i);
      if (r % 2 === 1) order.reverse();
      for (const i of order) {
        const { wall, cpu } = await batch(servers[i]);
        figures[i].wall.push(wall);
        figures[i].cpu.push(cpu);
      }
    }
    agent.destroy();
    console.log(`\n## Batch of 1,000 keyed subjects, ${database}, ${rounds} batches per server, alternated (one at a time)`);
    printTable(
      servers.map((s, i) => ({
        server: s.name,
        wall_median_ms: median(figures[i].wall).toFixed(0),
        wall_best_ms: Math.min(...figures[i].wall).toFixed(0),
        wall_p90_ms: percentile([...figures[i].wall].sort((a, b) => a - b), 0.9).toFixed(0),
        server_cpu_median_ms: median(figures[i].cpu).toFixed(0),
        server_cpu_best_ms: Math.min(...figures[i].cpu).toFixed(0),
      })),
    );
    if (healthzRuns > 0) {
      const rows = [];
      for (let r = 0; r < healthzRuns; r++) {
        const order = servers.map((_, i) => i);
        if (r % 2 === 1) order.reverse();
        for (const i of order) {
          const server = servers[i];
          const cpu = processCpuMs(server.child.pid).total;
          const { busy, batchMs } = await healthzUnderBatches(server, body, FAIR_BATCHES);
          rows.push({
            server: server.name,
            run: r + 1,
            probes: busy.length,
            p50_ms: percentile(busy, 0.5).toFixed(1),
            p99_ms: percentile(busy, 0.99).toFixed(1),
            max_ms: busy[busy.length - 1].toFixed(1),
            batches_done_ms: `${batchMs[0].toFixed(0)}–${batchMs[batchMs.length - 1].toFixed(0)}`,
            server_cpu_ms: processCpuMs(server.child.pid).total - cpu,
          });
        }
      }
      console.log(`\n## /healthz while ${FAIR_BATCHES} keyed batches of 1,000 run at once, ${database} (a probe every 10 ms; target p99 < 100 ms)`);
      printTable(rows);
    }
  } finally {
    for (const server of servers) await stopChild(server);
  }
}

const targets = (env) => [
  { name: 'this checkout', checkout: null, env, args: nodeArgs },
  ...(other === null ? [] : [{ name: other, checkout: other, env, args: nodeArgs }]),
];
if (database === 'sqlite') {
  await run(targets(SQLITE.env));
} else {
  // Each server its own database (their schemas are their releases'), on one throwaway cluster.
  const databases = await benchDatabases();
  try {
    await databases.use('ab_this', async ([, mine]) => {
      if (mine === undefined) throw new Error('PostgreSQL is not available');
      if (other === null) return run(targets(mine.env));
      await databases.use('ab_other', async ([, theirs]) => {
        const [a, b] = targets(mine.env);
        await run([a, { ...b, env: theirs.env }]);
      });
    });
  } finally {
    await databases.stop();
  }
}
