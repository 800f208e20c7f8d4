import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, Middleware } from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import { createApp, type RouteGroup } from '../../runtimes/http/app.js';
import { createHttpMetrics } from '../../runtimes/http/middleware/metrics.js';
import type { RateLimitStore } from '../../runtimes/http/rate-limit/ports.js';
import { createMemoryRateLimitStore } from '../../runtimes/http/rate-limit/rate-limit-stores.js';
import { routeLimiter } from '../../runtimes/http/rate-limit/route-limits.js';
import { contract, type HttpMethod, implement, type Route } from '../../runtimes/http/route-contract.js';
import type { RateLimitPolicyName } from '../../runtimes/http/rate-limit/policy-names.js';
import { buildRouteGroups } from '../../runtimes/http/route-groups.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { loadConfig } from '../../runtimes/shared/config.js';
import { bearer, login, seedUsers } from '../support/area-a.js';
import { httpCorpus } from '../support/http-corpus.js';
import { call, type Harness, type JsonResponse, startHarness } from '../support/http-harness.js';

const subject = { subject_artist: 'Turner', subject_title: 'Snow Storm' };
const verify = (h: Harness, headers: Record<string, string> = {}) => call(h.url, 'POST', '/api/v1/verify', { json: subject, headers });

/** Every limited response: the five headers, integers where the convention says so. */
function expectLimitHeaders(res: JsonResponse, policy: string, limit: number, remaining: number): void {
  expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(res.headers.get('x-ratelimit-remaining')).toBe(String(remaining));
  const reset = res.headers.get('x-ratelimit-reset') ?? '';
  expect(reset).toMatch(/^\d+$/);
  expect(Number(reset)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  expect(res.headers.get('ratelimit-policy')).toContain(`"${policy}";q=`);
  expect(res.headers.get('ratelimit')).toMatch(new RegExp(`"${policy}";r=\\d+;t=\\d+`));
}

function expectRefused(res: JsonResponse, policy: string, limit: number): void {
  expect(res.status, res.text).toBe(429);
  expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
  expect(res.body).toMatchObject({ status: 429, title: 'Too many requests' });
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  expectLimitHeaders(res, policy, limit, 0);
  expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"${policy}";r=0;t=\\d+$`));
}

describe('rate-limit settings (CONTRACT section 6 defaults, each settable by environment)', () => {
  it('defaults to the contract table, one-minute window, memory store, proxy headers not trusted', () => {
    const config = loadConfig({});
    expect(config.limits).toEqual({
      tenantPerMinute: 200,
      uploadPerMinute: 10,
      agentsPerMinute: 100,
      loginIpPerMinute: 10,
      loginEmailPerMinute: 10,
      verifySandboxPerMinute: 30,
      verifyKeyPerMinute: 600,
      windowMs: 60_000,
    });
    expect(config.redisUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.trustProxyHops).toBe(1);
  });

  it('reads every limit, the window, REDIS_URL and the proxy settings from the environment, and rejects bad values', () => {
    const config = loadConfig({
      RATE_LIMIT_TENANT_PER_MINUTE: '1',
      RATE_LIMIT_UPLOAD_PER_MINUTE: '2',
      RATE_LIMIT_AGENTS_PER_MINUTE: '3',
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '4',
      RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE: '5',
      RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '6',
      RATE_LIMIT_VERIFY_KEY_PER_MINUTE: '7',
      RATE_LIMIT_WINDOW_MS: '1000',
      REDIS_URL: 'redis://cache.internal:6379/2',
      TRUST_PROXY: 'true',
      TRUST_PROXY_HOPS: '2',
    });
    expect(Object.values(config.limits)).toEqual([6, 7, 4, 5, 1, 2, 3, 1000]);
    expect(config.redisUrl).toBe('redis://cache.internal:6379/2');
    expect([config.trustProxy, config.trustProxyHops]).toEqual([true, 2]);
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ RATE_LIMIT_UPLOAD_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_UPLOAD_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_WINDOW_MS: '10' })).toThrow(/RATE_LIMIT_WINDOW_MS/);
  });
});

describe('verify limits: window reset, default key limit from the environment, integer headers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      snapshot: httpCorpus,
      env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '2', RATE_LIMIT_VERIFY_KEY_PER_MINUTE: '3', RATE_LIMIT_WINDOW_MS: '1000' },
    });
  });
  afterAll(async () => h.stop());

  it('sandbox: the limit-th passes, the next is refused, and the budget is back after the window', async () => {
    const first = await verify(h);
    expect(first.status).toBe(200);
    expectLimitHeaders(first, 'verify-sandbox', 2, 1);
    expect(first.headers.get('ratelimit-policy')).toBe('"verify-sandbox";q=2;w=1');
    expectLimitHeaders(await verify(h), 'verify-sandbox', 2, 0);
    const refused = await verify(h);
    expectRefused(refused, 'verify-sandbox', 2);
    expect(refused.body.detail).toBe('Rate limit of 2 requests per 1 s exceeded.');
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    // The window's end without waiting for it: the memory store reads Date.now(), faked forward
    // for the server (in this process) to just past the reset the refusal announced.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(reset * 1000 + 50);
      const again = await verify(h);
      expect(again.status).toBe(200);
      expectLimitHeaders(again, 'verify-sandbox', 2, 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a key created without its own limit gets RATE_LIMIT_VERIFY_KEY_PER_MINUTE; keys never share a budget', async () => {
    const keys = h.container.get<ApiKeys>(ATTESTATION.ApiKeys);
    const a = await keys.create('default-limit');
    const b = await keys.create('default-limit-too');
    expect(a.per_minute).toBe(3);
    for (let i = 0; i < 3; i++) expectLimitHeaders(await verify(h, { 'x-api-key': a.key }), 'verify-key', 3, 2 - i);
    expectRefused(await verify(h, { 'x-api-key': a.key }), 'verify-key', 3);
    const other = await verify(h, { 'x-api-key': b.key });
    expect(other.status).toBe(200);
    expectLimitHeaders(other, 'verify-key', 3, 2);
  });
});

describe('client IP: the socket, or X-Forwarded-For only with TRUST_PROXY', () => {
  const harnesses: Harness[] = [];
  afterAll(async () => Promise.all(harnesses.map((h) => h.stop())));
  const start = async (env: Record<string, string>) => {
    const h = await startHarness({ snapshot: httpCorpus, env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '2', ...env } });
    harnesses.push(h);
    return h;
  };

  it('TRUST_PROXY off: a forged X-Forwarded-For does not buy a fresh budget', async () => {
    const h = await start({ TRUST_PROXY: 'false' });
    expect((await verify(h, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    expect((await verify(h, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    expectRefused(await verify(h, { 'x-forwarded-for': '203.0.113.3' }), 'verify-sandbox', 2);
  });

  it('TRUST_PROXY on: each forwarded client has its own budget', async () => {
    const h = await start({ TRUST_PROXY: 'true' });
    for (let i = 0; i < 2; i++) expect((await verify(h, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
    expectRefused(await verify(h, { 'x-forwarded-for': '203.0.113.10' }), 'verify-sandbox', 2);
    expect((await verify(h, { 'x-forwarded-for': '203.0.113.11' })).status).toBe(200);
  });

  it('TRUST_PROXY on, one hop (default): only the entry our proxy appended counts, a client-sent prefix is ignored', async () => {
    const h = await start({ TRUST_PROXY: 'true' });
    expect((await verify(h, { 'x-forwarded-for': '1.1.1.1, 198.51.100.7' })).status).toBe(200);
    expect((await verify(h, { 'x-forwarded-for': '2.2.2.2, 198.51.100.7' })).status).toBe(200);
    expectRefused(await verify(h, { 'x-forwarded-for': '3.3.3.3, 198.51.100.7' }), 'verify-sandbox', 2);
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
