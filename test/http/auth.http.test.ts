import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectProblem, login, nowSeconds, schemas, secretOf, seedUsers, sign, signRaw, type TestUser } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

const EMPTY = { build_id: 'auth', artists: [], works: [] };
let h: Harness;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  h = await startHarness({ snapshot: EMPTY, env: { RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000', RATE_LIMIT_LOGIN_EMAIL_PER_MINUTE: '1000' } });
  [admin, member] = await seedUsers(h, [
    { tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' },
    { tenant_id: 'acme', email: 'max@acme.example', role: 'member' },
  ]);
});
afterAll(async () => h.stop());

const loginRaw = (json: unknown, headers: Record<string, string> = {}) => call(h.url, 'POST', '/api/v1/auth/login', { json, headers });
const listCalls = (headers: Record<string, string>) => call(h.url, 'GET', '/api/v1/tenants/acme/calls', { headers });

describe('POST /api/v1/auth/login', () => {
  it('issues an HS256 JWT with sub, tenant_id, role, iat and exp (1 hour), not cached', async () => {
    const res = await loginRaw({ email: admin.email, password: admin.password });
    expect(res.status).toBe(200);
    expect(schemas.errors('AccessToken', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, tenant_id: 'acme', role: 'admin' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const header = jwt.decode(res.body.access_token, { complete: true })!.header;
    expect(header.alg).toBe('HS256');
    const claims = jwt.verify(res.body.access_token, secretOf(h), { algorithms: ['HS256'] }) as Record<string, number | string>;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'role', 'sub', 'tenant_id']);
    expect(claims).toMatchObject({ sub: admin.user_id, tenant_id: 'acme', role: 'admin' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(Math.abs(Number(claims.iat) - nowSeconds())).toBeLessThan(10);
  });

  it('matches the email whatever its case and surrounding spaces; the token works on the tenant routes', async () => {
    const res = await loginRaw({ email: '  MAX@Acme.Example ', password: member.password });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('member');
    expect((await listCalls(bearer(res.body.access_token))).status).toBe(200);
  });

  it('the same 401 for an unknown email and a wrong password, with its challenge (every 401 has one)', async () => {
    // That both paths cost one scrypt verification is shown deterministically in test/unit/auth;
    // timings are not asserted in tests.
    const unknown = await loginRaw({ email: 'nobody@acme.example', password: admin.password });
    const wrong = await loginRaw({ email: admin.email, password: `${admin.password}!` });
    for (const res of [unknown, wrong]) {
      expectProblem(res, 401);
      expect(res.headers.get('www-authenticate')).toBe('Password realm="api"');
    }
    const good = await loginRaw({ email: admin.email, password: admin.password });
    expect(good.status).toBe(200);
    expect(good.headers.get('www-authenticate')).toBeNull();
    const strip = (b: any) => ({ ...b, request_id: undefined });
    expect(strip(unknown.body)).toEqual(strip(wrong.body));
  });

  it('400 naming each bad field; 400 on malformed JSON and non-object bodies', async () => {
    const missing = await loginRaw({});
    expectProblem(missing, 400);
    expect(missing.body.errors.map((e: any) => e.path).sort()).toEqual(['email', 'password']);
    const types = await loginRaw({ email: 42, password: ['x'] });
    expectProblem(types, 400);
    expect(types.body.errors.map((e: any) => e.path).sort()).toEqual(['email', 'password']);
    expectProblem(await loginRaw({ email: '   ', password: 'x' }), 400);
    expectProblem(await loginRaw({ email: 'a@b.example', password: 'x'.repeat(1025) }), 400);
    expectProblem(await call(h.url, 'POST', '/api/v1/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } }), 400);
    expectProblem(await call(h.url, 'POST', '/api/v1/auth/login', { body: '[]', headers: { 'content-type': 'application/json' } }), 400);
    expectProblem(await call(h.url, 'POST', '/api/v1/auth/login'), 400);
  });

  it('415 on another content type, 413 over 1 MiB', async () => {
    expectProblem(await call(h.url, 'POST', '/api/v1/auth/login', { body: `email=${admin.email}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
    const big = JSON.stringify({ email: admin.email, password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await call(h.url, 'POST', '/api/v1/auth/login', { body: big, headers: { 'content-type': 'application/json' } }).catch(() => null);
    if (res) expectProblem(res, 413);
  });
});

describe('bearer tokens on the tenant routes: every forgery is a 401 problem', () => {
  const good = () => ({ sub: admin.user_id, tenant_id: 'acme', role: 'admin', iat: nowSeconds() - 5, exp: nowSeconds() + 600 });

  async function expect401(headers: Record<string, string>, detail?: RegExp) {
    const res = await listCalls(headers);
    expectProblem(res, 401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="api"/);
    if (detail) expect(res.body.detail).toMatch(detail);
    return res;
  }

  it('a properly signed token passes (the control case)', async () => {
    expect((await listCalls(bearer(sign(good(), secretOf(h))))).status).toBe(200);
  });

  it('no header, another scheme, a malformed header or token', async () => {
    const none = await expect401({}, /Missing credential/);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    await expect401({ authorization: 'Basic YW5uOnB3' }, /Bearer/);
    await expect401({ authorization: 'Bearer' });
    await expect401({ authorization: 'Bearer a b' });
    await expect401({ authorization: 'Bearer not-a-jwt' }, /invalid/);
    await expect401({ authorization: 'Bearer a.b.c' }, /invalid/);
  });

  it('a bad signature: another secret, or one changed character', async () => {
    await expect401(bearer(sign(good(), 'another-secret-of-sufficient-length-xyz')), /invalid/);
    const token = sign(good(), secretOf(h));
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    await expect401(bearer(token.slice(0, -1) + last));
    const [head, , sig] = token.split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({ ...good(), tenant_id: 'globex' })).toString('base64url');
    await expect401(bearer(`${head}.${tamperedPayload}.${sig}`));
  });

  it('alg none, another HMAC and an asymmetric algorithm', async () => {
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    await expect401(bearer(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(good())}.`));
    await expect401(bearer(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(good())}`));
    await expect401(bearer(sign(good(), secretOf(h), { algorithm: 'HS512' })));
    await expect401(bearer(sign(good(), secretOf(h), { algorithm: 'HS384' })));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect401(bearer(sign(good(), privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, { algorithm: 'RS256' })));
  });

  it('an expired token, a token not valid yet, one issued in the future', async () => {
    await expect401(bearer(sign({ ...good(), iat: nowSeconds() - 7200, exp: nowSeconds() - 10 }, secretOf(h))), /expired/);
    await expect401(bearer(sign({ ...good(), nbf: nowSeconds() + 600 }, secretOf(h))));
    await expect401(bearer(sign({ ...good(), iat: nowSeconds() + 300 }, secretOf(h))));
  });

  it('each missing claim, and malformed claims', async () => {
    for (const claim of ['sub', 'tenant_id', 'role', 'iat', 'exp']) {
      const { [claim as keyof ReturnType<typeof good>]: _dropped, ...rest } = good();
      await expect401(bearer(signRaw(rest, secretOf(h))));
    }
    await expect401(bearer(sign({ ...good(), role: 'owner' }, secretOf(h))));
    await expect401(bearer(sign({ ...good(), role: 'ADMIN' }, secretOf(h))));
    await expect401(bearer(sign({ ...good(), tenant_id: 42 }, secretOf(h))));
    await expect401(bearer(sign({ ...good(), sub: '' }, secretOf(h))));
    await expect401(bearer(signRaw({ ...good(), exp: String(nowSeconds() + 600) }, secretOf(h))));
    await expect401(bearer(signRaw([good()], secretOf(h))));
    await expect401(bearer(signRaw('a string', secretOf(h))));
    expect((await listCalls(bearer(signRaw(good(), secretOf(h))))).status).toBe(200); // the raw signer is sound
  });
});

describe('the signing secret', () => {
  it('is generated once into the data directory with mode 0600 and reused after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-secret-http-'));
    try {
      const first = await startHarness({ snapshot: EMPTY, env: { DATA_DIR: dir, DATABASE_URL: '' } });
      const [u] = await seedUsers(first, [{ tenant_id: 'acme', email: 'a@acme.example', role: 'member' }]);
      const token = await login(first, u);
      await first.close();
      const file = join(dir, 'jwt-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const second = await startHarness({ snapshot: EMPTY, env: { DATA_DIR: dir, DATABASE_URL: '' } });
      try {
        expect((await call(second.url, 'GET', '/api/v1/tenants/acme/calls', { headers: bearer(token) })).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('comes from JWT_SECRET when set (no file), with the lifetime from JWT_TTL_SECONDS', async () => {
    const secret = 'an-operator-chosen-secret-of-forty-characters';
    const other = await startHarness({ snapshot: EMPTY, env: { JWT_SECRET: secret, JWT_TTL_SECONDS: '120' } });
    try {
      const [u] = await seedUsers(other, [{ tenant_id: 'acme', email: 'a@acme.example', role: 'admin' }]);
      const res = await call(other.url, 'POST', '/api/v1/auth/login', { json: { email: u.email, password: u.password } });
      expect(res.body.expires_in).toBe(120);
      const claims = jwt.verify(res.body.access_token, secret, { algorithms: ['HS256'] }) as { iat: number; exp: number };
      expect(claims.exp - claims.iat).toBe(120);
      expect(existsSync(join(other.dataDir, 'jwt-secret'))).toBe(false);
      // A token of this instance is a forgery for the first one (another secret).
      expectProblem(await listCalls(bearer(res.body.access_token)), 401);
    } finally {
      await other.stop();
    }
  });
});
