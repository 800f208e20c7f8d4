import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { bearer } from '../support/area-a.js';
import { call } from '../support/http-harness.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';
import { type RedisServer, redisServerAvailable, startRedisServer } from '../support/redis-server.js';
import { type ServerProcess, startServerProcess, uploadAcrossShutdown } from '../support/server-process.js';

/**
 * Two server processes on one PostgreSQL database and one Redis, as behind a load balancer:
 * what one writes the other reads, rate budgets are shared, a knowledge sync asked of both runs
 * once, and every served verification is metered exactly once.
 */
const available = postgresCluster !== null && redisServerAvailable();
if (!available) process.stderr.write('\n!!! SKIPPING the several-instances test: it needs PostgreSQL and redis-server. CI runs it. !!!\n\n');

const SANDBOX_PER_MINUTE = 20;
const root = mkdtempSync(join(tmpdir(), 'svc-instances-'));
let databaseUrl: string;
let redis: RedisServer;
let env: Record<string, string>;
let a: ServerProcess;
let b: ServerProcess;
let token: string;
let db: pg.Pool;
let apiKey: string;

const login = async (url: string) => {
  const res = await call(url, 'POST', '/api/v1/auth/login', { json: { email: 'ann@acme.example', password: 'correct horse battery staple' } });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token as string;
};

describe.skipIf(!available)('several instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase();
    redis = await startRedisServer();
    const corpusDir = join(root, 'corpus');
    await writeCorpus(corpusDir, httpCorpus.artists, httpCorpus.works, [], new Date('2026-11-01T00:00:00Z'));
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      JWT_SECRET: 'several-instances-share-this-secret-0123456789',
      CORPUS_DIR: corpusDir,
      DEMO_SEED: 'false',
      RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: String(SANDBOX_PER_MINUTE),
      RATE_LIMIT_VERIFY_KEY_PER_MINUTE: '1000000',
      RATE_LIMIT_TENANT_PER_MINUTE: '1000000',
      RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000',
      RATE_LIMIT_AGENTS_PER_MINUTE: '1000000',
    };
    // svc-admin on the same database: a tenant and its admin.
    const admin = (args: string[], stdin?: string) => runAdminCaptured({ ...env, DATA_DIR: join(root, 'admin') }, args, stdin);
    expect((await admin(['tenant', 'create', 'acme'])).code).toBe(0);
    expect((await admin(['user', 'create', '--tenant', 'acme', '--email', 'ann@acme.example', '--role', 'admin'], 'correct horse battery staple\n')).code).toBe(0);
    [a, b] = await Promise.all([
      startServerProcess({ ...env, DATA_DIR: join(root, 'a') }),
      startServerProcess({ ...env, DATA_DIR: join(root, 'b') }),
    ]);
    token = await login(a.url);
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.end();
    await redis?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('reports the database in /readyz on both', async () => {
    for (const s of [a, b]) {
      const res = await call(s.url, 'GET', '/readyz');
      expect(res.status).toBe(200);
      expect(res.body.checks.database).toMatch(/^ok \(postgres/);
    }
  });

  it('reads through one instance what was written through the other', async () => {
    const recorded = await call(a.url, 'POST', '/api/v1/tenants/acme/calls', {
      headers: bearer(token),
      json: {
        call_id: 'call_shared_1',
        channel: 'voice',
        direction: 'inbound',
        status: 'completed',
        caller: '+441234567890',
        started_at: '2026-11-20T10:00:00Z',
        ended_at: '2026-11-20T10:03:00Z',
        summary: 'Customer asked about the Zeppelin warranty',
        transcript: [{ speaker: 'customer', text: 'Is my zeppelin still under warranty?', offset_ms: 0 }],
      },
    });
    expect(recorded.status, recorded.text).toBe(201);
    // A token issued by A is valid on B (one secret), and B finds the call, by id and by text.
    const detail = await call(b.url, 'GET', '/api/v1/tenants/acme/calls/call_shared_1', { headers: bearer(token) });
    expect(detail.status).toBe(200);
    expect(detail.body.summary).toBe('Customer asked about the Zeppelin warranty');
    const found = await call(b.url, 'GET', '/api/v1/tenants/acme/calls?q=zeppelin', { headers: bearer(token) });
    expect(found.body.data.map((c: { call_id: string }) => c.call_id)).toEqual(['call_shared_1']);

    // A cursor sealed by B pages on A.
    for (let i = 2; i <= 3; i++) {
      const r = await call(b.url, 'POST', '/api/v1/tenants/acme/calls', {
        headers: bearer(token),
        json: { call_id: `call_shared_${i}`, channel: 'chat', direction: 'outbound', status: 'completed', caller: 'web', started_at: `2026-11-20T1${i}:00:00Z`, ended_at: `2026-11-20T1${i}:01:00Z` },
      });
      expect(r.status, r.text).toBe(201);
    }
    const first = await call(b.url, 'GET', '/api/v1/tenants/acme/calls?limit=2', { headers: bearer(token) });
    const second = await call(a.url, 'GET', `/api/v1/tenants/acme/calls?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, { headers: bearer(token) });
    expect([...first.body.data, ...second.body.data].map((c: { call_id: string }) => c.call_id)).toEqual(['call_shared_3', 'call_shared_2', 'call_shared_1']);

    // An agent svc-admin created is read on both with the same ETag.
    const created = await runAdminCaptured({ ...env, DATA_DIR: join(root, 'admin') }, ['agent', 'create', '--tenant', 'acme', '--name', 'Nova']);
    expect(created.code, created.stderr).toBe(0);
    const [onA, onB] = await Promise.all([a, b].map((s) => call(s.url, 'GET', `/api/v1/ai-agents/${created.json.agent_id}`, { headers: bearer(token) })));
    expect(onA.status).toBe(200);
    expect(onA.body.name).toBe('Nova');
    expect(onA.headers.get('etag')).toBe(onB.headers.get('etag'));
  });

  it('shares rate-limit budgets: the sandbox budget is spent across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SANDBOX_PER_MINUTE + 10; i++) {
      const res = await call(i % 2 === 0 ? a.url : b.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'John Hoppner', subject_title: 'Unknown title' } });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(SANDBOX_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('runs a knowledge sync once when both instances receive the request', async () => {
    let chunksIndexed = 0;
    for (let round = 1; round <= 3; round++) {
      for (let d = 0; d < 4; d++) {
        const form = new FormData();
        // Long enough (about 200 KB) that the run is still active when the second request arrives:
        // a run that had already finished would rightly let the second request open another.
        const text = `Round ${round} document ${d} about the hovercraft${round} refund policy. ` + 'Filler words for the sync to chew on. '.repeat(5000);
        form.append('file', new Blob([text], { type: 'text/plain' }), `r${round}d${d}.txt`);
        const res = await fetch(`${(d % 2 === 0 ? a : b).url}/api/v1/tenants/acme/knowledge`, { method: 'POST', headers: bearer(token), body: form });
        expect(res.status).toBe(201);
      }
      const [fromA, fromB] = await Promise.all([
        call(a.url, 'POST', '/api/v1/tenants/acme/knowledge/sync', { headers: bearer(token) }),
        call(b.url, 'POST', '/api/v1/tenants/acme/knowledge/sync', { headers: bearer(token) }),
      ]);
      expect([fromA.status, fromB.status].sort()).toEqual([200, 202]);
      expect(fromA.body.sync_id).toBe(fromB.body.sync_id);
      let run = fromA.body;
      for (let i = 0; i < 300 && run.status !== 'succeeded' && run.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        run = (await call(i % 2 ? a.url : b.url, 'GET', `/api/v1/tenants/acme/knowledge/sync/${fromA.body.sync_id}`, { headers: bearer(token) })).body;
      }
      expect(run).toMatchObject({ status: 'succeeded', documents_indexed: 4, documents_failed: 0 });
      expect(run.chunks).toBeGreaterThan(4);
      chunksIndexed += run.chunks;
      const hits = await call(b.url, 'GET', `/api/v1/tenants/acme/knowledge/search?q=hovercraft${round}`, { headers: bearer(token) });
      expect(hits.body.data).toHaveLength(4);
    }
    const runs = await db.query('SELECT count(*)::int AS n FROM knowledge_sync_runs');
    expect(runs.rows[0].n).toBe(3);
    const chunks = await db.query('SELECT count(*)::int AS n FROM knowledge_chunks');
    expect(chunks.rows[0].n).toBe(chunksIndexed);
  });

  it('meters every served verification exactly once under concurrent load on both instances', async () => {
    const key = await runAdminCaptured({ ...env, DATA_DIR: join(root, 'admin') }, ['key', 'create', '--label', 'load', '--per-minute', '1000000']);
    expect(key.code, key.stderr).toBe(0);
    apiKey = key.json.key;
    const total = 400;
    let next = 0;
    let served = 0;
    const worker = async (w: number) => {
      while (next < total) {
        const i = next++;
        const res = await call((i + w) % 2 === 0 ? a.url : b.url, 'POST', '/api/v1/verify', {
          headers: { 'x-api-key': apiKey },
          json: { subject_artist: i % 3 === 0 ? 'Joseph Mallord William Turner' : 'Nobody In Particular', subject_title: i % 3 === 0 ? 'The Fighting Temeraire' : `Work ${i}` },
        });
        expect(res.status, res.text).toBe(200);
        served++;
      }
    };
    await Promise.all(Array.from({ length: 32 }, (_, w) => worker(w)));
    expect(served).toBe(total);
    const usageA = await call(a.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': apiKey } });
    const usageB = await call(b.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': apiKey } });
    expect(usageA.body.served_calls).toBe(total);
    expect(usageB.body.served_calls).toBe(total);
    const archived = await db.query('SELECT count(*)::int AS n FROM verification_archive WHERE key_id = $1', [key.json.key_id]);
    expect(archived.rows[0].n).toBe(total);
  });

  it('serves operator research imported by svc-admin from both instances within seconds', async () => {
    const path = join(root, 'research.ndjson');
    writeFileSync(
      path,
      `${JSON.stringify({
        artist: 'John Hoppner',
        title: 'The Gardener of Whitehall Stairs', // a title no record holds (a generic one is never attested on its title)
        pillar: 'authentication',
        kind: 'attribution',
        claim: 'Signed lower left.',
        source_ref: 'https://example.org/hoppner-gentleman',
        researcher: 'A. Dupont',
        attribution: { artist: 'Hoppner, John', qualifier: 'firm' },
      })}\n`,
    );
    const ask = { subject_artist: 'John Hoppner', subject_title: 'The Gardener of Whitehall Stairs' };
    for (const s of [a, b]) expect((await call(s.url, 'POST', '/api/v1/verify', { headers: { 'x-api-key': apiKey }, json: ask })).body.verdict).toBe('unavailable');
    const imported = await runAdminCaptured({ ...env, DATA_DIR: join(root, 'admin') }, ['corpus', 'import', path]);
    expect(imported.code, imported.stderr).toBe(0);
    for (const s of [a, b]) {
      let verdict = '';
      for (let i = 0; i < 100 && verdict !== 'attested'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const res = await call(s.url, 'POST', '/api/v1/verify', { headers: { 'x-api-key': apiKey }, json: ask });
        verdict = res.body.verdict;
      }
      expect(verdict).toBe('attested');
    }
  });

  it('drains in-flight requests on SIGTERM and exits 0; the other instance keeps serving', async () => {
    expect(await uploadAcrossShutdown(a, token, 'late.txt')).toEqual({ status: 201, exitCode: 0 });
    expect(a.output()).toMatch(/shutting down: draining in-flight requests/);
    const list = await call(b.url, 'GET', '/api/v1/tenants/acme/knowledge?limit=100', { headers: bearer(token) });
    expect(list.body.data.map((d: { title: string }) => d.title)).toContain('late.txt');
  });
});
