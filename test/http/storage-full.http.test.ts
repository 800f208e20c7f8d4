import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewCall } from '../fixtures/call-mother.js';
import { bearer, expectProblem, seedCast } from '../support/area-a.js';
import { eventually } from '../support/eventually.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, type Harness, type JsonResponse, startHarness } from '../support/http-harness.js';
import { createPostgresDatabase, postgresCluster } from '../support/postgres.js';

/**
 * A full disk is a 503 naming the condition, with Retry-After, never a 500 (issue 25 point 6,
 * ADR 0026); nothing is half written, and a batch the storage cuts short answers what it
 * served, which stays billed and listed. SQLite's file is capped with `SQLITE_MAX_SIZE_MB`
 * (max_page_count on every connection, the archive writer's thread included): a write past
 * it fails with SQLITE_FULL, the code SQLite answers when the disk itself is full (ENOSPC).
 */
let h: Harness;
let dir: string;
let admin: string;
let apiKey: string;
const knowledge = '/api/v1/tenants/acme/knowledge';
const ANY_SUBJECT = { subject_artist: 'Turner', subject_title: 'Anything' };

const upload = async (bytes: number, name: string): Promise<JsonResponse> => {
  const form = new FormData();
  form.append('file', new Blob([randomBytes(bytes / 2).toString('hex')], { type: 'text/plain' }), name);
  const res = await fetch(`${h.url}${knowledge}`, { method: 'POST', headers: bearer(admin), body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
};

function expectStorageFull(res: JsonResponse) {
  expectProblem(res, 503);
  expect(res.body.detail).toMatch(/storage is full/);
  expect(res.headers.get('retry-after')).toBe('30');
}

const listed = async (): Promise<string[]> => {
  const res = await call(h.url, 'GET', `${knowledge}?limit=100`, { headers: bearer(admin) });
  expect(res.body.next_cursor).toBeNull();
  return res.body.data.map((d: { item_id: string }) => d.item_id).sort();
};
const billed = async () => {
  const usage = await call(h.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': apiKey } });
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await call(h.url, 'GET', `/api/v1/verify/requests?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { 'x-api-key': apiKey } });
    expect(page.status, page.text).toBe(200);
    ids.push(...page.body.data.map((r: { request_id: string }) => r.request_id));
    cursor = page.body.next_cursor;
  } while (cursor !== null);
  return { served: usage.body.served_calls as number, listed: ids.sort() };
};

/** Mounts a 6 MiB tmpfs on `dir` (root with CAP_SYS_ADMIN only); false when it cannot. */
function smallDisk(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const probe = mkdtempSync(join(tmpdir(), 'svc-enospc-probe-'));
const canMount = smallDisk(probe);
if (canMount) execFileSync('umount', [probe]);
rmSync(probe, { recursive: true, force: true });
if (!canMount) process.stderr.write('\n!!! SKIPPING the real-ENOSPC variant of the full-disk test: mounting a small tmpfs needs root. !!!\n\n');

/**
 * The same test twice: the file capped by SQLITE_MAX_SIZE_MB (max_page_count), and, where a
 * small tmpfs can be mounted, a real full disk (ENOSPC, on the database file and its WAL). On
 * the real disk, room made is first taken by the WAL checkpoint that the full disk held back
 * (the frames committed since the last checkpoint now grow the file), so how much is left for
 * a batch is not known in advance: the batch cut short is shown under the size limit only, and
 * the real disk is given back much more room than the database holds.
 */
const setups = [
  { name: 'SQLite at its size limit (SQLITE_MAX_SIZE_MB)', run: true, mount: false, env: { SQLITE_MAX_SIZE_MB: '2' } as Record<string, string> },
  { name: 'SQLite on a full disk (a 6 MiB tmpfs: ENOSPC)', run: canMount, mount: true, env: {} },
];

describe.each(setups.filter((s) => s.run))('a full database: $name', (setup) => {
  const kept: { item_id: string; bytes: number; deleted?: boolean }[] = [];
  let mounted = false;
  /**
   * Makes room: under the size limit, documents are deleted (their pages are reused); on a full
   * disk SQLite cannot even write a delete to its WAL, so the operator's way is taken, files
   * removed from the disk (ballast written before the database filled it).
   */
  const freeRoom = async (how: 'some' | 'more') => {
    if (setup.mount) {
      rmSync(join(dir, 'ballast'));
      return;
    }
    // 'some': one document, the smallest of at least 16 KiB the fill kept (how many of each size
    // fit depends on the schema's own pages); 'more': every 128 KiB one left.
    const sized = (bytes: number) => kept.filter((k) => k.bytes === bytes && !k.deleted);
    const doomed = how === 'some' ? [...sized(16 * 1024), ...sized(128 * 1024)].slice(0, 1) : sized(128 * 1024);
    for (const k of doomed) {
      expect((await call(h.url, 'DELETE', `${knowledge}/${k.item_id}`, { headers: bearer(admin) })).status).toBe(204);
      k.deleted = true;
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-full-'));
    if (setup.mount) {
      mounted = smallDisk(dir);
      writeFileSync(join(dir, 'ballast'), Buffer.alloc(4 * 1024 * 1024));
    }
    h = await startHarness({
      snapshot: httpCorpus,
      env: { DATABASE_URL: `sqlite:${join(dir, 'full.sqlite')}`, RATE_LIMIT_TENANT_PER_MINUTE: '1000000', RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000', ...setup.env },
    });
    admin = (await seedCast(h)).admin;
    apiKey = (await h.deps.keys.create('full disk', 1_000_000)).key;
    const filler = (await h.deps.keys.create('filler', 1_000_000)).key;
    // Fill the file: documents of decreasing size until even a small one no longer fits.
    for (const bytes of [128 * 1024, 16 * 1024, 2 * 1024, 256]) {
      for (let i = 0; ; i++) {
        const res = await upload(bytes, `fill-${bytes}-${i}.txt`);
        if (res.status === 201) {
          kept.push({ item_id: res.body.item_id, bytes });
          continue;
        }
        expectStorageFull(res);
        break;
      }
    }
    // Then with calls, smaller still, until one no longer fits either.
    for (let i = 0; ; i++) {
      const res = await call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: `fill-${i}` }), headers: bearer(admin) });
      if (res.status === 201) continue;
      expectStorageFull(res);
      expect((await call(h.url, 'GET', `/api/v1/tenants/acme/calls/fill-${i}`, { headers: bearer(admin) })).status).toBe(404);
      break;
    }
    // And with archived verifications (another key's), until the archive writer's thread no longer fits one.
    for (;;) {
      const res = await call(h.url, 'POST', '/api/v1/verify', { json: ANY_SUBJECT, headers: { 'x-api-key': filler } });
      if (res.status === 200) continue;
      expectStorageFull(res);
      break;
    }
  }, 60_000);

  afterAll(async () => {
    await h?.stop();
    if (mounted) execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a knowledge upload, a call and a verification 503 "storage is full" with Retry-After, and keeps none of them', async () => {
    const before = await listed();
    expect(before).toEqual(kept.map((k) => k.item_id).sort());
    expectStorageFull(await upload(256, 'one-too-many.txt'));
    expect(await listed()).toEqual(before);

    expectStorageFull(await call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'full-1' }), headers: bearer(admin) }));
    expect((await call(h.url, 'GET', '/api/v1/tenants/acme/calls/full-1', { headers: bearer(admin) })).status).toBe(404);

    // The archive is written by its worker thread on its own connection: SQLITE_FULL there is the same 503.
    const verify = await call(h.url, 'POST', '/api/v1/verify', { json: ANY_SUBJECT, headers: { 'x-api-key': apiKey } });
    expectStorageFull(verify);
    const batch = await call(h.url, 'POST', '/api/v1/verify/batch', {
      json: { subjects: [ANY_SUBJECT, ANY_SUBJECT] },
      headers: { 'x-api-key': apiKey },
    });
    expectStorageFull(batch);
    expect(await billed()).toEqual({ served: 0, listed: [] });
  });

  it.skipIf(setup.mount)('cuts a batch short when the storage fills midway: what it served is answered, billed and listed; the rest is unavailable', async () => {
    // Room for a few archived verifications, not for a thousand.
    await freeRoom('some');
    const subjects = Array.from({ length: 1000 }, (_, i) => ({ subject_artist: 'J. M. W. Turner', subject_title: `Study ${i}`, lot: `lot-${i}` }));
    const res = await call(h.url, 'POST', '/api/v1/verify/batch', { json: { subjects }, headers: { 'x-api-key': apiKey } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('retry-after')).toBe('30');
    const served = res.body.results.filter((r: { result: unknown }) => r.result !== null);
    expect(res.body.served).toBe(served.length);
    expect(served.length).toBeGreaterThan(0);
    expect(served.length).toBeLessThan(1000);
    // Served subjects come first, in order; every later one is an unavailable entry.
    expect(res.body.results.slice(0, served.length).every((r: { result: unknown }) => r.result !== null)).toBe(true);
    expect(res.body.results.slice(served.length).every((r: { error: { code: string } | null }) => r.error?.code === 'unavailable')).toBe(true);
    const ids = served.map((r: { result: { request_id: string } }) => r.result.request_id);
    const now = await billed();
    expect(now.served).toBe(ids.length);
    expect(now.listed).toEqual([...ids].sort());
  });

  it('writes again once space is freed', async () => {
    await freeRoom('more');
    // On the real disk, once the held-back checkpoint has run (every second).
    const recorded = await eventually(
      () => call(h.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'full-2' }), headers: bearer(admin) }),
      (res) => res.status === 201,
      { timeoutMs: 10_000, everyMs: 250 },
    );
    expect(recorded.status, recorded.text).toBe(201);
    expect((await upload(256, 'after.txt')).status).toBe(201);
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: ANY_SUBJECT, headers: { 'x-api-key': apiKey } })).status).toBe(200);
  });
});

/**
 * PostgreSQL: a tablespace cannot be filled cheaply, so the server raises the SQLSTATE a full
 * disk raises (53100 disk_full) from triggers on the tables a knowledge upload, a call and the
 * archive write; the archive's lets twelve rows in first (a batch's first two groups of subjects,
 * 4 and 8, ADR 0050), so a batch fills "the disk" midway, at its third group.
 * The error comes back through pg, the pool and Kysely as a real one would.
 */
describe.skipIf(postgresCluster === null)('a full database: PostgreSQL (53100 disk_full raised by triggers)', () => {
  let pgHarness: Harness;
  let owner: pg.Client;
  let token: string;
  let key: string;

  beforeAll(async () => {
    const url = await createPostgresDatabase();
    pgHarness = await startHarness({
      snapshot: httpCorpus,
      env: { DATABASE_URL: url, JWT_SECRET: 'storage-full-tests-secret-0123456789abcdef', RATE_LIMIT_TENANT_PER_MINUTE: '1000000', RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000' },
    });
    token = (await seedCast(pgHarness)).admin;
    key = (await pgHarness.deps.keys.create('pg full disk', 1_000_000)).key;
    owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query(`
      CREATE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME <> 'verification_archive' OR (SELECT count(*) FROM verification_archive) >= 12 THEN
          RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER full_calls BEFORE INSERT ON calls FOR EACH ROW EXECUTE FUNCTION disk_is_full();
      CREATE TRIGGER full_knowledge BEFORE INSERT ON knowledge_items FOR EACH ROW EXECUTE FUNCTION disk_is_full();
      CREATE TRIGGER full_archive BEFORE INSERT ON verification_archive FOR EACH ROW EXECUTE FUNCTION disk_is_full();`);
  }, 60_000);

  afterAll(async () => {
    await owner?.end();
    await pgHarness?.stop();
  });

  it('answers a knowledge upload and a call 503 "storage is full" with Retry-After, and keeps neither', async () => {
    const form = new FormData();
    form.append('file', new Blob(['A document the disk has no room for.'], { type: 'text/plain' }), 'full.txt');
    const res = await fetch(`${pgHarness.url}${knowledge}`, { method: 'POST', headers: bearer(token), body: form });
    const text = await res.text();
    expectStorageFull({ status: res.status, headers: res.headers, text, body: JSON.parse(text) });
    expect((await call(pgHarness.url, 'GET', knowledge, { headers: bearer(token) })).body.data).toEqual([]);
    expectStorageFull(await call(pgHarness.url, 'POST', '/api/v1/tenants/acme/calls', { json: aNewCall({ call_id: 'pg-full-1' }), headers: bearer(token) }));
    expect((await call(pgHarness.url, 'GET', '/api/v1/tenants/acme/calls/pg-full-1', { headers: bearer(token) })).status).toBe(404);
  });

  it('cuts a batch short at the full disk: its first two groups (twelve subjects) served, answered, billed and listed; the rest unavailable; then a verification is a 503', async () => {
    const subjects = Array.from({ length: 20 }, (_, i) => ({ subject_artist: 'J. M. W. Turner', subject_title: `Study ${i}` }));
    const res = await call(pgHarness.url, 'POST', '/api/v1/verify/batch', { json: { subjects }, headers: { 'x-api-key': key } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.body.served).toBe(12);
    expect(res.body.results.map((r: { result: unknown; error: { code: string } | null }) => (r.result ? 'served' : r.error!.code))).toEqual([
      ...Array(12).fill('served'),
      ...Array(8).fill('unavailable'),
    ]);
    const ids = res.body.results.slice(0, 12).map((r: { result: { request_id: string } }) => r.result.request_id).sort();
    const usage = await call(pgHarness.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': key } });
    const listed = await call(pgHarness.url, 'GET', '/api/v1/verify/requests', { headers: { 'x-api-key': key } });
    expect(usage.body.served_calls).toBe(12);
    expect(listed.body.data.map((r: { request_id: string }) => r.request_id).sort()).toEqual(ids);
    expectStorageFull(await call(pgHarness.url, 'POST', '/api/v1/verify', { json: ANY_SUBJECT, headers: { 'x-api-key': key } }));
    expect((await call(pgHarness.url, 'GET', '/api/v1/verify/usage', { headers: { 'x-api-key': key } })).body.served_calls).toBe(12);
  });
});
