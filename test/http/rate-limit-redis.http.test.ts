import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, seedUsers, type TestUser } from '../support/area-a.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, type Harness, type JsonResponse, startHarness } from '../support/http-harness.js';
import { type RedisServer, redisServerAvailable, startRedisServer } from '../support/redis-server.js';

/**
 * The Redis store against a real redis-server the test starts itself. Locally without
 * redis-server these tests skip with a loud message; with CI=true a missing binary fails.
 */
const available = redisServerAvailable();
const subject = { subject_artist: 'Turner', subject_title: 'Snow Storm' };

describe.skipIf(!available)('rate limits in Redis (REDIS_URL)', () => {
  let redis: RedisServer;
  let a: Harness;
  let b: Harness;
  let ann: TestUser;

  const verify = (h: Harness, ip: string) => call(h.url, 'POST', '/api/v1/verify', { json: subject, headers: { 'x-forwarded-for': ip } });
  const loginAttempt = (h: Harness, ip: string, email = ann.email, password = ann.password) =>
    call(h.url, 'POST', '/api/v1/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': ip } });
  const storeOf = (h: Harness) => h.deps.rateLimitStore;
  const waitForRedis = async (h: Harness) => {
    if (!(await storeOf(h).ready(10_000))) throw new Error('redis client not ready within 10 s');
  };
  const expectHeaders = (res: JsonResponse, policy: string, limit: number, remaining: number) => {
    expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit));
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(remaining));
    expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    expect(res.headers.get('ratelimit-policy')).toContain(`"${policy}";q=${limit}`);
    expect(res.headers.get('ratelimit')).toMatch(new RegExp(`"${policy}";r=${remaining};t=\\d+`));
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = {
      REDIS_URL: redis.url,
      TRUST_PROXY: 'true',
      RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '4',
      RATE_LIMIT_TENANT_PER_MINUTE: '6',
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '3',
      RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE: '50',
    };
    // Two app instances (each with its own ioredis client) over one Redis and one database.
    a = await startHarness({ snapshot: httpCorpus, env });
    b = await startHarness({ snapshot: httpCorpus, env: { ...env, ...a.databaseEnv } });
    [ann] = await seedUsers(a, [{ tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' }]);
    await Promise.all([waitForRedis(a), waitForRedis(b)]);
  }, 30_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await redis?.stop();
  });

  it('uses the Redis store when REDIS_URL is set', () => {
    expect(storeOf(a).kind).toBe('redis');
    expect(storeOf(b).kind).toBe('redis');
  });

  it('two instances share one budget: the limit-th request passes on either, the next is refused on both', async () => {
    const ip = '192.0.2.1';
    expectHeaders(await verify(a, ip), 'verify-sandbox', 4, 3);
    expectHeaders(await verify(b, ip), 'verify-sandbox', 4, 2);
    expectHeaders(await verify(a, ip), 'verify-sandbox', 4, 1);
    const last = await verify(b, ip);
    expect(last.status).toBe(200);
    expectHeaders(last, 'verify-sandbox', 4, 0);
    for (const h of [a, b]) {
      const refused = await verify(h, ip);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expectHeaders(refused, 'verify-sandbox', 4, 0);
    }
    // Another IP: its own budget, on both instances.
    expect((await verify(b, '192.0.2.2')).status).toBe(200);
  });

  it('the tenant budget is shared by instances and kept apart from other tenants', async () => {
    const [gus] = await seedUsers(a, [{ tenant_id: 'globex', email: 'gus@globex.example', role: 'admin' }]);
    const annToken = await login(a, ann, { 'x-forwarded-for': '192.0.2.50' });
    const gusToken = await login(b, gus, { 'x-forwarded-for': '192.0.2.51' });
    for (let i = 0; i < 6; i++) {
      const res = await call(i % 2 ? a.url : b.url, 'GET', '/api/v1/tenants/acme/calls', { headers: bearer(annToken) });
      expect(res.status).toBe(200);
      expectHeaders(res, 'tenant-api', 6, 5 - i);
    }
    expect((await call(a.url, 'GET', '/api/v1/tenants/acme/calls', { headers: bearer(annToken) })).status).toBe(429);
    expect((await call(b.url, 'GET', '/api/v1/tenants/acme/calls', { headers: bearer(annToken) })).status).toBe(429);
    expect((await call(a.url, 'GET', '/api/v1/tenants/globex/calls', { headers: bearer(gusToken) })).status).toBe(200);
  });

  it('a Redis outage: verify fails open (per-instance memory budget), login fails closed (503); limits are shared again after the restart', async () => {
    await redis.kill();
    // Fail open: still answered, still limited and labelled, by this instance's memory store.
    const ip = '192.0.2.77';
    for (let i = 0; i < 4; i++) {
      const res = await verify(a, ip);
      expect(res.status, res.text).toBe(200);
      expectHeaders(res, 'verify-sandbox', 4, 3 - i);
    }
    expect((await verify(a, ip)).status).toBe(429);
    // Fail closed: login refuses rather than hand out an unshared brute-force budget.
    const closed = await loginAttempt(b, '192.0.2.78');
    expect(closed.status).toBe(503);
    expect(closed.headers.get('content-type')).toMatch(/problem\+json/);
    expect(closed.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(closed.body).toMatchObject({ status: 503 });
    expect(closed.text).not.toMatch(/ECONNREFUSED|ioredis|Stream/i);
    // The dashboard sees the fallback on both instances.
    for (const h of [a, b]) expect((await call(h.url, 'GET', '/metrics')).text).toMatch(/^rate_limit_store_fallback 1$/m);

    await redis.start();
    await Promise.all([waitForRedis(a), waitForRedis(b)]);
    for (const h of [a, b]) expect((await call(h.url, 'GET', '/metrics')).text).toMatch(/^rate_limit_store_fallback 0$/m);
    // Back to the shared store (emptied by the restart): one budget over both instances again.
    const ip2 = '192.0.2.90';
    for (let i = 0; i < 3; i++) expect((await loginAttempt(i % 2 ? a : b, ip2)).status).toBe(200);
    const refused = await loginAttempt(a, ip2);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toMatch(/^"login-ip";r=0;t=\d+$/);
    expectHeaders(await verify(b, '192.0.2.91'), 'verify-sandbox', 4, 3);
  }, 30_000);
});
