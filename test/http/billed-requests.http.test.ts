import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/area-a.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { openApiValidator } from '../support/openapi-validator.js';

/** Issue 14, defect 12: an invoice line can be checked request by request. */
let h: Harness;
let key: string;
let otherKey: string;
const schemas = openApiValidator();
const served: { request_id: string; verdict: string; subject: { artist: string; title: string } }[] = [];
const month = () => new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  h = await startHarness({ snapshot: httpCorpus });
  const keys = h.deps.keys;
  key = (await keys.create('reconciled partner', 1000)).key;
  otherKey = (await keys.create('other partner', 1000)).key;
  const subjects = [
    { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' },
    { subject_artist: 'Turner', subject_title: 'No such painting' },
    { subject_artist: 'Nobody Known', subject_title: 'Anything' },
  ];
  for (let i = 0; i < 7; i++) {
    const res = await call(h.url, 'POST', '/api/v1/verify', { json: subjects[i % 3], headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    served.push({ request_id: res.body.request_id, verdict: res.body.verdict, subject: res.body.subject });
  }
  await call(h.url, 'POST', '/api/v1/verify', { json: subjects[0], headers: { 'x-api-key': otherKey } });
  await call(h.url, 'POST', '/api/v1/verify', { json: subjects[0] });
});
afterAll(async () => h?.stop());

const list = (query: string, k: string | null = key) => call(h.url, 'GET', `/api/v1/verify/requests${query}`, { headers: k === null ? {} : { 'x-api-key': k } });

describe('GET /api/v1/verify/requests (invoice reconciliation)', () => {
  it('walks every billed request of the key, page by page, and their count is the usage statement', async () => {
    const seen: { request_id: string; served_at: string; verdict: string; subject: object }[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`?month=${month()}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, res.text).toBe(200);
      expect(schemas.errors('BilledRequestList', res.body)).toEqual([]);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.data);
      cursor = res.body.next_cursor;
    } while (cursor !== null);
    expect(seen.map(({ request_id, verdict, subject }) => ({ request_id, verdict, subject })).sort((a, b) => a.request_id.localeCompare(b.request_id))).toEqual(
      [...served].sort((a, b) => a.request_id.localeCompare(b.request_id)),
    );
    const order = seen.map((s) => `${s.served_at}|${s.request_id}`);
    expect([...order].sort()).toEqual(order);
    const usage = await call(h.url, 'GET', `/api/v1/verify/usage?month=${month()}`, { headers: { 'x-api-key': key } });
    expect(usage.body.served_calls).toBe(seen.length);
    // Each line leads to its archived trace.
    const trace = await call(h.url, 'GET', `/api/v1/verify/requests/${seen[0].request_id}`, { headers: { 'x-api-key': key } });
    expect(trace.status).toBe(200);
  });

  it('defaults to the current month; another month is empty', async () => {
    expect((await list('')).body.data).toHaveLength(7);
    expect((await list('?month=2020-01')).body).toEqual({ data: [], next_cursor: null });
  });

  it('needs a production key: none is 401, an unknown one 401', async () => {
    expectProblem(await list('', null), 401);
    expectProblem(await list('', 'svk_unknown'), 401);
  });

  it('answers 400 for a bad month, limit or cursor, and for a cursor of another key or month', async () => {
    for (const q of ['?month=2026-13', '?month=26-01', '?limit=0', '?limit=101', '?cursor=forged']) expectProblem(await list(q), 400);
    const page = await list(`?month=${month()}&limit=1`);
    const cursor = encodeURIComponent(page.body.next_cursor);
    expectProblem(await list(`?month=${month()}&cursor=${cursor}`, otherKey), 400);
    expectProblem(await list(`?month=2020-01&cursor=${cursor}`), 400);
  });
});
