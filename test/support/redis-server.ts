import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether `redis-server` is on the PATH. In CI (CI=true) its absence is a failure, never a skip. */
export function redisServerAvailable(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI === 'true') {
      throw new Error('redis-server is required in CI (CI=true) for the Redis rate-limit tests; install the redis-server package.');
    }
    process.stderr.write(
      '\n!!! SKIPPING the Redis rate-limit tests: redis-server is not installed (apt-get install -y redis-server). CI runs them. !!!\n\n',
    );
    return false;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: an outage, not a clean shutdown). */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free port in a temp dir, no persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'svc-redis-'));
  let child: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
      proc.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${out}`));
      });
    });

  const kill = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      child = undefined;
      if (!proc || proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
