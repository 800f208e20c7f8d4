import { searchTokens } from '../../core/calls/search-query.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectProblem, finishedSyncRun, schemas, seedCast } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { makePdf } from '../support/pdf.js';

let h: Harness;
let admin: string;
let member: string;
let globex: string;
const base = '/api/v1/tenants/acme/knowledge';

function form(file: Buffer | string, type: string, filename = 'doc', title?: string): FormData {
  const f = new FormData();
  if (title !== undefined) f.append('title', title);
  f.append('file', new Blob([file], { type }), filename);
  return f;
}

async function upload(body: FormData, token = admin, path = base) {
  const res = await fetch(`${h.url}${path}`, { method: 'POST', headers: bearer(token), body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

async function syncAndWait(token = admin) {
  const started = await call(h.url, 'POST', `${base}/sync`, { headers: bearer(token) });
  expect([200, 202]).toContain(started.status);
  return finishedSyncRun(h, 'acme', token, started.body.sync_id);
}

beforeAll(async () => {
  h = await startHarness({
    snapshot: { build_id: 'kb', artists: [], works: [] },
    env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000', RATE_LIMIT_UPLOAD_PER_MINUTE: '1000000' },
  });
  ({ admin, member, globex } = await seedCast(h));
});
afterAll(async () => {
  await h?.stop();
});

describe('knowledge upload', () => {
  const cases: [string, string, string | Buffer, string][] = [
    ['text/plain', 'a.txt', 'Plain text about warranty periods.', 'warranty'],
    ['text/markdown', 'b.md', '# Heading\n\nMarkdown about parcel lockers.', 'lockers'],
    ['text/html', 'c.html', '<html><script>var secret=1</script><p>HTML about gift&nbsp;vouchers.</p></html>', 'vouchers'],
    ['text/csv', 'd.csv', 'plan,price\nstarter,29\nflamingo,99\n', 'flamingo'],
    ['application/json', 'e.json', '{"topic":"loyalty points expire after a year"}', 'loyalty'],
    ['application/pdf', 'f.pdf', makePdf('The PDF speaks of zeppelin insurance.'), 'zeppelin'],
  ];

  it.each(cases)('accepts %s as multipart, indexes it, and search finds it', async (type, name, content, word) => {
    const res = await upload(form(content, type, name));
    expect(res.status, res.text).toBe(201);
    expect(schemas.errors('KnowledgeItem', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ title: name, content_type: type, status: 'pending', error: null, indexed_at: null });
    expect(res.body.size_bytes).toBe(Buffer.byteLength(content));
    expect(res.headers.get('location')).toBe(`${base}/${res.body.item_id}`);
    const run = await syncAndWait();
    expect(run.status).toBe('succeeded');
    const item = await call(h.url, 'GET', `${base}/${res.body.item_id}`, { headers: bearer(member) });
    expect(item.body.status, item.text).toBe('indexed');
    const found = await call(h.url, 'GET', `${base}/search?q=${word}`, { headers: bearer(member) });
    expect(found.status).toBe(200);
    expect(schemas.errors('KnowledgeSearchResult', found.body)).toEqual([]);
    expect(found.body.data[0]).toMatchObject({ item_id: res.body.item_id, chunk_index: 0 });
    expect(found.body.data[0].score).toBeGreaterThan(0);
    const { text, highlights } = found.body.data[0];
    expect(highlights.length).toBeGreaterThan(0);
    for (const { start, end } of highlights) expect(searchTokens(text.slice(start, end))).toContain(searchTokens(word)[0]);
  });

  it('HTML scripts are not indexed', async () => {
    const found = await call(h.url, 'GET', `${base}/search?q=secret`, { headers: bearer(admin) });
    expect(found.body.data).toEqual([]);
  });

  it('accepts the JSON form with a title, and sha256 is of the bytes', async () => {
    const res = await call(h.url, 'POST', base, { json: { title: 'FAQ', content: 'héllo', content_type: 'text/plain' }, headers: bearer(admin) });
    expect(res.status, res.text).toBe(201);
    const { createHash } = await import('node:crypto');
    expect(res.body.sha256).toBe(createHash('sha256').update('héllo').digest('hex'));
    expect(res.body.title).toBe('FAQ');
  });

  it('the JSON form: one 400 lists every bad field; a type it does not carry, alone, is a 415; parameters are allowed', async () => {
    const post = (json: unknown) => call(h.url, 'POST', base, { json, headers: bearer(admin) });
    const many = await post({ title: 7, content: '', content_type: 'application/pdf' });
    expectProblem(many, 400);
    expect(many.body.errors.map((e: { path: string }) => e.path)).toEqual(['title', 'content', 'content_type']);
    expect(many.body.errors[0].message).toBe('title must be a string');
    const missing = await post({});
    expectProblem(missing, 400);
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(['title', 'content', 'content_type']);
    const long = await post({ title: 'x'.repeat(301), content: 'x', content_type: 'text/plain' });
    expectProblem(long, 400);
    expect(long.body.errors).toEqual([{ path: 'title', message: 'title must be at most 300 characters' }]);
    for (const type of ['image/png', 'application/pdf', '', 'APPLICATION/PDF; x=y']) {
      const res = await post({ title: 't', content: 'x', content_type: type });
      expectProblem(res, 415);
      expect(res.body.detail, type).toMatch(/multipart\/form-data/);
    }
    const withCharset = await post({ title: 'charset', content: '# Hello', content_type: 'Text/Markdown; charset=utf-8' });
    expect(withCharset.status, withCharset.text).toBe(201);
    expect(withCharset.body.content_type).toBe('text/markdown');
    await call(h.url, 'DELETE', `${base}/${withCharset.body.item_id}`, { headers: bearer(admin) });
  });

  it('takes the multipart title part over the file name', async () => {
    const res = await upload(form('some text', 'text/plain', 'x.txt', 'Titled'));
    expect(res.body.title).toBe('Titled');
  });

  it('400 for a title holding the NUL character, as a multipart part or in JSON', async () => {
    const multipart = await upload(form('some text', 'text/plain', 'x.txt', 'bad\u0000title'));
    expectProblem(multipart as never, 400);
    expect(multipart.body.errors).toEqual([{ path: 'title', message: 'must not contain the NUL character (U+0000)' }]);
    const json = await call(h.url, 'POST', base, { json: { title: 'bad\u0000', content: 'x', content_type: 'text/plain' }, headers: bearer(admin) });
    expectProblem(json, 400);
    expect(json.body.errors).toEqual([{ path: 'title', message: 'must not contain the NUL character (U+0000)' }]);
  });

  it('a corrupt PDF fails alone; the run succeeds', async () => {
    const bad = await upload(form(Buffer.from('%PDF-1.4\nthis is not a pdf at all'), 'application/pdf', 'bad.pdf'));
    const good = await upload(form('fine document about kangaroos', 'text/plain', 'good.txt'));
    expect(bad.status).toBe(201);
    const run = await syncAndWait();
    expect(run).toMatchObject({ status: 'succeeded', documents_failed: 1 });
    expect(run.documents_indexed).toBeGreaterThanOrEqual(1);
    const item = await call(h.url, 'GET', `${base}/${bad.body.item_id}`, { headers: bearer(admin) });
    expect(item.body.status).toBe('failed');
    expect(item.body.error).toMatch(/extraction failed/i);
    const ok = await call(h.url, 'GET', `${base}/${good.body.item_id}`, { headers: bearer(admin) });
    expect(ok.body.status).toBe('indexed');
  });

  it.each([
    ['an ELF executable declared as text', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]), 'text/plain'],
    ['a Windows executable declared as text', Buffer.concat([Buffer.from('MZ'), Buffer.from('This program cannot be run in DOS mode')]), 'text/plain'],
    ['a zip declared as CSV', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), 'text/csv'],
    ['NUL bytes declared as markdown', Buffer.from('abc\u0000def'), 'text/markdown'],
    ['text declared as PDF', Buffer.from('not a pdf'), 'application/pdf'],
    ['an image type', Buffer.from('GIF89a'), 'image/gif'],
    ['a Word document', Buffer.from('whatever'), 'application/msword'],
  ])('refuses %s: 415', async (_name, bytes, type) => {
    expectProblem(await upload(form(bytes, type, 'x')), 415);
  });

  it('refuses an empty file (400), a missing file part (400), other body types (415)', async () => {
    expectProblem(await upload(form('', 'text/plain', 'empty.txt')), 400);
    const noFile = new FormData();
    noFile.append('title', 'nothing');
    expectProblem(await upload(noFile), 400);
    expectProblem(await call(h.url, 'POST', base, { body: 'plain', headers: { ...bearer(admin), 'content-type': 'text/plain' } }), 415);
    expectProblem(await call(h.url, 'POST', base, { json: { title: 't', content: '', content_type: 'text/plain' }, headers: bearer(admin) }), 400);
    expectProblem(await call(h.url, 'POST', base, { json: { title: 't', content: 'x', content_type: 'image/png' }, headers: bearer(admin) }), 415);
    expectProblem(await call(h.url, 'POST', base, { body: '{bad', headers: { ...bearer(admin), 'content-type': 'application/json' } }), 400);
  });

  it('refuses a file of 10 MiB + 1 byte with 413, and accepts exactly 10 MiB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    expectProblem(await upload(form(big, 'text/plain', 'big.txt')), 413);
    const exact = await upload(form(big.subarray(0, 10 * 1024 * 1024), 'text/plain', 'exact.txt'));
    expect(exact.status, exact.text).toBe(201);
    await call(h.url, 'DELETE', `${base}/${exact.body.item_id}`, { headers: bearer(admin) });
  });

  it('401 without a token, 403 for a member and for another tenant', async () => {
    expectProblem(await call(h.url, 'POST', base, { json: { title: 't', content: 'x', content_type: 'text/plain' } }), 401);
    expectProblem(await upload(form('x', 'text/plain', 'x.txt'), member), 403);
    expectProblem(await upload(form('x', 'text/plain', 'x.txt'), globex), 403);
    expectProblem(await call(h.url, 'GET', base, { headers: bearer(globex) }), 403);
    expectProblem(await call(h.url, 'POST', `${base}/sync`, { headers: bearer(member) }), 403);
    expectProblem(await call(h.url, 'GET', `${base}/search?q=x`, { headers: bearer(globex) }), 403);
  });
});

describe('knowledge list, delete, search', () => {
  it('lists newest first with cursor pagination and a 400 for a bad cursor or limit', async () => {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await call(h.url, 'GET', `${base}?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: bearer(member) });
      expect(page.status).toBe(200);
      expect(schemas.errors('KnowledgeList', page.body)).toEqual([]);
      all.push(...page.body.data.map((d: any) => d.item_id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    const one = await call(h.url, 'GET', `${base}?limit=100`, { headers: bearer(member) });
    expect(one.body.data.map((d: any) => d.item_id)).toEqual(all);
    expectProblem(await call(h.url, 'GET', `${base}?limit=0`, { headers: bearer(member) }), 400);
    expectProblem(await call(h.url, 'GET', `${base}?cursor=forged`, { headers: bearer(member) }), 400);
  });

  it('DELETE is 204, takes the text out of search at once, and is 404 after', async () => {
    const res = await upload(form('The platypus manual.', 'text/plain', 'p.txt'));
    await syncAndWait();
    const q = `${base}/search?q=platypus`;
    expect((await call(h.url, 'GET', q, { headers: bearer(admin) })).body.data).toHaveLength(1);
    expectProblem(await call(h.url, 'DELETE', `${base}/${res.body.item_id}`, { headers: bearer(member) }), 403);
    const del = await call(h.url, 'DELETE', `${base}/${res.body.item_id}`, { headers: bearer(admin) });
    expect(del.status).toBe(204);
    expect((await call(h.url, 'GET', q, { headers: bearer(admin) })).body.data).toEqual([]);
    expectProblem(await call(h.url, 'DELETE', `${base}/${res.body.item_id}`, { headers: bearer(admin) }), 404);
    expectProblem(await call(h.url, 'GET', `${base}/${res.body.item_id}`, { headers: bearer(admin) }), 404);
    expectProblem(await call(h.url, 'DELETE', `${base}/kb_nope`, { headers: bearer(admin) }), 404);
  });

  it("search sees the caller's tenant only, needs q, checks limit", async () => {
    const g = await upload(form('globex wombat secrets', 'text/plain', 'g.txt'), globex, '/api/v1/tenants/globex/knowledge');
    expect(g.status).toBe(201);
    const started = await call(h.url, 'POST', '/api/v1/tenants/globex/knowledge/sync', { headers: bearer(globex) });
    expect(started.status).toBe(202);
    expect(await finishedSyncRun(h, 'globex', globex, started.body.sync_id)).toMatchObject({ status: 'succeeded' });
    expect((await call(h.url, 'GET', '/api/v1/tenants/globex/knowledge/search?q=wombat', { headers: bearer(globex) })).body.data).toHaveLength(1);
    expect((await call(h.url, 'GET', `${base}/search?q=wombat`, { headers: bearer(admin) })).body.data).toEqual([]);
    expectProblem(await call(h.url, 'GET', `/api/v1/tenants/globex/knowledge/sync/${started.body.sync_id}`, { headers: bearer(admin) }), 403);
    expectProblem(await call(h.url, 'GET', `${base}/sync/${started.body.sync_id}`, { headers: bearer(admin) }), 404);
    expectProblem(await call(h.url, 'GET', `${base}/search`, { headers: bearer(admin) }), 400);
    expectProblem(await call(h.url, 'GET', `${base}/search?q=x&limit=51`, { headers: bearer(admin) }), 400);
    const operators = await call(h.url, 'GET', `${base}/search?q=${encodeURIComponent('NEAR( "x OR *')}`, { headers: bearer(admin) });
    expect(operators.status).toBe(200);
  });
});

describe('sync runs', () => {
  it('202 queued, then a second request while active returns the same run with 200', async () => {
    // Enough text that the run is still queued or running when the second request arrives.
    for (let i = 0; i < 20; i++) await upload(form(`Document number ${i} is about llamas and alpacas. `.repeat(2000), 'text/plain', `l${i}.txt`));
    const both = await Promise.all([
      call(h.url, 'POST', `${base}/sync`, { headers: bearer(admin) }),
      call(h.url, 'POST', `${base}/sync`, { headers: bearer(admin) }),
    ]);
    // Sent together, either may arrive first: exactly one creates the run (202), the other gets it (200).
    expect(both.map((r) => r.status).sort()).toEqual([200, 202]);
    const first = both.find((r) => r.status === 202)!;
    const second = both.find((r) => r.status === 200)!;
    expect(schemas.errors('SyncRun', first.body)).toEqual([]);
    expect(first.body).toMatchObject({ status: 'queued', started_at: null, finished_at: null, documents_indexed: 0 });
    expect(second.body.sync_id).toBe(first.body.sync_id);
    const run = await finishedSyncRun(h, 'acme', member, first.body.sync_id, { timeoutMs: 60_000 });
    expect(run).toMatchObject({ status: 'succeeded', documents_indexed: 20, documents_failed: 0 });
    expect(run.chunks).toBeGreaterThanOrEqual(20 * 90);
    const next = await call(h.url, 'POST', `${base}/sync`, { headers: bearer(admin) });
    expect(next.status).toBe(202);
    expect(next.body.sync_id).not.toBe(first.body.sync_id);
    expectProblem(await call(h.url, 'GET', `${base}/sync/sync_unknown`, { headers: bearer(admin) }), 404);
  });
});
