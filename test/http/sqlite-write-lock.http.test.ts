import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, expectProblem, seedCast } from '../support/area-a.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { untilInFlight } from '../support/server-process.js';

/**
 * Issue 25, point 4: another process holding SQLite's write lock (svc-admin, a backup, a second
 * instance) must not freeze the server. A child node process opens the same file with its own
 * better-sqlite3 connection and holds `BEGIN IMMEDIATE` until the test tells it to commit; the
 * assertions are on order, never on time: the reads answer while the lock is held and the
 * writes are still waiting (ADR 0027).
 */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Locker {
  /** Commits the child's transaction (it wrote one row of its own) and waits for it to exit. */
  release(): Promise<void>;
  child: ChildProcess;
}

async function holdWriteLock(file: string): Promise<Locker> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 10000');
    db.exec('BEGIN IMMEDIATE');
    db.prepare("insert into tenants (tenant_id, name, created_at) values ('locker', 'Locker', '2026-01-01T00:00:00.000Z')").run();
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => {
      db.exec('COMMIT');
      db.close();
      process.stdout.write('released\\n');
      process.exit(0);
    });`;
  const child = spawn(process.execPath, ['-e', script, file], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => void (out += chunk.toString()));
  while (!out.includes('locked')) {
    if (child.exitCode !== null) throw new Error(`locker exited with ${child.exitCode}`);
    await once(child.stdout!, 'data');
  }
  return {
    child,
    async release() {
      const exited = once(child, 'exit');
      child.stdin!.write('release\n');
      await exited;
      expect(out).toContain('released');
    },
  };
}

/** The promise, and whether it has settled yet: the order of events is the assertion. */
function watched<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  void promise.finally(() => (done = true)).catch(() => undefined);
  return { promise, settled: () => done };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function serverOnFile(lockWaitMs: number): Promise<{ h: Harness; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
  const file = join(dir, 'lock.sqlite');
  const h = await startHarness({
    env: { DATABASE_URL: `sqlite:${file}`, DB_STATEMENT_TIMEOUT_MS: String(lockWaitMs), RATE_LIMIT_TENANT_PER_MINUTE: '1000000', WEBHOOKS_POLL_MS: '50' },
  });
  cleanup.push(async () => {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return { h, file };
}

const SUBJECT = { subject_artist: 'Claude Monet', subject_title: 'Impression, soleil levant' };

describe('SQLite: another process holding the write lock', () => {
  it('reads answer while it holds it; writes wait off the event loop and land once it commits, nothing lost', async () => {
    const { h, file } = await serverOnFile(60_000);
    const { admin } = await seedCast(h);
    const { key } = await h.deps.keys.create('lock test', 1000);
    expect((await call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'before-lock' }), headers: bearer(admin) })).status).toBe(201);

    const locker = await holdWriteLock(file);
    cleanup.push(async () => {
      if (locker.child.exitCode === null) await locker.release();
    });
    // A write of the main connection, and a verification (archived by the writer thread).
    const write = watched(call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'during-lock' }), headers: bearer(admin) }));
    const verify = watched(call(h.url, 'POST', '/api/v1/verify', { json: SUBJECT, headers: { 'x-api-key': key } }));
    // Both reached the server and wait (the metrics scrape is the third request in flight).
    await untilInFlight(h.url, 3);

    const health = await call(h.url, 'GET', '/healthz');
    const list = await call(h.url, 'GET', '/api/v1/tenants/acme/calls', { headers: bearer(admin) });
    const usage = await call(h.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': key } });
    expect(health.status).toBe(200);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { call_id: string }) => c.call_id)).toEqual(['before-lock']);
    expect(usage.status).toBe(200);
    // Answered while the writes still wait for the lock, which the child still holds.
    expect(write.settled()).toBe(false);
    expect(verify.settled()).toBe(false);
    expect(locker.child.exitCode).toBeNull();

    await locker.release();
    const written = await write.promise;
    const verified = await verify.promise;
    expect(written.status).toBe(201);
    expect(verified.status).toBe(200);

    // Nothing lost: the child's row, the waiting write, the verification archived and metered.
    const after = await call(h.url, 'GET', '/api/v1/tenants/acme/calls', { headers: bearer(admin) });
    expect(after.body.data.map((c: { call_id: string }) => c.call_id).sort()).toEqual(['before-lock', 'during-lock']);
    const listed = await call(h.url, 'GET', '/api/v1/verify/requests', { headers: { 'x-api-key': key } });
    expect(listed.body.data.map((r: { request_id: string }) => r.request_id)).toEqual([verified.body.request_id]);
    const archived = await call(h.url, 'GET', `/api/v1/verify/requests/${verified.body.request_id}`, { headers: { 'x-api-key': key } });
    expect(archived.status).toBe(200);
    const usageAfter = await call(h.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': key } });
    expect(usageAfter.body).toMatchObject({ served_calls: 1 });
    const tenants = h.deps.database.db.selectFrom('tenants').select('tenant_id').where('tenant_id', '=', 'locker');
    expect(await tenants.execute()).toEqual([{ tenant_id: 'locker' }]);
  });

  it('a write that waited its whole wait answers 503 with Retry-After, while reads went on; after the commit it succeeds', async () => {
    const { h, file } = await serverOnFile(300);
    const { admin } = await seedCast(h);
    const locker = await holdWriteLock(file);
    cleanup.push(async () => {
      if (locker.child.exitCode === null) await locker.release();
    });
    const write = watched(call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'refused' }), headers: bearer(admin) }));
    await untilInFlight(h.url, 2).catch(() => undefined); // it may already have answered
    const health = await call(h.url, 'GET', '/healthz');
    expect(health.status).toBe(200);
    const refused = await write.promise;
    expectProblem(refused, 503);
    expect(refused.headers.get('retry-after')).toBe('1');
    // The lock is still held: reads answer, and the refusal wrote nothing.
    expect(locker.child.exitCode).toBeNull();
    expect((await call(h.url, 'GET', '/api/v1/tenants/acme/calls/refused', { headers: bearer(admin) })).status).toBe(404);

    await locker.release();
    expect((await call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'refused' }), headers: bearer(admin) })).status).toBe(201);
  });
});
