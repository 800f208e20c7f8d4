// svc-verify over stdio in embedded mode (the bundled corpus, in-process): tools/call
// verify_art_records per second and latency, sequential and pipelined (a window of requests in
// flight), measured from the client side of the pipe. Spawns the built server (npm run build).
import { spawn } from 'node:child_process';
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { percentile, printTable, sampleSubjects } from './support.mjs';

const ENTRY = new URL('../dist/runtimes/stdio/main.js', import.meta.url).pathname;

function startServer() {
  const started = performance.now();
  const child = spawn(process.execPath, [ENTRY], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', SVC_API_URL: '' },
  });
  const pending = new Map();
  let buffer = '';
  let nextId = 1;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const message = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      const waiter = pending.get(message.id);
      if (waiter) {
        pending.delete(message.id);
        waiter(message);
      }
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  const stop = async () => {
    child.stdin.end();
    return exited;
  };
  return { child, request, stop, started };
}

const verifyCall = (request, subject) =>
  request('tools/call', { name: 'verify_art_records', arguments: { subject_artist: subject.subject_artist, subject_title: subject.subject_title } });

/** Runs `count` calls keeping `window` in flight; returns per-call latencies (ms) and the wall time. */
async function run(request, subjects, count, window) {
  const latencies = new Float64Array(count);
  let issued = 0;
  const start = performance.now();
  const worker = async () => {
    while (issued < count) {
      const i = issued++;
      const t0 = performance.now();
      const result = await verifyCall(request, subjects[i % subjects.length]);
      if (result.isError) throw new Error(`tool error: ${result.content[0].text}`);
      latencies[i] = performance.now() - t0;
    }
  };
  await Promise.all(Array.from({ length: window }, worker));
  return { latencies: latencies.sort(), wallMs: performance.now() - start };
}

export async function benchStdio({ sequential = 2_000, pipelined = 20_000, window = 16 } = {}) {
  const snapshot = await loadCorpusSnapshot();
  const subjects = sampleSubjects(snapshot, 5_000);
  const server = startServer();
  try {
    await server.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    server.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    await verifyCall(server.request, subjects[0]);
    const firstAnswerMs = performance.now() - server.started;

    await run(server.request, subjects, 2_000, window); // JIT warm-up on both sides
    const rows = [];
    for (const [mode, count, inFlight] of [
      ['sequential (1 in flight)', sequential, 1],
      [`pipelined (${window} in flight)`, pipelined, window],
    ]) {
      const { latencies, wallMs } = await run(server.request, subjects, count, inFlight);
      rows.push({
        mode,
        calls: count,
        calls_per_s: Math.round(count / (wallMs / 1000)),
        p50_ms: percentile(latencies, 0.5).toFixed(3),
        p99_ms: percentile(latencies, 0.99).toFixed(3),
        max_ms: latencies[latencies.length - 1].toFixed(1),
      });
    }
    console.log(`\n## stdio tool server (svc-verify, embedded mode, tools/call verify_art_records over a pipe)`);
    console.log(`corpus: ${snapshot.artists.length} artists, ${snapshot.works.length} works; spawn to first verify answer: ${Math.round(firstAnswerMs)} ms (corpus load included)`);
    printTable(rows);
    return rows;
  } finally {
    const code = await server.stop();
    if (code !== 0) console.log(`svc-verify exited with code ${code}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStdio();
