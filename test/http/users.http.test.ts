import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectProblem, schemas, seedCast } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

let h: Harness;
let admin: string;
let member: string;
let globex: string;

const base = '/api/v1/tenants/acme/users';
const get = (path: string, token = member) => call(h.url, 'GET', path, { headers: bearer(token) });

beforeAll(async () => {
  h = await startHarness({ snapshot: { build_id: 'users', artists: [], works: [] }, env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000000' } });
  ({ admin, member, globex } = await seedCast(h));
});
afterAll(async () => h.stop());

describe('GET /tenants/{tenant_id}/users', () => {
  it('200 for a member: the tenant\'s users without any password hash, paged by cursor', async () => {
    const res = await get(base);
    expect(res.status, res.text).toBe(200);
    expect(schemas.errors('TenantUserList', res.body)).toEqual([]);
    expect(res.body.data.map((u: any) => [u.email, u.role, u.disabled_at]).sort()).toEqual([
      ['ann@acme.example', 'admin', null],
      ['max@acme.example', 'member', null],
    ]);
    expect(res.text).not.toMatch(/password|scrypt/);
    const first = await get(`${base}?limit=1`, admin);
    expect(first.body.data).toHaveLength(1);
    const second = await get(`${base}?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`, admin);
    expect(second.body.next_cursor).toBeNull();
    expect([...first.body.data, ...second.body.data]).toEqual(res.body.data);
  });

  it('400 for a bad limit or a cursor of another query; 403 for another tenant; 401 without a token', async () => {
    expectProblem(await get(`${base}?limit=0`), 400);
    const calls = await get('/api/v1/tenants/acme/calls?limit=1', admin);
    const foreign = calls.body.next_cursor ?? 'not-a-cursor';
    expectProblem(await get(`${base}?cursor=${encodeURIComponent(foreign)}`), 400);
    expectProblem(await get(base, globex), 403);
    expectProblem(await call(h.url, 'GET', base), 401);
  });
});
