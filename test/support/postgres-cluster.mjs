// A throwaway PostgreSQL cluster for tests and benchmarks: initdb into a temp directory, a
// server on a free loopback port, trust authentication, no durability (fsync off: it is
// thrown away). As root it runs as the `postgres` user (Debian's package creates it), since
// PostgreSQL refuses to run as root. Plain JavaScript so that bench/ (node, no TypeScript)
// and the vitest suites share it.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The directory holding initdb and postgres: Debian's versioned one (newest), else PATH. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return join(root, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'postgres')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** uid/gid to run as: ourselves, or `postgres` (else `nobody`) when we are root. */
function runAs() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  for (const user of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', user]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', user]).toString().trim());
      return { uid, gid };
    } catch {
      // try the next one
    }
  }
  throw new Error('running as root and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

/**
 * Starts a cluster. Resolves to { url, port, adminUrl(db), stop() }: `url` is the `postgres`
 * database as superuser `postgres`.
 */
export async function startPostgresCluster({ maxConnections = 300 } = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries (initdb, postgres) not found; apt-get install -y postgresql');
  const owner = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'svc-pg-'));
  const data = join(dir, 'data');
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o755);
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: dir,
    ...owner,
  });
  const port = await freePort();
  const args = [
    '-D', data, '-p', String(port), '-k', dir,
    '-c', 'listen_addresses=127.0.0.1',
    '-c', `max_connections=${maxConnections}`,
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'shared_buffers=128MB', '-c', 'log_min_messages=warning',
  ];
  let child;
  let exited;
  let log = '';
  // Starts the server on the cluster's data directory and port; resolves once it accepts connections.
  const launch = async () => {
    child = spawn(join(bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...owner });
    child.stderr.on('data', (chunk) => {
      log = (log + chunk.toString()).slice(-4000);
    });
    exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'], { stdio: 'ignore' });
        return;
      } catch {
        if (child.exitCode !== null || Date.now() > deadline) {
          child.kill('SIGKILL');
          rmSync(dir, { recursive: true, force: true });
          throw new Error(`PostgreSQL did not start: ${log}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  // Fast shutdown (what `pg_ctl stop -m fast` sends): every backend terminated, no checkpoint wait.
  const shutDown = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  await launch();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    bin,
    /** The URL of another database of this cluster. */
    databaseUrl: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    /** Stops the server as `pg_ctl stop -m fast` does, waits `downMs`, starts it again on the same port and data. */
    async restart({ downMs = 0 } = {}) {
      await shutDown();
      await new Promise((r) => setTimeout(r, downMs));
      await launch();
    },
    async stop() {
      await shutDown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
