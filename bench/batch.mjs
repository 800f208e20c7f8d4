// POST /api/v1/verify/batch: 1,000 subjects keyed (each archived and metered) in one request,
// against the same 1,000 subjects as single POST /api/v1/verify calls (one connection, keep-alive,
// one after the other; and 10 connections), on the real server process per database.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { eachDatabase, SQLITE } from './databases.mjs';
import { catalogueSubjects, median, percentile, printTable, sampleSubjects } from './support.mjs';

/**
 * The bench server of a checkout (this one unless `checkout` names another built one, e.g. a
 * release's worktree), with `nodeArgs` before its script (`--cpu-prof`, `--trace-gc`: lines a
 * flag prints before the server's own JSON line are passed through).
 */
export function startChild(env = {}, { checkout = null, nodeArgs = [] } = {}) {
  const script = checkout === null ? new URL('./http-server.mjs', import.meta.url).pathname : `${checkout}/bench/http-server.mjs`;
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd: checkout ?? process.cwd(), stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let ready = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!ready && line.startsWith('{"verifyUrl"')) {
        ready = true;
        resolve({ child, ...JSON.parse(line) });
      } else process.stderr.write(`${line}\n`);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Stops a server started by `startChild`. */
export async function stopChild(server) {
  server.child.kill('SIGTERM');
  if (server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
}

async function post(url, key, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

export const FAIR_BATCHES = 16;

/**
 * One HTTP exchange on node:http (no fetch: its decompression and parsing would run in this
 * process's event loop and inflate the probe's figures); the body is drained, not parsed.
 */
export function exchange(url, { method = 'GET', key, body, agent } = {}) {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    if (key) headers['x-api-key'] = key;
    const req = request(url, { method, headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode} from ${url}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const PROBE_EVERY_MS = 10;

/**
 * `/healthz` latency, first idle and then while `count` keyed batches (each its own connection)
 * run at once; the batches' own wall time. Probes go out every 10 ms whether the previous ones
 * were answered or not (several keep-alive connections), so a stall of the server's event loop
 * delays every probe sent during it, not just one: the percentiles see how long it lasted.
 */
export async function healthzUnderBatches(server, batchBody, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const healthz = `${server.verifyUrl}/healthz`;
  const probe = async (until) => {
    const ms = [];
    const inFlight = [];
    for (let next = performance.now(); !until(); next += PROBE_EVERY_MS) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else next = performance.now(); // this process fell behind: no burst to catch up
      const sent = performance.now();
      inFlight.push(exchange(healthz, { agent }).then(() => ms.push(performance.now() - sent)));
    }
    await Promise.all(inFlight);
    return ms.sort((a, b) => a - b);
  };
  try {
    let probes = 0;
    const idle = await probe(() => probes++ >= 200);
    let running = true;
    const started = performance.now();
    const batches = Promise.all(
      Array.from({ length: count }, () => exchange(`${server.verifyUrl}/api/v1/verify/batch`, { method: 'POST', key: server.key, body: batchBody }).then(() => performance.now() - started)),
    ).finally(() => (running = false));
    const [busy, batchMs] = await Promise.all([probe(() => !running), batches]);
    return { idle, busy, batchMs: batchMs.sort((a, b) => a - b) };
  } finally {
    agent.destroy();
  }
}

async function measure(target, subjects, rounds) {
  const server = await startChild(target.env);
  try {
    const batchBody = batchRequestBody(subjects);
    const singles = subjects.map((s) => JSON.stringify(s));
    await post(`${server.verifyUrl}/api/v1/verify/batch`, server.key, batchBody); // warm-up
    for (const body of singles.slice(0, 200)) await post(`${server.verifyUrl}/api/v1/verify`, server.key, body);
    const batchMs = [];
    let served = 0;
    for (let r = 0; r < rounds; r++) {
      const a = performance.now();
      const out = JSON.parse(await post(`${server.verifyUrl}/api/v1/verify/batch`, server.key, batchBody));
      batchMs.push(performance.now() - a);
      served = out.served;
    }
    const sequentialMs = [];
    for (let r = 0; r < rounds; r++) {
      const a = performance.now();
      for (const body of singles) await post(`${server.verifyUrl}/api/v1/verify`, server.key, body);
      sequentialMs.push(performance.now() - a);
    }
    const concurrentMs = [];
    for (let r = 0; r < rounds; r++) {
      const a = performance.now();
      let next = 0;
      await Promise.all(Array.from({ length: 10 }, async () => {
        while (next < singles.length) await post(`${server.verifyUrl}/api/v1/verify`, server.key, singles[next++]);
      }));
      concurrentMs.push(performance.now() - a);
    }
    const fairness = await healthzUnderBatches(server, batchBody, FAIR_BATCHES);
    return { batchMs, sequentialMs, concurrentMs, served, bytes: batchBody.length, fairness };
  } finally {
    await stopChild(server);
  }
}

/** The batch's subjects: half the plain mix, half catalogue forms, from the shipped corpus. */
export async function batchSubjects(size = 1000) {
  const snapshot = await loadCorpusSnapshot();
  const plain = sampleSubjects(snapshot, size / 2, 21).map(({ kind, ...s }) => s);
  const catalogue = catalogueSubjects(snapshot, size / 2, 22).map(({ kind, ...s }) => s);
  return [...plain, ...catalogue];
}

/** The request body of a batch of `subjects`, each with its lot number. */
export const batchRequestBody = (subjects) => JSON.stringify({ subjects: subjects.map((s, i) => ({ ...s, lot: String(i + 1) })) });

export async function benchBatch({ size = 1000, rounds = 5, databases = [SQLITE] } = {}) {
  const subjects = await batchSubjects(size);
  const results = await eachDatabase(databases, (target) => measure(target, subjects, rounds));
  const rows = [];
  for (const { target, result } of results) {
    for (const [way, ms] of [
      [`1 batch request of ${size}`, result.batchMs],
      [`${size} single calls, 1 connection`, result.sequentialMs],
      [`${size} single calls, 10 connections`, result.concurrentMs],
    ]) {
      rows.push({
        database: target.database,
        way,
        median_ms: median(ms).toFixed(0),
        best_ms: Math.min(...ms).toFixed(0),
        us_per_subject: ((median(ms) * 1000) / size).toFixed(0),
        vs_batch: (median(ms) / median(result.batchMs)).toFixed(2),
      });
    }
  }
  console.log(`\n## Batch: ${size} subjects keyed (archived and metered) in one POST /api/v1/verify/batch, vs ${size} single calls (${rounds} rounds, median)`);
  console.log(`subjects: half the plain mix, half catalogue forms; served per batch: ${results[0]?.result.served ?? 'n/a'}; body ${results[0] ? Math.round(results[0].result.bytes / 1024) : 'n/a'} KiB; target: batch < 1000 ms`);
  printTable(rows);
  console.log(`\n## /healthz while ${FAIR_BATCHES} keyed batches of ${size} run at once (a probe every ${PROBE_EVERY_MS} ms, answered or not; target p99 < 100 ms)`);
  const fairRows = [];
  for (const { target, result } of results) {
    const { idle, busy, batchMs } = result.fairness;
    for (const [when, ms] of [['idle', idle], [`${FAIR_BATCHES} batches running`, busy]]) {
      fairRows.push({
        database: target.database,
        healthz: when,
        probes: ms.length,
        p50_ms: percentile(ms, 0.5).toFixed(1),
        p99_ms: percentile(ms, 0.99).toFixed(1),
        max_ms: ms[ms.length - 1].toFixed(1),
        batches_done_ms: when === 'idle' ? '' : `${batchMs[0].toFixed(0)}–${batchMs[batchMs.length - 1].toFixed(0)}`,
      });
    }
  }
  printTable(fairRows);
  return [...rows, ...fairRows];
}
