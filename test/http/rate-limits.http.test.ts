import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../runtimes/shared/settings/config.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';
import { expectLimitHeaders, expectRefused } from '../support/rate-limit-headers.js';

const subject = { subject_artist: 'Turner', subject_title: 'Snow Storm' };
const verify = (h: Harness, headers: Record<string, string> = {}) => call(h.url, 'POST', '/api/v1/verify', { json: subject, headers });

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
    // The window is the test's: the server runs in this process, and its memory store keeps time
    // with Date (expiry checks) and setTimeout (removing a key when its window ends). Both stand
    // still here, so a slow request on a loaded machine cannot outlive the 1 s window; then the
    // date moves to just past the reset the refusal announced.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      await sandboxWindow();
    } finally {
      vi.useRealTimers();
    }
  });

  async function sandboxWindow() {
    const first = await verify(h);
    expect(first.status).toBe(200);
    expectLimitHeaders(first, 'verify-sandbox', 2, 1);
    expect(first.headers.get('ratelimit-policy')).toBe('"verify-sandbox";q=2;w=1');
    expectLimitHeaders(await verify(h), 'verify-sandbox', 2, 0);
    const refused = await verify(h);
    expectRefused(refused, 'verify-sandbox', 2);
    expect(refused.body.detail).toBe('Rate limit of 2 requests per 1 s exceeded.');
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    vi.setSystemTime(reset * 1000 + 50);
    const again = await verify(h);
    expect(again.status).toBe(200);
    expectLimitHeaders(again, 'verify-sandbox', 2, 1);
  }

  it('a key created without its own limit gets RATE_LIMIT_VERIFY_KEY_PER_MINUTE; keys never share a budget', async () => {
    const { keys } = h.deps;
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

describe('verify rate limits: sandbox per minute, a budget per key, a refused call not metered', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ snapshot: httpCorpus, env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '3' } });
  });
  afterAll(async () => h.stop());

  it('sandbox: the limit-th request passes, the next is a 429 problem with Retry-After; headers on each', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await call(h.url, 'POST', '/api/v1/verify', { json: subject });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(3 - i));
      expect(res.headers.get('ratelimit-policy')).toBe('"verify-sandbox";q=3;w=60');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"verify-sandbox";r=${3 - i};t=\\d+$`));
    }
    const refused = await call(h.url, 'POST', '/api/v1/verify', { json: subject });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit')).toMatch(/r=0/);
    expect(refused.body.status).toBe(429);
  });

  it('a key has its own budget, set per key, and a refused call is not metered', async () => {
    const { keys } = h.deps;
    const created = await keys.create('small', 2);
    const headers = { 'x-api-key': created.key };
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers })).status).toBe(200);
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers })).status).toBe(200);
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers })).status).toBe(429);
    const other = await keys.create('other', 2);
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers: { 'x-api-key': other.key } })).status).toBe(200);
    expect(await h.deps.ledger.servedCalls(created.key_id, new Date().toISOString().slice(0, 7))).toBe(2);
  });
});
