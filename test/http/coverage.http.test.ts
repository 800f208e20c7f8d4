import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, schemas } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

/** Issue 14 defect 11: the coverage manifest compressed, revalidated weakly, and asked by artist, prefix and page. */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '1000000' } }); // the bundled corpus
});
afterAll(async () => {
  await h?.stop();
});

function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${h.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('the whole manifest is gzip-compressed when accepted, identical once inflated, and plain otherwise', async () => {
    const plain = await rawGet('/api/v1/verify/coverage', {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await rawGet('/api/v1/verify/coverage', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    const inflated = JSON.parse(gunzipSync(gz.bytes).toString('utf8'));
    const { generated_at: _a, ...a } = inflated;
    const { generated_at: _b, ...b } = JSON.parse(plain.bytes.toString('utf8'));
    expect(a).toEqual(b);
    expect(inflated.artists).toHaveLength(inflated.counts.artists);
    expect(gz.bytes.length * 4).toBeLessThan(plain.bytes.length);
  });

  it('small answers are sent as they are', async () => {
    const health = await rawGet('/healthz', { 'accept-encoding': 'gzip, br' });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('validators', () => {
  it('If-None-Match is compared weakly: W/"…", the strong form, a list and * are 304; another tag is 200', async () => {
    const first = await call(h.url, 'GET', '/api/v1/verify/coverage?artist=Rembrandt');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"coverage-.+"$/);
    const strong = etag.slice(2);
    for (const header of [etag, strong, `"other", ${etag}`, '*']) {
      const again = await call(h.url, 'GET', '/api/v1/verify/coverage', { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect((await call(h.url, 'GET', '/api/v1/verify/coverage?limit=1', { headers: { 'if-none-match': 'W/"coverage-old"' } })).status).toBe(200);
  });
});

describe('asking for one artist, a prefix, a page', () => {
  it('one artist by a name as verify matches it, or by artist_id', async () => {
    const res = await call(h.url, 'GET', `/api/v1/verify/coverage?artist=${encodeURIComponent('turner, j. m. w.')}`);
    expect(res.status, res.text).toBe(200);
    expect(schemas.errors('CoverageManifest', res.body)).toEqual([]);
    expect(res.body.artists).toHaveLength(1);
    expect(res.body.artists[0].name).toMatch(/Turner/);
    expect(res.body).toMatchObject({ artists_matched: 1, next_cursor: null });
    const byId = await call(h.url, 'GET', `/api/v1/verify/coverage?artist=${res.body.artists[0].artist_id}`);
    expect(byId.body.artists).toEqual(res.body.artists);
    const nobody = await call(h.url, 'GET', '/api/v1/verify/coverage?artist=Nobody%20Atall');
    expect(nobody.body).toMatchObject({ artists: [], artists_matched: 0, next_cursor: null });
  });

  it('the name forms verify reads: surnames alone, exonyms and period spellings, full and short forms, initials (issue 23)', async () => {
    for (const [form, name] of [['Gainsborough', 'Thomas Gainsborough'], ['Van Dyck', 'Sir Anthony van Dyck'], ['Watteau', 'Antoine Watteau'], ['Le Titien', 'Titian'], ['Tiziano', 'Titian'],
      ['Le Tintoret', 'Jacopo Tintoretto'], ['Albert Durer', 'Albrecht Dürer'], ['Paul Veronese', 'Veronese'], ['Pierre-Auguste Renoir', 'Auguste Renoir'], ['G. B. Tiepolo', 'Giovanni Battista Tiepolo'], ['Jean-Antoine Watteau', 'Antoine Watteau']]) {
      const res = await call(h.url, 'GET', `/api/v1/verify/coverage?artist=${encodeURIComponent(form)}`);
      expect(res.status, form).toBe(200);
      expect(res.body.artists.map((a: { name: string }) => a.name), form).toEqual([name]);
    }
    // A surname several covered artists bear lists them all; a school names nobody.
    expect((await call(h.url, 'GET', '/api/v1/verify/coverage?artist=Turner')).body.artists_matched).toBeGreaterThan(1);
    expect((await call(h.url, 'GET', `/api/v1/verify/coverage?artist=${encodeURIComponent('École française vers 1800')}`)).body.artists_matched).toBe(0);
  });

  it('a prefix walked page by page gives exactly the artists the full manifest holds for it, in its order', async () => {
    const full = (await call(h.url, 'GET', '/api/v1/verify/coverage')).body.artists as { artist_id: string; name: string; aliases: string[] }[];
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const expected = full.filter((a) => [a.name, ...a.aliases].some((n) => fold(n).split(/[^a-z0-9]+/).some((w) => w.startsWith('van')) || fold(n).startsWith('van')));
    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(h.url, 'GET', `/api/v1/verify/coverage?prefix=van&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.artists.length).toBeLessThanOrEqual(7);
      walked.push(...res.body.artists.map((a: { artist_id: string }) => a.artist_id));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(walked).toEqual(expected.map((a) => a.artist_id));
  });

  it('a bad limit, a tampered cursor and a cursor of another question are 400s', async () => {
    expectProblem(await call(h.url, 'GET', '/api/v1/verify/coverage?limit=0'), 400);
    expectProblem(await call(h.url, 'GET', '/api/v1/verify/coverage?limit=101'), 400);
    expectProblem(await call(h.url, 'GET', `/api/v1/verify/coverage?prefix=${'x'.repeat(101)}`), 400);
    const page = await call(h.url, 'GET', '/api/v1/verify/coverage?prefix=van&limit=2');
    const cursor: string = page.body.next_cursor;
    const tampered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    expectProblem(await call(h.url, 'GET', `/api/v1/verify/coverage?prefix=van&limit=2&cursor=${encodeURIComponent(tampered)}`), 400);
    const other = await call(h.url, 'GET', `/api/v1/verify/coverage?prefix=tur&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expectProblem(other, 400);
    expect(other.body.errors).toEqual([{ path: 'cursor', message: 'is not a cursor this query issued' }]);
  });
});
