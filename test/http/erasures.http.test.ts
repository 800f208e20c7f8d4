import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectProblem, schemas, seedCast } from '../support/area-a.js';
import { aNewCall } from '../fixtures/call-mother.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

/** Issue 30: POST /api/v1/tenants/{tenant_id}/erasures (admin), on the harness's database. */
let h: Harness;
let admin: string;
let member: string;
let globex: string;
const base = '/api/v1/tenants/acme/erasures';
const SUBJECT = '+33 6 98 76 54 32';

beforeAll(async () => {
  h = await startHarness({ snapshot: { build_id: 'erasures', artists: [], works: [] }, env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000' } });
  ({ admin, member, globex } = await seedCast(h));
  const record = async (token: string, tenant: string, body: object) => expect((await call(h.url, 'POST', `/api/v1/tenants/${tenant}/calls`, { headers: bearer(token), json: body })).status).toBe(201);
  for (let i = 0; i < 4; i++) {
    await record(admin, 'acme', aNewCall({ call_id: `subject-${i}`, caller: SUBJECT, started_at: `2026-11-0${i + 1}T10:00:00Z`, ended_at: `2026-11-0${i + 1}T10:05:00Z`, summary: 'Ortolan refund for Mr Plimsoll', transcript: [{ speaker: 'customer', text: 'Plimsoll here, flat 7 Marigold Court', offset_ms: 0 }] }));
  }
  await record(admin, 'acme', aNewCall({ call_id: 'kept-1', caller: '+33 1 00 00 00 00', summary: 'Ortolan delivery' }));
  await record(globex, 'globex', aNewCall({ call_id: 'globex-1', caller: SUBJECT, summary: 'Plimsoll at globex' }));
});
afterAll(() => h?.close());

const search = async (q: string, token = admin, tenant = 'acme') => {
  const res = await call(h.url, 'GET', `/api/v1/tenants/${tenant}/calls?q=${encodeURIComponent(q)}`, { headers: bearer(token) });
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((c: { call_id: string }) => c.call_id);
};

describe('POST /api/v1/tenants/{tenant_id}/erasures', () => {
  it('answers 4xx problems for every bad input, and erases nothing', async () => {
    const bad: [string, Record<string, string>, unknown, number][] = [
      [base, bearer(member), { caller_number: SUBJECT }, 403],
      ['/api/v1/tenants/globex/erasures', bearer(admin), { caller_number: SUBJECT }, 403],
      [base, {}, { caller_number: SUBJECT }, 401],
      [base, bearer(admin), {}, 400],
      [base, bearer(admin), { caller_number: SUBJECT, call_ids: ['subject-0'] }, 400],
      [base, bearer(admin), { caller_number: '   ' }, 400],
      [base, bearer(admin), { caller_number: 42 }, 400],
      [base, bearer(admin), { caller_number: 'x'.repeat(201) }, 400],
      [base, bearer(admin), { call_ids: [] }, 400],
      [base, bearer(admin), { call_ids: 'subject-0' }, 400],
      [base, bearer(admin), { call_ids: ['subject 0'] }, 400],
      [base, bearer(admin), { call_ids: Array.from({ length: 1001 }, (_, i) => `c${i}`) }, 400],
      [base, bearer(admin), { caller_number: SUBJECT, extra: true }, 400],
      [base, bearer(admin), [SUBJECT], 400],
      [base, bearer(admin), null, 400],
    ];
    for (const [path, headers, json, status] of bad) {
      const res = await call(h.url, 'POST', path, { headers, json });
      expectProblem(res, status);
    }
    const notJson = await call(h.url, 'POST', base, { headers: { ...bearer(admin), 'content-type': 'text/plain' }, body: SUBJECT });
    expectProblem(notJson, 415);
    const broken = await call(h.url, 'POST', base, { headers: { ...bearer(admin), 'content-type': 'application/json' }, body: '{"caller_number":' });
    expectProblem(broken, 400);
    expect(await search('plimsoll')).toHaveLength(4);
  });

  it('erases every call of the caller in the tenant: gone from reads and from every search; 201 with a record without personal data', async () => {
    const res = await call(h.url, 'POST', base, { headers: bearer(admin), json: { caller_number: SUBJECT } });
    expect(res.status, res.text).toBe(201);
    expect(schemas.errors('ErasureRecord', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ tenant_id: 'acme', selector: 'caller_number', calls_erased: 4 });
    expect(res.text).not.toMatch(/98 76|Plimsoll|subject-/);
    for (const q of ['plimsoll', 'marigold', 'ortolan marigold', 'plim*', 'Marigold Court']) expect(await search(q), q).toEqual([]);
    expect(await search('ortolan')).toEqual(['kept-1']);
    expect((await call(h.url, 'GET', '/api/v1/tenants/acme/calls/subject-0', { headers: bearer(admin) })).status).toBe(404);
    const listed = await call(h.url, 'GET', '/api/v1/tenants/acme/calls?limit=100', { headers: bearer(admin) });
    expect(listed.body.data.map((c: { call_id: string }) => c.call_id)).toEqual(['kept-1']);
    // Globex's call of the same number is globex's business.
    expect(await search('plimsoll', globex, 'globex')).toEqual(['globex-1']);

    const byId = await call(h.url, 'POST', base, { headers: bearer(admin), json: { call_ids: ['kept-1', 'globex-1'] } });
    expect(byId.body).toMatchObject({ selector: 'call_ids', calls_erased: 1 });
    const records = await call(h.url, 'GET', base, { headers: bearer(admin) });
    expect(records.status).toBe(200);
    expect(schemas.errors('ErasureList', records.body)).toEqual([]);
    expect(records.body.data.map((r: { calls_erased: number }) => r.calls_erased)).toEqual([1, 4]);
    expectProblem(await call(h.url, 'GET', base, { headers: bearer(member) }), 403);
  });
});
