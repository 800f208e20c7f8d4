import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_CHECK_TTL_MS } from '../../core/auth/use-cases/token-holders.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { bearer, expectProblem, finishedSyncRun, login, nowSeconds, secretOf, seedUsers, sign, type TestUser } from '../support/area-a.js';
import { httpCorpus } from '../fixtures/http-corpus.js';
import { call, capturingLogger, type Harness, startHarness } from '../support/http-harness.js';
import { SteppedClock } from '../support/stepped-clock.js';

/**
 * Issue 14: defect 10 (tokens of removed or disabled users, over-long lifetimes) and the
 * security audit signals (request lines naming who and from where, refusals at warn with a
 * reason code, counters in /metrics), through a real listening server.
 */
let h: Harness;
let ann: TestUser;
let max: TestUser;
let gus: TestUser;
let key: string;
let keyId: string;
const log = capturingLogger();
const TTL = 900;
// The server's domain clock: the user check's cache (USER_CHECK_TTL_MS) expires when a test moves it.
const clock = new SteppedClock();

beforeAll(async () => {
  h = await startHarness({
    snapshot: httpCorpus,
    logger: log.logger,
    clock,
    env: { JWT_TTL_SECONDS: String(TTL), RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE: '3', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000' },
  });
  [ann, max, gus] = await seedUsers(h, [
    { tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' },
    { tenant_id: 'acme', email: 'max@acme.example', role: 'member' },
    { tenant_id: 'globex', email: 'gus@globex.example', role: 'admin' },
  ]);
  ({ key, key_id: keyId } = await h.deps.keys.create('audited partner', 1000));
});
afterAll(async () => h?.stop());

const calls = (token: string, tenant = 'acme') => call(h.url, 'GET', `/api/v1/tenants/${tenant}/calls`, { headers: bearer(token) });
const lineOf = (res: { headers: Headers }) => {
  const line = log.lines().find((l) => l.msg === 'request' && l.request_id === res.headers.get('x-request-id'));
  expect(line, 'access log line').toBeDefined();
  return line!;
};
const WARN = 40;
const INFO = 30;

describe('tokens of users that may no longer act (defect 10)', () => {
  it('a disabled user\'s token is refused once the user check\'s cache expires, its login at once; enabled again, both work', async () => {
    const token = await login(h, max);
    expect((await calls(token)).status).toBe(200);
    expect((await runAdminCaptured(h.databaseEnv, ['user', 'disable', max.email])).code).toBe(0);
    clock.advance(USER_CHECK_TTL_MS + 1);
    const refused = await calls(token);
    expectProblem(refused, 401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');
    expect(lineOf(refused)).toMatchObject({ level: WARN, reason: 'user_disabled', user_id: max.user_id, tenant_id: 'acme' });
    const denied = await call(h.url, 'POST', '/api/v1/auth/login', { json: { email: max.email, password: max.password } });
    expectProblem(denied, 401);
    expect(denied.body.detail).toBe('The email or password is wrong.');

    expect((await runAdminCaptured(h.databaseEnv, ['user', 'enable', max.email])).code).toBe(0);
    clock.advance(USER_CHECK_TTL_MS + 1);
    expect((await calls(token)).status).toBe(200);
    expect((await calls(await login(h, max))).status).toBe(200);
  });

  it('a deleted user\'s token is refused once the user check\'s cache expires', async () => {
    const doomed = (await seedUsers(h, [{ tenant_id: 'acme', email: 'tmp@acme.example', role: 'member' }]))[0];
    const token = await login(h, doomed);
    expect((await calls(token)).status).toBe(200);
    expect((await runAdminCaptured(h.databaseEnv, ['user', 'delete', doomed.email])).code).toBe(0);
    clock.advance(USER_CHECK_TTL_MS + 1);
    const refused = await calls(token);
    expectProblem(refused, 401);
    expect(lineOf(refused)).toMatchObject({ level: WARN, reason: 'user_unknown' });
  });

  it('a correctly signed token living longer than JWT_TTL_SECONDS is refused; one within it works', async () => {
    const iat = nowSeconds() - 5;
    const claims = { sub: ann.user_id, tenant_id: 'acme', role: 'admin', iat };
    expect((await calls(sign({ ...claims, exp: iat + TTL }, secretOf(h)))).status).toBe(200);
    const refused = await calls(sign({ ...claims, exp: iat + TTL + 1 }, secretOf(h)));
    expectProblem(refused, 401);
    expect(lineOf(refused)).toMatchObject({ level: WARN, reason: 'token_lifetime' });
    expectProblem(await calls(sign({ ...claims, exp: iat + 10 * 365 * 86400 }, secretOf(h))), 401);
  });
});

describe('security audit signals', () => {
  it('every request line names the tenant, the user or key, and the client IP', async () => {
    const ok = await calls(await login(h, ann));
    expect(lineOf(ok)).toMatchObject({ level: INFO, status: 200, tenant_id: 'acme', user_id: ann.user_id, ip: expect.stringMatching(/127\.0\.0\.1/) });
    const verified = await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'Turner', subject_title: 'x' }, headers: { 'x-api-key': key } });
    expect(lineOf(verified)).toMatchObject({ level: INFO, status: 200, key_id: keyId, ip: expect.any(String) });
    const health = await call(h.url, 'GET', '/healthz');
    expect(lineOf(health)).toMatchObject({ level: INFO, ip: expect.any(String) });
  });

  it('failed logins, refused tokens, refused keys and 403s are warn lines with a reason code and never the secret', async () => {
    const cases: [Promise<Awaited<ReturnType<typeof call>>>, number, string][] = [
      [call(h.url, 'POST', '/api/v1/auth/login', { json: { email: gus.email, password: 'wrong-password-123' } }), 401, 'login_failed'],
      [calls('not.a.token'), 401, 'token_invalid'],
      [call(h.url, 'GET', '/api/v1/tenants/acme/calls'), 401, 'token_missing'],
      [call(h.url, 'GET', '/api/v1/tenants/acme/calls', { headers: { authorization: 'Basic abc' } }), 401, 'token_malformed'],
      [calls(sign({ sub: ann.user_id, tenant_id: 'acme', role: 'admin', iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }, secretOf(h))), 401, 'token_expired'],
      [calls(sign({ sub: ann.user_id, tenant_id: 'acme', role: 'admin', iat: nowSeconds(), exp: nowSeconds() + 60 }, 'another-secret-another-secret-00')), 401, 'token_invalid'],
      [call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'a', subject_title: 'b' }, headers: { 'x-api-key': 'svk_secret_never_logged' } }), 401, 'key_unknown'],
      [call(h.url, 'GET', '/api/v1/verify/usage'), 401, 'key_missing'],
      [calls(await login(h, gus)), 403, 'forbidden'],
    ];
    for (const [pending, status, reason] of cases) {
      const res = await pending;
      expectProblem(res, status);
      const line = lineOf(res);
      expect(line, reason).toMatchObject({ level: WARN, status, reason, ip: expect.any(String) });
      const text = JSON.stringify(line);
      for (const secret of ['wrong-password-123', 'svk_secret_never_logged', 'not.a.token', 'Basic abc', secretOf(h)]) expect(text).not.toContain(secret);
    }
    const forbidden = lineOf(await calls(await login(h, gus)));
    expect(forbidden).toMatchObject({ tenant_id: 'globex', user_id: gus.user_id });
  });

  it('/metrics counts refusals by reason, rate-limit rejections by group, requests in flight, pool use and sync runs by outcome', async () => {
    for (let i = 0; i < 4; i++) await call(h.url, 'POST', '/api/v1/auth/login', { json: { email: 'limited@acme.example', password: 'wrong-password-123' } });
    const adminToken = await login(h, ann);
    const form = new FormData();
    form.append('file', new Blob(['A note about audit trails.'], { type: 'text/plain' }), 'note.txt');
    await fetch(`${h.url}/api/v1/tenants/acme/knowledge`, { method: 'POST', headers: bearer(adminToken), body: form });
    const run = await call(h.url, 'POST', '/api/v1/tenants/acme/knowledge/sync', { headers: bearer(adminToken) });
    expect(await finishedSyncRun(h, 'acme', adminToken, run.body.sync_id)).toMatchObject({ status: 'succeeded' });

    const metrics = (await call(h.url, 'GET', '/metrics')).text;
    const value = (series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(metrics)?.[1]);
    expect(value('security_refusals_total{reason="login_failed"}')).toBeGreaterThanOrEqual(4);
    expect(value('security_refusals_total{reason="forbidden"}')).toBeGreaterThanOrEqual(2);
    expect(value('security_refusals_total{reason="key_unknown"}')).toBeGreaterThanOrEqual(1);
    expect(value('security_refusals_total{reason="token_lifetime"}')).toBeGreaterThanOrEqual(1);
    expect(value('rate_limit_rejections_total{group="login-email"}')).toBeGreaterThanOrEqual(1);
    // The scrape itself is in flight.
    expect(value('http_requests_in_flight')).toBeGreaterThanOrEqual(1);
    expect(value('db_pool_connections{state="max"}')).toBeGreaterThanOrEqual(1);
    expect(value('db_pool_connections{state="waiting"}')).toBe(0);
    expect(value('knowledge_sync_runs_total{outcome="succeeded"}')).toBeGreaterThanOrEqual(1);
  });
});
