// Rate-limit overhead: the same route unlimited, limited in memory and limited in Redis,
// under autocannon (server in a child process). Starts its own redis-server; without one the
// Redis figures are skipped with a message.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { printTable } from './support.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startRedis() {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function startChild(env) {
  const child = spawn(process.execPath, [new URL('./ratelimit-server.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`rate-limit bench server exited with ${code}`)));
  });
}

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

export async function benchRateLimit({ seconds = 10, connections = 50 } = {}) {
  console.log(`\n## Rate limiting: one route unlimited vs limited (rate-limiter-flexible), ${connections} connections, ${seconds} s each`);
  const redis = await startRedis();
  if (!redis) console.log('redis-server not found: Redis figures skipped (apt-get install -y redis-server).');
  const server = await startChild(redis ? { REDIS_URL: redis.url } : {});
  try {
    const variants = ['unlimited', 'memory', ...(server.redis ? ['redis'] : [])];
    const rows = [];
    let base;
    for (const v of variants) {
      const url = `${server.urls[v]}/${v}`;
      await run({ url, connections, duration: 2 }); // warm-up
      const r = await run({ url, connections, duration: seconds });
      base ??= r.requests.average;
      rows.push({
        route: v === 'unlimited' ? 'GET unlimited' : `GET limited (${v})`,
        'req/s': Math.round(r.requests.average),
        'vs unlimited': `${((r.requests.average / base) * 100).toFixed(0)}%`,
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      });
    }
    printTable(rows);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await redis?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRateLimit();
