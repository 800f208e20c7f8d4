import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectProblem, login, seedUsers, type TestUser } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

let h: Harness;
let eve: TestUser;
let max: TestUser;
let gus: TestUser;
let tokens: { ann: string; max: string; gus: string };

beforeAll(async () => {
  h = await startHarness({
    snapshot: { build_id: 'limits', artists: [], works: [] },
    env: { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '4', RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE: '2', RATE_LIMIT_TENANT_PER_MINUTE: '5' },
  });
  let ann: TestUser;
  [ann, max, gus, eve] = await seedUsers(h, [
    { tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' },
    { tenant_id: 'acme', email: 'max@acme.example', role: 'member' },
    { tenant_id: 'globex', email: 'gus@globex.example', role: 'admin' },
    { tenant_id: 'acme', email: 'eve@acme.example', role: 'member' },
  ]);
  tokens = {
    ann: await login(h, ann, { 'x-forwarded-for': '10.0.2.1' }),
    max: await login(h, max, { 'x-forwarded-for': '10.0.2.2' }),
    gus: await login(h, gus, { 'x-forwarded-for': '10.0.2.3' }),
  };
});
afterAll(async () => h.stop());

const attempt = (email: string, password: string, ip: string) =>
  call(h.url, 'POST', '/api/v1/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': ip } });

describe('login rate limits', () => {
  it('per email: the limit-th attempt is answered, the next is a 429 even with the right password, from any IP', async () => {
    const first = await attempt('EVE@acme.example', 'wrong password!!', '10.0.0.1');
    expectProblem(first, 401);
    expect(first.headers.get('ratelimit-policy')).toBe('"login-ip";q=4;w=60, "login-email";q=2;w=60');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1'); // the tighter of ip (3) and email (1)
    expect(first.headers.get('ratelimit')).toMatch(/^"login-ip";r=3;t=\d+, "login-email";r=1;t=\d+$/);
    expectProblem(await attempt('eve@acme.example', 'wrong password!!', '10.0.0.2'), 401);
    const refused = await attempt(' eve@ACME.example', eve.password, '10.0.0.3');
    expectProblem(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"login-email";r=0;t=\d+$/);
    // Another account from the same addresses is not affected.
    expect((await attempt(max.email, max.password, '10.0.0.4')).status).toBe(200);
  });

  it('per IP: a burst over many emails from one address is cut off at the limit', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 4; i++) expectProblem(await attempt(`guess${i}@acme.example`, 'whatever-password', ip), 401);
    const refused = await attempt(gus.email, gus.password, ip);
    expectProblem(refused, 429);
    expect(refused.headers.get('ratelimit')).toMatch(/^"login-ip";r=0;t=\d+$/);
    // Bad requests count against the IP too, before the body is read.
    expectProblem(await call(h.url, 'POST', '/api/v1/auth/login', { json: {}, headers: { 'x-forwarded-for': ip } }), 429);
    expect((await attempt(gus.email, gus.password, '10.0.1.2')).status).toBe(200);
  });
});

describe('tenant budget of the calls endpoints', () => {
  it('one budget per tenant, shared by its users; another tenant has its own', async () => {
    const { ann: annToken, max: maxToken, gus: gusToken } = tokens;
    const list = (token: string, tenant = 'acme') => call(h.url, 'GET', `/api/v1/tenants/${tenant}/calls`, { headers: bearer(token) });
    for (let i = 0; i < 5; i++) {
      const res = await list(i % 2 ? annToken : maxToken);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
    }
    const refused = await list(annToken);
    expectProblem(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe('"tenant-api";q=5;w=60');
    // A token of globex hammering acme's path spends globex's budget (and gets 403s), never acme's.
    expect((await list(gusToken, 'globex')).status).toBe(200);
    expectProblem(await list(gusToken, 'acme'), 403);
    // Without a valid token nothing is counted: 401, not 429.
    expectProblem(await call(h.url, 'GET', '/api/v1/tenants/acme/calls'), 401);
  });
});
