import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectProblem, schemas, seedCast } from '../support/area-a.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { call, type Harness, type JsonResponse, startHarness } from '../support/http-harness.js';

let h: Harness;
let adminToken: string;
let memberToken: string;
let globexToken: string;

const base = '/api/v1/tenants/acme/calls';
const T0 = Date.UTC(2026, 9, 1, 8, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** A fixed data set: 45 calls of acme, one per ten minutes, across channels and directions. */
const SEEDED = Array.from({ length: 45 }, (_, i) =>
  aNewCall({
    call_id: `seed-${String(i).padStart(3, '0')}`,
    channel: (['voice', 'chat', 'whatsapp', 'sms', 'email'] as const)[i % 5],
    direction: i % 3 === 0 ? 'outbound' : 'inbound',
    started_at: at(i * 10),
    ended_at: at(i * 10 + 3),
    summary: i % 2 === 0 ? `Order ${i}: delivery delayed` : `Billing question ${i}`,
    transcript: [{ speaker: 'customer', text: i % 2 === 0 ? 'Where is my parcel?' : 'Why was I charged twice?', offset_ms: 0 }],
  }),
);

beforeAll(async () => {
  h = await startHarness({ snapshot: { build_id: 'calls', artists: [], works: [] }, env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000' } });
  ({ admin: adminToken, member: memberToken, globex: globexToken } = await seedCast(h));
  const ingest = h.deps.callIngest;
  await ingest.importBatch('acme', SEEDED);
  await ingest.importBatch('acme', [
    aNewCall({ call_id: 'fr-1', started_at: at(-60), ended_at: at(-55), summary: 'Réservation annulée par Élodie', transcript: [{ speaker: 'customer', text: 'Je voudrais annuler ma réservation au café, s’il vous plaît.', offset_ms: 0 }] }),
    aNewCall({ call_id: 'de-1', started_at: at(-70), ended_at: at(-65), summary: null, transcript: [{ speaker: 'agent', text: 'Herr Müller, Ihre Rückerstattung ist unterwegs.', offset_ms: 0 }] }),
  ]);
  await ingest.importBatch('globex', [aNewCall({ call_id: 'globex-secret', summary: 'Globex confidential refund' })]);
});
afterAll(async () => h.stop());

const get = (path: string, token = memberToken) => call(h.url, 'GET', path, { headers: bearer(token) });
const post = (json: unknown, token = adminToken, path = base) => call(h.url, 'POST', path, { json, headers: bearer(token) });
const ids = (res: { body: any }) => res.body.data.map((c: any) => c.call_id);

async function walk(query: string, limit: number) {
  const out: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const res = await get(`${base}?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, res.text).toBe(200);
    out.push(...ids(res));
    cursor = res.body.next_cursor;
    if (cursor === null) return out;
  }
  throw new Error('no end');
}

describe('GET /tenants/{tenant_id}/calls', () => {
  it('200: 20 newest first by default, each item exactly the list shape, with a next_cursor', async () => {
    const res = await get(base);
    expect(res.status).toBe(200);
    expect(schemas.errors('CallList', res.body)).toEqual([]);
    expect(res.body.data).toHaveLength(20);
    expect(ids(res).slice(0, 3)).toEqual(['seed-044', 'seed-043', 'seed-042']);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['agent_id', 'call_id', 'caller', 'channel', 'direction', 'duration_seconds', 'ended_at', 'started_at', 'status', 'summary']);
    expect(res.body.data[0].duration_seconds).toBe(180);
    expect(typeof res.body.next_cursor).toBe('string');
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000000');
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"tenant-api";q=1000000;w=60$/);
  });

  it('walks every call once, in order, at any page size; next_cursor is null on the last page', async () => {
    const all = await walk('', 100);
    expect(all).toHaveLength(47);
    for (const limit of [1, 7, 20]) expect(await walk('', limit)).toEqual(all);
    expect(all).not.toContain('globex-secret');
  });

  it('400 for limit outside 1..100 or not an integer, naming limit', async () => {
    for (const limit of ['0', '101', '-1', 'abc', '1.5', '']) {
      const res = await get(`${base}?limit=${limit}`);
      expectProblem(res, 400);
      expect(res.body.errors[0].path, limit).toBe('limit');
    }
    expect((await get(`${base}?limit=100`)).body.data).toHaveLength(47);
  });

  it('400 for a tampered, foreign or garbage cursor', async () => {
    const first = await get(`${base}?limit=5`);
    const cursor: string = first.body.next_cursor;
    const flipped = cursor.slice(0, 3) + (cursor[3] === 'A' ? 'B' : 'A') + cursor.slice(4);
    for (const bad of [flipped, cursor.slice(1), `${cursor}x`, 'garbage', 'eyJ9.AAAA', 'x'.repeat(600)]) {
      const res = await get(`${base}?limit=5&cursor=${encodeURIComponent(bad)}`);
      expectProblem(res, 400);
      expect(res.body.errors[0].path).toBe('cursor');
    }
    // A cursor belongs to its query: other filters, page size aside, refuse it.
    expectProblem(await get(`${base}?limit=5&channel=voice&cursor=${encodeURIComponent(cursor)}`), 400);
    expect((await get(`${base}?limit=9&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
  });

  it('filters by channel and direction; 400 for unknown values or a repeated parameter', async () => {
    const voice = await walk('&channel=voice', 100);
    expect(voice).toEqual(SEEDED.filter((c) => c.channel === 'voice').map((c) => c.call_id).reverse().concat(['fr-1', 'de-1']));
    const outbound = await walk('&direction=outbound&channel=email', 100);
    expect(outbound).toEqual(SEEDED.filter((c) => c.channel === 'email' && c.direction === 'outbound').map((c) => c.call_id).reverse());
    for (const q of ['channel=fax', 'direction=sideways', 'channel=voice&channel=sms', 'channel=VOICE']) {
      const res = await get(`${base}?${q}`);
      expectProblem(res, 400);
      expect(['channel', 'direction']).toContain(res.body.errors[0].path);
    }
  });

  it('from is inclusive, to exclusive; 400 for bad instants or an empty window', async () => {
    const window = await walk(`&from=${encodeURIComponent(at(100))}&to=${encodeURIComponent(at(150))}`, 100);
    expect(window).toEqual(['seed-014', 'seed-013', 'seed-012', 'seed-011', 'seed-010']);
    const offset = await walk(`&from=${encodeURIComponent('2026-10-01T10:40:00+02:00')}&to=${encodeURIComponent(at(50))}`, 100);
    expect(offset).toEqual(['seed-004']);
    for (const q of ['from=yesterday', 'to=2026-10-01', 'from=2026-02-30T00:00:00Z', `from=${at(10)}&to=${at(10)}`, `from=${at(20)}&to=${at(10)}`]) {
      const res = await get(`${base}?${q.replace(/\+/g, '%2B')}`);
      expectProblem(res, 400);
      expect(['from', 'to']).toContain(res.body.errors[0].path);
    }
  });

  it('one 400 lists every bad parameter, each checked once by the wire schema', async () => {
    const words = Array.from({ length: 33 }, (_, i) => `w${i}`).join(' ');
    const res = await get(`${base}?limit=0&channel=fax&direction=up&from=yesterday&to=${encodeURIComponent('1969-12-31T23:59:59Z')}&q=${encodeURIComponent(words)}`);
    expectProblem(res, 400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['limit', 'channel', 'direction', 'from', 'to', 'q']);
    expect(res.body.errors.find((e: { path: string }) => e.path === 'q').message).toBe('q must hold at most 32 words');
  });

  describe('q: free-text search', () => {
    const search = async (q: string, extra = '') => {
      const res = await get(`${base}?limit=100&q=${encodeURIComponent(q)}${extra}`);
      expect(res.status, `${q}: ${res.text}`).toBe(200);
      return ids(res) as string[];
    };

    it('ignores case and accents', async () => {
      expect(await search('reservation')).toEqual(['fr-1']);
      expect(await search('RÉSERVATION élodie')).toEqual(['fr-1']);
      expect(await search('CAFE')).toEqual(['fr-1']);
      expect(await search('muller rückerstattung')).toEqual(['de-1']);
    });

    it('every word must match, in the transcript or the summary', async () => {
      expect(await search('delivery parcel')).toHaveLength(23);
      expect(await search('delivery charged')).toEqual([]);
      expect(await search('billing twice 7')).toEqual(['seed-007']);
    });

    it('a trailing * matches a prefix', async () => {
      expect(await search('réserv*')).toEqual(['fr-1']);
      expect(await search('rückerst*')).toEqual(['de-1']);
      expect((await search('deliv*')).length).toBe(23);
      expect(await search('deliv')).toEqual([]);
    });

    it('no match is an empty page, not an error; another tenant\'s text is never found', async () => {
      const res = await get(`${base}?q=xyzzy`);
      expect(res.body).toEqual({ data: [], next_cursor: null });
      expect(await search('confidential')).toEqual([]);
    });

    it('SQL-like and FTS-syntax input is read as words, never as syntax', async () => {
      for (const q of ["' OR 1=1 --", '"; DROP TABLE calls; --', 'delivery OR billing', 'NOT delivery', 'NEAR(delivery parcel)', 'summary:delivery', '{transcript}: parcel', '^delivery', 'deliv* AND', '"unterminated', '(((', '*', '-delivery', 'delivery\u0000', '%', '_', '\\']) {
        await search(q);
      }
      expect(await search('delivery OR billing')).toEqual([]);
      expect(await search('(delivery) [parcel]')).toHaveLength(23);
      expect(await search('*')).toHaveLength(47);
    });

    it('combines with the filters and paginates', async () => {
      const billingSms = await search('billing', '&channel=sms');
      expect(billingSms).toEqual(SEEDED.filter((c, i) => i % 2 === 1 && c.channel === 'sms').map((c) => c.call_id).reverse());
      expect(await walk('&q=billing', 4)).toEqual(await search('billing'));
    });

    it('400 for a query over 500 characters', async () => {
      const res = await get(`${base}?q=${'a'.repeat(501)}`);
      expectProblem(res, 400);
      expect(res.body.errors[0].path).toBe('q');
    });
  });

  it('a walk stays free of duplicates and gaps while calls arrive (concurrent inserts)', async () => {
    const before = await walk('', 100);
    const seen: string[] = [];
    let cursor: string | null = null;
    let n = 0;
    do {
      const inserts = Array.from({ length: 3 }, () => {
        n++;
        // New calls newer than everything, in the middle of the walked range, and older.
        const minutes = [500, 205, -500][n % 3] + n;
        return post(aNewCall({ call_id: `live-${n}`, started_at: at(minutes), ended_at: at(minutes + 1) }));
      });
      const url: string = `${base}?limit=6${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const [page]: JsonResponse[] = await Promise.all([get(url), ...inserts]);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    const order = seen.filter((id) => before.includes(id));
    expect(order).toEqual(before);
  });
});

describe('GET /tenants/{tenant_id}/calls/{call_id}', () => {
  it('200: the item plus transcript and metadata', async () => {
    const res = await get(`${base}/fr-1`);
    expect(res.status).toBe(200);
    expect(schemas.errors('CallDetail', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ call_id: 'fr-1', summary: 'Réservation annulée par Élodie', duration_seconds: 300, metadata: { language: 'en' } });
    expect(res.body.transcript).toEqual([{ speaker: 'customer', text: 'Je voudrais annuler ma réservation au café, s’il vous plaît.', offset_ms: 0 }]);
  });

  it('404 for an unknown call and for another tenant\'s call reached by id', async () => {
    expectProblem(await get(`${base}/nope`), 404);
    expectProblem(await get(`${base}/globex-secret`), 404);
    expectProblem(await get(`${base}/${encodeURIComponent('../../globex/calls/globex-secret')}`), 404);
    expect((await get('/api/v1/tenants/globex/calls/globex-secret', globexToken)).status).toBe(200);
  });
});

describe('POST /tenants/{tenant_id}/calls', () => {
  it('201: stores the call, derives duration_seconds, generates a call_id, answers with the detail and Location', async () => {
    const res = await post(aNewCall({ started_at: '2026-11-03T10:00:00+01:00', ended_at: '2026-11-03T10:04:10.400+01:00' }));
    expect(res.status, res.text).toBe(201);
    expect(schemas.errors('CallDetail', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ started_at: '2026-11-03T09:00:00.000Z', ended_at: '2026-11-03T09:04:10.400Z', duration_seconds: 250 });
    expect(res.body.call_id).toMatch(/^call_[0-9a-f]{32}$/);
    expect(res.headers.get('location')).toBe(`${base}/${res.body.call_id}`);
    const read = await get(res.headers.get('location')!);
    expect(read.body).toEqual(res.body);
  });

  it('an explicit call_id is kept; the same id again is a 409; another tenant may use it', async () => {
    expect((await post(aNewCall({ call_id: 'ext-42' }))).status).toBe(201);
    const again = await post(aNewCall({ call_id: 'ext-42', summary: 'changed' }));
    expectProblem(again, 409);
    expect((await get(`${base}/ext-42`)).body.summary).toBe(aNewCall().summary);
    expect((await post(aNewCall({ call_id: 'ext-42' }), globexToken, '/api/v1/tenants/globex/calls')).status).toBe(201);
  });

  it('ignores a duration_seconds sent by the client (it is derived)', async () => {
    const res = await post({ ...aNewCall(), duration_seconds: 9999 });
    expect(res.body.duration_seconds).toBe(250);
  });

  it('400 naming each bad field', async () => {
    const empty = await post({});
    expectProblem(empty, 400);
    expect(empty.body.errors.map((e: any) => e.path).sort()).toEqual(['caller', 'channel', 'direction', 'ended_at', 'started_at', 'status']);
    const bad = await post({
      ...aNewCall(),
      call_id: 'has spaces',
      channel: 'fax',
      status: 'lost',
      transcript: [{ speaker: 'robot', text: 42, offset_ms: -5 }],
      metadata: ['not', 'an', 'object'],
    });
    expectProblem(bad, 400);
    expect(bad.body.errors.map((e: any) => e.path).sort()).toEqual(['call_id', 'channel', 'metadata', 'status', 'transcript.0.offset_ms', 'transcript.0.speaker', 'transcript.0.text']);
    const backwards = await post(aNewCall({ started_at: '2026-11-03T10:00:00Z', ended_at: '2026-11-03T09:59:59Z' }));
    expectProblem(backwards, 400);
    expect(backwards.body.errors).toEqual([{ path: 'ended_at', message: 'must not be before started_at' }]);
    expectProblem(await post(aNewCall({ started_at: '2026-11-03T10:00:00' })), 400);
    expectProblem(await post(aNewCall({ started_at: '1969-12-31T23:00:00Z', ended_at: '1969-12-31T23:30:00Z' })), 400);
  });

  it('400 for malformed JSON or a non-object body, 415 for another type, 413 over 1 MiB', async () => {
    const raw = (body: string, type = 'application/json') => call(h.url, 'POST', base, { body, headers: { ...bearer(adminToken), 'content-type': type } });
    expectProblem(await raw('{"channel":'), 400);
    expectProblem(await raw('[1,2]'), 400);
    expectProblem(await raw('"x"'), 400);
    expectProblem(await raw('channel=voice', 'application/x-www-form-urlencoded'), 415);
    expectProblem(await raw('{}', 'text/plain'), 415);
    const huge = JSON.stringify({ ...aNewCall(), summary: 'x'.repeat(1_100_000) });
    const res = await raw(huge).catch(() => null);
    if (res) expectProblem(res, 413);
    // Prototype poisoning is refused, not merged.
    expectProblem(await raw(JSON.stringify(aNewCall()).replace('{', '{"__proto__":{"polluted":1},')), 400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads any +json type and a gzip-encoded body; an encoding it cannot read is a 415; stops a gzip body past 1 MiB inflated', async () => {
    const send = (body: string | Buffer, headers: Record<string, string>) => call(h.url, 'POST', base, { body, headers: { ...bearer(adminToken), ...headers } });
    const created = await send(JSON.stringify(aNewCall({ call_id: 'typed-json' })), { 'content-type': 'application/merge-patch+json' });
    expect(created.status, created.text).toBe(201);
    const zipped = await send(gzipSync(JSON.stringify(aNewCall({ call_id: 'gzip-json' }))), { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(zipped.status, zipped.text).toBe(201);
    expectProblem(await send('{}', { 'content-type': 'application/json', 'content-encoding': 'br-unknown' }), 415);
    const bomb = gzipSync(JSON.stringify({ ...aNewCall({ call_id: 'bomb' }), summary: ' '.repeat(3_000_000) }));
    expect(bomb.length).toBeLessThan(100_000);
    expectProblem(await send(bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' }), 413);
  });

  it('400 for the NUL character in any text, naming where; nothing is stored', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ summary: 'before\u0000after' }, 'summary'],
      [{ caller: 'x\u0000' }, 'caller'],
      [{ transcript: [{ speaker: 'agent', text: 'hi\u0000', offset_ms: 0 }] }, 'transcript.0.text'],
      [{ metadata: { 'k\u0000': 1 } }, 'metadata.k\u0000'],
    ];
    for (const [override, path] of cases) {
      const res = await post({ ...aNewCall({ call_id: 'nul-case' }), ...override });
      expectProblem(res, 400);
      expect(res.body.errors).toEqual([{ path, message: 'must not contain the NUL character (U+0000)' }]);
    }
    expectProblem(await call(h.url, 'GET', `${base}/nul-case`, { headers: bearer(adminToken) }), 404);
  });

  it('403 for a member, whatever the body', async () => {
    expectProblem(await post(aNewCall(), memberToken), 403);
    expectProblem(await post({ nonsense: true }, memberToken), 403);
  });
});

describe('tenancy on every route', () => {
  const routes = [
    { method: 'GET', path: (t: string) => `/api/v1/tenants/${t}/calls` },
    { method: 'GET', path: (t: string) => `/api/v1/tenants/${t}/calls/seed-001` },
    { method: 'POST', path: (t: string) => `/api/v1/tenants/${t}/calls` },
  ];

  it('401 without a token on every route', async () => {
    for (const r of routes) {
      const res = await call(h.url, r.method, r.path('acme'), r.method === 'POST' ? { json: aNewCall() } : {});
      expectProblem(res, 401);
    }
  });

  it('403 on another tenant\'s path (existing or not) on every route, before the body is looked at', async () => {
    for (const r of routes) {
      for (const tenant of ['globex', 'no-such-tenant', 'ACME']) {
        const res = await call(h.url, r.method, r.path(tenant), { headers: bearer(adminToken), ...(r.method === 'POST' ? { json: { invalid: true } } : {}) });
        expectProblem(res, 403);
      }
    }
    expectProblem(await get('/api/v1/tenants/acme/calls', globexToken), 403);
    expectProblem(await get('/api/v1/tenants/acme/calls/seed-001?x=1', globexToken), 403);
  });
});
