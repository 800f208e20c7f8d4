// Another process holding SQLite's write lock (issue 25 point 4, ADR 0027): a child process
// opens the server's file and holds BEGIN IMMEDIATE for `holdMs`, while this process polls
// /healthz and a keyed read (GET /api/v1/verify/usage) one after the other and sends keyed
// verifications (archived: they must wait for the lock, off the event loop). Reports the
// reads' latencies during the hold, and how the writes ended.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { percentile, printTable } from './support.mjs';

function startServer(env) {
  const child = spawn(process.execPath, [new URL('./http-server.mjs', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function holdLock(file, holdMs) {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.pragma('busy_timeout = 10000');
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); process.stdout.write('released\\n'); }, ${holdMs});`;
  const child = spawn(process.execPath, ['-e', script, file], { cwd: new URL('..', import.meta.url).pathname, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const released = new Promise((resolve) => lines.on('line', (l) => l === 'released' && resolve()));
  return new Promise((resolve) => lines.once('line', () => resolve({ released })));
}

async function timed(fn) {
  const a = performance.now();
  const status = await fn();
  return { ms: performance.now() - a, status };
}

export async function benchSqliteLock({ holdMs = 5000 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-lock-'));
  const server = await startServer({ DATABASE_URL: '', BENCH_DATA_DIR: dataDir, WEBHOOKS_POLL_MS: '200' });
  const get = (path) => fetch(`${server.verifyUrl}${path}`, { headers: { 'x-api-key': server.key } }).then(async (r) => (await r.arrayBuffer(), r.status));
  const verify = () =>
    fetch(`${server.verifyUrl}/api/v1/verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': server.key }, body: JSON.stringify({ subject_artist: 'Claude Monet', subject_title: 'Impression, soleil levant' }) }).then(async (r) => (await r.arrayBuffer(), r.status));
  try {
    await get('/api/v1/verify/usage');
    const lock = await holdLock(join(dataDir, 'svc.sqlite'), holdMs);
    let holding = true;
    void lock.released.then(() => (holding = false));
    const writes = [];
    const health = [];
    const usage = [];
    while (holding) {
      writes.push(timed(verify));
      health.push(await timed(() => get('/healthz')));
      usage.push(await timed(() => get('/api/v1/verify/usage')));
      await new Promise((r) => setTimeout(r, 100));
    }
    const done = await Promise.all(writes);
    const row = (what, xs) => {
      const ms = xs.map((x) => x.ms).sort((a, b) => a - b);
      const statuses = [...new Set(xs.map((x) => x.status))].join(' ');
      return { request: what, count: xs.length, p50_ms: percentile(ms, 0.5).toFixed(1), max_ms: ms[ms.length - 1].toFixed(1), statuses };
    };
    console.log(`\n## SQLite: another process holds BEGIN IMMEDIATE for ${holdMs} ms (DB_STATEMENT_TIMEOUT_MS 10000: the writes' lock wait)`);
    printTable([row('GET /healthz, during the lock', health), row('GET /api/v1/verify/usage (keyed read), during the lock', usage), row('POST /api/v1/verify (keyed, archived), sent during the lock', done)]);
  } finally {
    server.child.kill('SIGTERM');
    if (server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
