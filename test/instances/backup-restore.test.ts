import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { bearer } from '../support/area-a.js';
import { eventually } from '../support/eventually.js';
import { call } from '../support/http-harness.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { findPostgresBin } from '../support/postgres-cluster.mjs';
import { createPostgresDatabase } from '../support/postgres.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { TEST_DATABASES } from '../support/test-databases.js';

/**
 * A backup taken while the server serves keyed verifications and runs a knowledge sync,
 * restored into a fresh instance (its own process): a client sees there what it saw at the
 * backup's moment. SQLite through `svc-admin backup`/`restore`; PostgreSQL through pg_dump -Fc
 * and pg_restore from the run's cluster (docs/backups.md).
 */
const root = mkdtempSync(join(tmpdir(), 'svc-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const run = promisify(execFile);
/** pg_dump and pg_restore of the version the run's cluster runs. */
const POSTGRES_BIN = findPostgresBin();
const PASSWORD = 'correct horse battery staple';
const MONTH = new Date().toISOString().slice(0, 7);
const SUBJECTS = [
  { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' },
  { subject_artist: 'John Hoppner', subject_title: 'Portrait of a Lady' },
  { subject_artist: 'Nobody Known', subject_title: 'Untitled' },
];

interface Served {
  request_id: string;
  startedAt: number;
  endedAt: number;
}

/** What a client of the tenant and of the keys sees, read over HTTP (and svc-admin's invoices). */
async function clientView(url: string, token: string, keys: string[]) {
  const requests: Record<string, unknown[]> = {};
  const usage: Record<string, unknown> = {};
  for (const key of keys) {
    const rows: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await call(url, 'GET', `/api/v1/verify/requests?month=${MONTH}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { 'x-api-key': key } });
      expect(page.status, page.text).toBe(200);
      rows.push(...page.body.data);
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    requests[key] = rows;
    usage[key] = (await call(url, 'GET', `/api/v1/verify/usage?month=${MONTH}`, { headers: { 'x-api-key': key } })).body;
  }
  const get = async (path: string) => {
    const res = await call(url, 'GET', path, { headers: bearer(token) });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.body;
  };
  return {
    requests,
    usage,
    calls: await get('/api/v1/tenants/acme/calls?limit=100'),
    callSearch: await get('/api/v1/tenants/acme/calls?q=zeppelin'),
    knowledge: await get('/api/v1/tenants/acme/knowledge/search?q=warranty&limit=10'),
    agents: await get('/api/v1/ai-agents'),
  };
}

const login = async (url: string) => {
  const res = await call(url, 'POST', '/api/v1/auth/login', { json: { email: 'ann@acme.example', password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token as string;
};

const upload = (url: string, token: string, title: string, text: string) => {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), `${title}.txt`);
  return fetch(`${url}/api/v1/tenants/acme/knowledge`, { method: 'POST', headers: bearer(token), body: form });
};

/** How each database is backed up and restored, as docs/backups.md tells an operator. */
interface BackupWay {
  backup(env: Record<string, string>, file: string): Promise<void>;
  /** The environment of a new instance on the restored database. */
  restore(file: string, dataDir: string): Promise<Record<string, string>>;
}

const SQLITE_WAY: BackupWay = {
  async backup(env, file) {
    const taken = await runAdminCaptured(env, ['backup', file]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.json).toMatchObject({ integrity: 'ok', file });
    expect(taken.json.tables.api_keys).toBe(3);
  },
  async restore(file, dataDir) {
    const env = { DATA_DIR: dataDir };
    const restored = await runAdminCaptured(env, ['restore', file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.json).toMatchObject({ integrity: 'ok' });
    // A second restore into the same (now non-empty) directory is refused, and changes nothing.
    const again = await runAdminCaptured(env, ['restore', file]);
    expect([again.code, again.stdout]).toEqual([2, '']);
    expect(again.stderr).toMatch(/is not empty/);
    return env;
  },
};

const POSTGRES_WAY: BackupWay = {
  async backup(env, file) {
    await run(join(POSTGRES_BIN!, 'pg_dump'), ['-Fc', '--no-owner', '-f', file, env.DATABASE_URL!]);
    // svc-admin backup answers PostgreSQL with the way to do it.
    const refused = await runAdminCaptured(env, ['backup', join(root, 'never.sqlite')]);
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toMatch(/pg_dump -Fc \/ pg_restore .*docs\/backups\.md/);
  },
  async restore(file, dataDir) {
    const url = await createPostgresDatabase({ migrated: false });
    await run(join(POSTGRES_BIN!, 'pg_restore'), ['--no-owner', '--exit-on-error', '-d', url, file]);
    return { DATA_DIR: dataDir, DATABASE_URL: url };
  },
};

for (const target of TEST_DATABASES) {
  describe(`backup under load, restored into a fresh instance: ${target.name}`, () => {
    const way = target.name === 'sqlite' ? SQLITE_WAY : POSTGRES_WAY;
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
    });

    it('serves the same listing, usage, invoices, calls, knowledge and keys as at the backup', async () => {
      const dir = mkdtempSync(join(root, `${target.name}-`));
      const corpusDir = join(dir, 'corpus');
      await writeCorpus(corpusDir, httpCorpus.artists, httpCorpus.works, [], new Date('2026-11-01T00:00:00Z'));
      const common = {
        ...target.serverEnv,
        JWT_SECRET: 'backup-restore-test-secret-0123456789abcdef',
        CORPUS_DIR: corpusDir,
        DEMO_SEED: 'false',
        RATE_LIMIT_VERIFY_KEY_PER_MINUTE: '1000000',
        RATE_LIMIT_TENANT_PER_MINUTE: '1000000',
        RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000',
      };
      const env = { ...(await target.env(join(dir, 'original'))), ...common };
      const admin = (args: string[], stdin?: string, e: Record<string, string> = env) => runAdminCaptured(e, args, stdin);
      expect((await admin(['tenant', 'create', 'acme'])).code).toBe(0);
      expect((await admin(['user', 'create', '--tenant', 'acme', '--email', 'ann@acme.example', '--role', 'admin'], `${PASSWORD}\n`)).code).toBe(0);
      const busy = (await admin(['key', 'create', '--label', 'busy'])).json;
      const quiet = (await admin(['key', 'create', '--label', 'quiet', '--plan', 'pilot', '--until', '2099-12-31'])).json;
      const revoked = (await admin(['key', 'create', '--label', 'gone'])).json;
      expect((await admin(['key', 'revoke', revoked.key_id])).code).toBe(0);
      const original = await startServerProcess(env);
      servers.push(original);
      const token = await login(original.url);

      // Before the backup: calls, a synced document, an agent, the quiet key's verifications.
      for (let i = 1; i <= 5; i++) {
        const res = await call(original.url, 'POST', '/api/v1/tenants/acme/calls', {
          headers: bearer(token),
          json: {
            call_id: `call_${i}`, channel: 'voice', direction: 'inbound', status: 'completed', caller: `+3361234567${i}`,
            started_at: `2026-11-20T10:0${i}:00Z`, ended_at: `2026-11-20T10:0${i}:30Z`,
            summary: i % 2 ? 'Asked about the zeppelin warranty' : 'Billing question',
            transcript: [{ speaker: 'customer', text: `Call number ${i}`, offset_ms: 0 }],
          },
        });
        expect(res.status, res.text).toBe(201);
      }
      expect((await upload(original.url, token, 'faq', 'The warranty covers two years of repairs.')).status).toBe(201);
      const firstSync = await call(original.url, 'POST', '/api/v1/tenants/acme/knowledge/sync', { headers: bearer(token) });
      expect(firstSync.status).toBe(202);
      await eventually(
        () => call(original.url, 'GET', `/api/v1/tenants/acme/knowledge/sync/${firstSync.body.sync_id}`, { headers: bearer(token) }),
        (r) => r.body?.status === 'succeeded',
        { timeoutMs: 30_000, everyMs: 20 },
      );
      expect((await admin(['agent', 'create', '--tenant', 'acme', '--name', 'Front desk'])).code).toBe(0);
      for (const json of SUBJECTS) expect((await call(original.url, 'POST', '/api/v1/verify', { json, headers: { 'x-api-key': quiet.key } })).status).toBe(200);

      // Keyed load on the busy key, and a knowledge sync, while the backup is taken.
      let stop = false;
      const served: Served[] = [];
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const startedAt = performance.now();
          const res = await call(original.url, 'POST', '/api/v1/verify', { json: SUBJECTS[(w + i) % SUBJECTS.length], headers: { 'x-api-key': busy.key } });
          expect(res.status, res.text).toBe(200);
          served.push({ request_id: res.body.request_id, startedAt, endedAt: performance.now() });
        }
      };
      const load = [0, 1, 2, 3].map(worker);
      const stopLoad = async () => {
        stop = true;
        await Promise.allSettled(load);
      };
      const file = join(dir, target.name === 'sqlite' ? 'backup.sqlite' : 'backup.dump');
      let syncing: ReturnType<typeof call> | undefined;
      let backupStarted = 0;
      let backupEnded = 0;
      try {
        await eventually(async () => served.length, (n) => n >= 40, { timeoutMs: 30_000, everyMs: 10 });
        expect((await upload(original.url, token, 'returns', 'Returns within thirty days, warranty kept.')).status).toBe(201);
        syncing = call(original.url, 'POST', '/api/v1/tenants/acme/knowledge/sync', { headers: bearer(token) });
        backupStarted = performance.now();
        await way.backup(env, file);
        backupEnded = performance.now();
        await eventually(async () => served.filter((s) => s.startedAt > backupEnded).length, (n) => n >= 20, { timeoutMs: 30_000, everyMs: 10 });
      } finally {
        await stopLoad();
      }
      await Promise.all(load);
      expect((await syncing!).status).toBe(202);

      const restoredEnv = { ...(await way.restore(file, join(dir, 'restored'))), ...common };
      const restored = await startServerProcess(restoredEnv);
      servers.push(restored);
      const restoredToken = await login(restored.url);

      const keys = [busy.key as string, quiet.key as string];
      const before = await clientView(original.url, token, keys);
      const after = await clientView(restored.url, restoredToken, keys);

      // The busy key: every verification answered before the backup began is there, none asked
      // after it ended, and the listing is the original's, restricted to what the backup holds.
      const ids = (rows: unknown[]) => rows.map((r) => (r as { request_id: string }).request_id);
      const restoredIds = new Set(ids(after.requests[busy.key]!));
      for (const s of served.filter((s) => s.endedAt < backupStarted)) expect(restoredIds.has(s.request_id), s.request_id).toBe(true);
      for (const s of served.filter((s) => s.startedAt > backupEnded)) expect(restoredIds.has(s.request_id), s.request_id).toBe(false);
      expect(after.requests[busy.key]).toEqual(before.requests[busy.key]!.filter((r) => restoredIds.has((r as { request_id: string }).request_id)));
      // The meter and the archive were written together: the usage counts exactly the listing.
      expect((after.usage[busy.key] as { served_calls: number }).served_calls).toBe(restoredIds.size);
      // The quiet key, and everything of the tenant, is as it was.
      expect(after.requests[quiet.key]).toEqual(before.requests[quiet.key]);
      expect(after.usage[quiet.key]).toEqual(before.usage[quiet.key]);
      expect(after.calls).toEqual(before.calls);
      expect(after.callSearch.data.map((c: { call_id: string }) => c.call_id)).toEqual(['call_5', 'call_3', 'call_1']);
      expect(after.callSearch).toEqual(before.callSearch);
      expect(after.agents).toEqual(before.agents);
      // The document synced before the backup is found alike (the one syncing meanwhile may or may not be).
      const faq = (view: typeof before) => view.knowledge.data.filter((hit: { title: string }) => hit.title === 'faq.txt');
      expect(faq(after)).toHaveLength(1);
      expect(faq(after)).toEqual(faq(before));

      // Invoices: svc-admin on each database, statement by statement.
      const statements = async (e: Record<string, string>) => {
        const out = await admin(['invoices', 'month', MONTH], undefined, e);
        expect(out.code, out.stderr).toBe(0);
        return Object.fromEntries(out.stdout.trim().split('\n').map((line) => JSON.parse(line)).map((s: { key_id: string }) => [s.key_id, s] as [string, any]));
      };
      const invoicesBefore = await statements(env);
      const invoicesAfter = await statements(restoredEnv);
      expect(Object.keys(invoicesAfter).sort()).toEqual(Object.keys(invoicesBefore).sort());
      expect(invoicesAfter[quiet.key_id]).toEqual(invoicesBefore[quiet.key_id]);
      expect(invoicesAfter[busy.key_id].verify.served_calls).toBe(restoredIds.size);
      expect(invoicesAfter[busy.key_id].total_excl_vat_cents).toBe((after.usage[busy.key] as { amount_cents: number }).amount_cents);

      // Every key is still valid there (and the revoked one still refused).
      for (const key of keys) expect((await call(restored.url, 'POST', '/api/v1/verify', { json: SUBJECTS[0], headers: { 'x-api-key': key } })).status).toBe(200);
      expect((await call(restored.url, 'POST', '/api/v1/verify', { json: SUBJECTS[0], headers: { 'x-api-key': revoked.key } })).status).toBe(401);
      process.stderr.write(
        `[backup-restore ${target.name}] ${served.length} verifications served under load, ${restoredIds.size} in the backup; ` +
          `backup took ${Math.round(backupEnded - backupStarted)} ms\n`,
      );
    }, 180_000);
  });
}
