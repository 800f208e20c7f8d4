import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, Middleware } from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, type RouteGroup } from '../../runtimes/http/app.js';
import { createHttpMetrics } from '../../runtimes/http/middleware/metrics.js';
import type { RateLimitStore } from '../../runtimes/http/rate-limit/ports.js';
import { createMemoryRateLimitStore } from '../../runtimes/http/rate-limit/rate-limit-stores.js';
import { routeLimiter } from '../../runtimes/http/rate-limit/route-limits.js';
import { contract, type HttpMethod, implement, type Route } from '../../runtimes/http/route-contract.js';
import type { RateLimitPolicyName } from '../../runtimes/http/rate-limit/policy-names.js';
import { buildRouteGroups } from '../../runtimes/http/route-groups.js';
import { loadConfig } from '../../runtimes/shared/settings/config.js';
import { bearer, expectProblem, login, seedUsers, type TestUser } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { expectLimitHeaders, expectRefused } from '../support/rate-limit-headers.js';

/** The limits of the tenant side (Area A): login per IP and per email, the tenant budget, uploads, /ai-agents and /workspace per IP, and every tenant route. */
describe('login and tenant budgets on the real server', () => {
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
});

/**
 * The Area A budgets on an app built from the real middleware and a stand-in for routes: the
 * upload budget on top of the tenant budget, and the per-IP budget of /ai-agents and /workspace.
 */
describe('upload and agents/workspace budgets', () => {
  let store: RateLimitStore;
  const servers: Server[] = [];
  const stored: string[] = [];
  let plain: string;
  let proxied: string;

  const fakeAuth: Middleware = async (ctx: Context, next) => {
    const tenant = ctx.get('x-test-tenant');
    if (!tenant) ctx.throw(401, 'no token');
    ctx.state.principal = { tenant_id: tenant, role: 'admin', user_id: 'u' };
    await next();
  };
  const meta = (method: HttpMethod, path: string, limits: readonly RateLimitPolicyName[]) => ({
    method,
    path,
    operationId: `${method}${path}`,
    summary: path,
    description: 'A route of the test.',
    tag: 'Calls' as const,
    security: 'bearer' as const,
    limits,
    responses: { 200: { description: 'ok' } },
  });
  const route = (method: HttpMethod, path: string, limits: readonly RateLimitPolicyName[]): Route =>
    implement(contract(meta(method, path, limits)), (ctx) => {
      ctx.body = { ok: path };
    });
  const upload = contract({ ...meta('post', '/api/v1/tenants/{tenant_id}/knowledge', ['tenant-api', 'tenant-upload']), body: z.object({ title: z.string() }) });

  async function serve(trustProxy: boolean): Promise<string> {
    const limits = { ...loadConfig({}).limits, tenantPerMinute: 10, uploadPerMinute: 3, agentsPerMinute: 3 };
    // Routes spend the policies their contracts declare; the chain places each by its stage.
    const groups: RouteGroup[] = [
      {
        authenticate: fakeAuth,
        routes: [
          route('get', '/api/v1/tenants/{tenant_id}/knowledge', ['tenant-api']),
          implement(upload, (ctx, { body }) => {
            stored.push(`${(ctx as any).params.tenant_id}:${body.title}`);
            ctx.status = 201;
            ctx.body = { stored: true };
          }),
          route('post', '/api/v1/tenants/{tenant_id}/knowledge/sync', ['tenant-api']),
        ],
      },
      { authenticate: fakeAuth, routes: [route('get', '/api/v1/ai-agents/{agent_id}', ['agents-ip']), route('get', '/api/v1/ai-agents', ['agents-ip'])] },
      { authenticate: fakeAuth, routes: [route('get', '/api/v1/workspace', ['agents-ip'])] },
    ];
    const app = createApp({
      logger: pino({ level: 'silent' }),
      metrics: createHttpMetrics({ defaultMetrics: false }),
      groups,
      limiter: routeLimiter(store, { ...limits, windowMs: 60_000 }),
      trustProxy,
      maxIpsCount: 1,
    });
    const server = createServer(app.callback());
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    store = createMemoryRateLimitStore();
    plain = await serve(false);
    proxied = await serve(true);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    await store.close();
  });

  const uploadDoc = (tenant: string, title: string, body?: string) =>
    call(plain, 'POST', `/api/v1/tenants/${tenant}/knowledge`, {
      headers: { 'x-test-tenant': tenant, 'content-type': 'application/json' },
      body: body ?? JSON.stringify({ title }),
    });

  it('uploads: the limit-th passes, the next is refused before its body is read and nothing is stored; headers name both budgets', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await uploadDoc('acme', `doc${i}`);
      expect(res.status, res.text).toBe(201);
      expectLimitHeaders(res, 'tenant-upload', 3, 3 - i); // the tighter budget in X-RateLimit-*
      expect(res.headers.get('ratelimit-policy')).toBe('"tenant-api";q=10;w=60, "tenant-upload";q=3;w=60');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"tenant-api";r=${10 - i};t=\\d+, "tenant-upload";r=${3 - i};t=\\d+$`));
    }
    expectRefused(await uploadDoc('acme', 'doc4'), 'tenant-upload', 3);
    // Over 1 MiB: a 413 if the body were read; refused first, so a 429 and nothing parsed.
    expectRefused(await uploadDoc('acme', 'big', JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) })), 'tenant-upload', 3);
    expect(stored).toEqual(['acme:doc1', 'acme:doc2', 'acme:doc3']);
    // Other knowledge routes only spend the tenant budget (10 - 5 spent so far).
    const list = await call(plain, 'GET', '/api/v1/tenants/acme/knowledge', { headers: { 'x-test-tenant': 'acme' } });
    expect(list.status).toBe(200);
    expectLimitHeaders(list, 'tenant-api', 10, 4);
    expect(list.headers.get('ratelimit-policy')).toBe('"tenant-api";q=10;w=60');
    const sync = await call(plain, 'POST', '/api/v1/tenants/acme/knowledge/sync', { headers: { 'x-test-tenant': 'acme' } });
    expectLimitHeaders(sync, 'tenant-api', 10, 3);
    // Another tenant has budgets of its own.
    expect((await uploadDoc('globex', 'g1')).status).toBe(201);
    expect(stored).toContain('globex:g1');
  });

  it('uploads refused by the tenant budget do not spend the upload budget', async () => {
    const tenant = 'initech';
    const get = () => call(plain, 'GET', `/api/v1/tenants/${tenant}/knowledge`, { headers: { 'x-test-tenant': tenant } });
    for (let i = 0; i < 10; i++) expect((await get()).status).toBe(200);
    expectRefused(await uploadDoc(tenant, 'late'), 'tenant-api', 10);
    expect(stored.filter((s) => s.startsWith(tenant))).toEqual([]);
  });

  it('/ai-agents and /workspace: one budget per client IP across both, checked before authentication', async () => {
    const headers = { 'x-test-tenant': 'acme', 'x-forwarded-for': '198.51.100.20' };
    const a = await call(proxied, 'GET', '/api/v1/ai-agents/agt_1', { headers });
    expect(a.status).toBe(200);
    expectLimitHeaders(a, 'agents-ip', 3, 2);
    expect(a.headers.get('ratelimit-policy')).toBe('"agents-ip";q=3;w=60');
    expectLimitHeaders(await call(proxied, 'GET', '/api/v1/workspace', { headers }), 'agents-ip', 3, 1);
    // Unauthenticated requests spend the IP budget too (401 after the limiter).
    const anonymous = await call(proxied, 'GET', '/api/v1/ai-agents', { headers: { 'x-forwarded-for': '198.51.100.20' } });
    expect(anonymous.status).toBe(401);
    expectLimitHeaders(anonymous, 'agents-ip', 3, 0);
    expectRefused(await call(proxied, 'GET', '/api/v1/workspace', { headers }), 'agents-ip', 3);
    expectRefused(await call(proxied, 'GET', '/api/v1/ai-agents', { headers }), 'agents-ip', 3);
    // Another client IP, same tenant: its own budget.
    const other = await call(proxied, 'GET', '/api/v1/workspace', { headers: { ...headers, 'x-forwarded-for': '198.51.100.21' } });
    expect(other.status).toBe(200);
    expectLimitHeaders(other, 'agents-ip', 3, 2);
  });
});

/**
 * The real route table: every tenant route (calls and knowledge, including those added later)
 * spends the tenant budget, uploads the upload budget as well, and every /ai-agents and
 * /workspace route the per-IP budget. Discovered from buildRouteGroups, so new routes are covered.
 */
describe('every Area A route of the real server is limited', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness({ snapshot: { build_id: 'limits-all', artists: [], works: [] }, env: { RATE_LIMIT_TENANT_PER_MINUTE: '1000' } });
    const [ann] = await seedUsers(h, [{ tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' }]);
    token = await login(h, ann);
  });
  afterAll(async () => h.stop());

  it('tenant routes carry tenant-api (uploads also tenant-upload); /ai-agents and /workspace carry agents-ip', async () => {
    const routes = buildRouteGroups(h.deps).flatMap((g) => g.routes.map((r) => r.contract));
    const tenantRoutes = routes.filter((r) => r.path.startsWith('/api/v1/tenants/'));
    expect(tenantRoutes.length).toBeGreaterThan(0);
    const agentRoutes = routes.filter((r) => /^\/api\/v1\/(ai-agents|workspace)(\/|$)/.test(r.path));
    expect(agentRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/v1/workspace', '/api/v1/ai-agents/{agent_id}']));
    expect(tenantRoutes.some((r) => r.method === 'post' && r.path === '/api/v1/tenants/{tenant_id}/knowledge')).toBe(true);
    for (const spec of [...tenantRoutes, ...agentRoutes]) {
      const path = spec.path.replace('{tenant_id}', 'acme').replace(/\{[^}]+\}/g, 'x_unknown');
      const res = await call(h.url, spec.method.toUpperCase(), path, { headers: bearer(token), json: spec.method === 'get' || spec.method === 'delete' ? undefined : {} });
      const policy = res.headers.get('ratelimit-policy') ?? '';
      const where = `${spec.method.toUpperCase()} ${spec.path} → ${res.status}`;
      if (spec.path.startsWith('/api/v1/tenants/')) {
        expect(policy, where).toContain('"tenant-api";q=1000');
        if (spec.method === 'post' && /\/knowledge$/.test(spec.path)) expect(policy, where).toContain('"tenant-upload";q=10');
      } else {
        expect(policy, where).toContain('"agents-ip";q=100');
      }
      expect(res.headers.get('x-ratelimit-reset'), where).toMatch(/^\d+$/);
    }
  });
});
