import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { ADMIN_TARGETS } from '../support/admin-targets.js';
import { bearer } from '../support/area-a.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { call } from '../support/http-harness.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { postgresCluster } from '../support/postgres.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { type Received, type Receiver, startReceiver } from '../support/webhook-receiver.js';

/**
 * Webhook delivery across processes: two instances on one PostgreSQL deliver each event once,
 * and a process killed (SIGKILL) after the commit and before the delivery loses nothing.
 */
const root = mkdtempSync(join(tmpdir(), 'svc-webhook-instances-'));
const PASSWORD = 'correct horse battery staple';
const corpusDir = join(root, 'corpus');
let receiver: Receiver;

const callIdOf = (r: Received) => (JSON.parse(r.body) as { data: { call?: { call_id: string } } }).data.call?.call_id;
const acknowledgedCalls = (r: Receiver) => new Set(r.received.filter((x) => x.status >= 200 && x.status < 300).map(callIdOf));

beforeAll(async () => {
  await writeCorpus(corpusDir, httpCorpus.artists, httpCorpus.works, [], new Date('2026-11-01T00:00:00Z'));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  rmSync(root, { recursive: true, force: true });
});

async function prepare(env: Record<string, string>) {
  expect((await runAdminCaptured(env, ['tenant', 'create', 'acme'])).code).toBe(0);
  expect((await runAdminCaptured(env, ['user', 'create', '--tenant', 'acme', '--email', 'ann@acme.example', '--role', 'admin', '--password', PASSWORD])).code).toBe(0);
}

async function subscribe(url: string, path: string): Promise<string> {
  const login = await call(url, 'POST', '/api/v1/auth/login', { json: { email: 'ann@acme.example', password: PASSWORD } });
  expect(login.status).toBe(200);
  const token = login.body.access_token as string;
  const created = await call(url, 'POST', '/api/v1/tenants/acme/webhooks', { json: { url: `${receiver.url}${path}`, events: ['call.created'] }, headers: bearer(token) });
  expect(created.status, created.text).toBe(201);
  receiver.secrets = [created.body.secret];
  return token;
}

const record = async (url: string, token: string, callId: string) => {
  const res = await call(url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: callId }), headers: bearer(token) });
  expect(res.status, res.text).toBe(201);
};

const baseEnv = { CORPUS_DIR: corpusDir, DEMO_SEED: 'false', JWT_SECRET: 'webhook-instances-share-this-secret-0123456789', WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_POLL_MS: '50', RATE_LIMIT_TENANT_PER_MINUTE: '1000000' };

describe.skipIf(postgresCluster === null)('two instances on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('deliver every event exactly once to a healthy receiver', { timeout: 120_000 }, async () => {
    const target = ADMIN_TARGETS.find((t) => t.name === 'postgres')!;
    const env = { ...(await target.env(join(root, 'pg-admin'))), ...baseEnv };
    await prepare(env);
    [a, b] = await Promise.all([startServerProcess({ ...env, DATA_DIR: join(root, 'pg-a') }), startServerProcess({ ...env, DATA_DIR: join(root, 'pg-b') })]);
    receiver.received.length = 0;
    receiver.respond = () => 200;
    const token = await subscribe(a.url, '/twice');
    const ids = Array.from({ length: 80 }, (_, i) => `call_pair_${i}`);
    for (let i = 0; i < ids.length; i += 8) {
      await Promise.all(ids.slice(i, i + 8).map((id, j) => record(j % 2 === 0 ? a.url : b.url, token, id)));
    }
    await receiver.until((r) => acknowledgedCalls(r).size === ids.length, 60_000);
    // Every delivery is settled (nothing pending could be sent again), and each event came once.
    const database = await target.open(env);
    try {
      for (let i = 0; i < 200; i++) {
        const pending = await database.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'succeeded').executeTakeFirstOrThrow();
        if (Number(pending.n) === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const attempts = await database.db.selectFrom('webhook_attempts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(attempts.n)).toBe(ids.length);
    } finally {
      await database.close();
    }
    const received = receiver.received.filter((r) => r.path === '/twice');
    expect(received.map(callIdOf).sort()).toEqual([...ids].sort());
    expect(new Set(received.map((r) => r.id)).size).toBe(ids.length);
    expect(received.every((r) => r.verifiedWith.length === 1)).toBe(true);
  });
});

describe.each(ADMIN_TARGETS)('kill -9 between commit and delivery on $name', (target) => {
  it('loses nothing: the events are delivered after a restart', { timeout: 120_000 }, async () => {
    const dataDir = join(root, `kill-${target.name}`);
    // A short lease and timeout: the restarted process takes the dead one's claims over quickly.
    const env = { ...(await target.env(dataDir)), ...baseEnv, WEBHOOKS_LEASE_MS: '3000', WEBHOOKS_TIMEOUT_MS: '2500' };
    await prepare(env);
    receiver.received.length = 0;
    // The receiver holds the first requests: the events are committed, claimed and on the wire, not delivered.
    let release: () => void = () => {};
    const held = new Promise<number>((resolve) => (release = () => resolve(200)));
    receiver.respond = () => held;
    const first = await startServerProcess(env);
    const token = await subscribe(first.url, `/kill-${target.name}`);
    const ids = Array.from({ length: 6 }, (_, i) => `call_kill_${target.name}_${i}`);
    for (const id of ids) await record(first.url, token, id);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (receiver.pending() > 0) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);
    receiver.respond = () => 200;
    release();

    const second = await startServerProcess(env);
    try {
      await receiver.until((r) => ids.every((id) => acknowledgedCalls(r).has(id)), 60_000);
    } finally {
      await second.stop();
    }
    expect(receiver.received.filter((r) => r.status === 200).every((r) => r.verifiedWith.length === 1)).toBe(true);
  });
});
