import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, describe, expect, it } from 'vitest';
import { authorize, principalFromClaims } from '../../../core/auth/auth.model.js';
import { Login } from '../../../core/auth/use-cases/login.js';
import { TenantAdmin } from '../../../core/tenancy/use-cases/tenant-admin.js';
import { JwtAccessTokens } from '../../../adapters/node/jwt-access-tokens.js';
import { cryptoIds } from '../../../adapters/node/node-platform.js';
import { ScryptPasswordHasher } from '../../../adapters/node/scrypt-password.hasher.js';
import { loadOrCreateSecretFile } from '../../../adapters/node/secret-file.js';
import { MemoryTenantRepository, MemoryUserRepository } from '../../../adapters/memory/memory-tenancy.repositories.js';

const now = new Date('2026-11-03T10:00:00.000Z');
const nowS = now.getTime() / 1000;
const clock = { now: () => now };
/** Cheap parameters for unit tests; the service uses the defaults. */
const hasher = new ScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('principalFromClaims', () => {
  const good = { sub: 'usr_1', tenant_id: 'acme', role: 'member', iat: nowS - 10, exp: nowS + 3590 };

  it('maps complete claims to a principal', () => {
    expect(principalFromClaims(good, now)).toEqual({ user_id: 'usr_1', tenant_id: 'acme', role: 'member' });
  });

  it('refuses a missing or malformed claim, an expired token and one issued in the future', () => {
    for (const key of ['sub', 'tenant_id', 'role', 'iat', 'exp'] as const) {
      const { [key]: _dropped, ...rest } = good;
      expect(() => principalFromClaims(rest, now), key).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    }
    for (const bad of [{ role: 'owner' }, { sub: '' }, { tenant_id: 42 }, { exp: 'soon' }, { iat: 1.5 }, { exp: nowS }, { iat: nowS + 120 }, { iat: nowS + 4000 }]) {
      expect(() => principalFromClaims({ ...good, ...bad }, now), JSON.stringify(bad)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    }
    for (const bad of [null, 'x', 42, []]) expect(() => principalFromClaims(bad, now)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });
});

describe('authorize', () => {
  it('own tenant only; members read, admins read and write', () => {
    expect(() => authorize({ user_id: 'u', tenant_id: 'acme', role: 'member' }, 'acme', 'read')).not.toThrow();
    expect(() => authorize({ user_id: 'u', tenant_id: 'acme', role: 'admin' }, 'acme', 'write')).not.toThrow();
    expect(() => authorize({ user_id: 'u', tenant_id: 'acme', role: 'member' }, 'acme', 'write')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => authorize({ user_id: 'u', tenant_id: 'acme', role: 'admin' }, 'globex', 'read')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});

describe('ScryptPasswordHasher', () => {
  it('hashes with a fresh salt, verifies the password and nothing else', async () => {
    const a = await hasher.hash('correct horse battery staple');
    const b = await hasher.hash('correct horse battery staple');
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('horse');
    expect(await hasher.verify('correct horse battery staple', a)).toBe(true);
    expect(await hasher.verify('correct horse battery stapl', a)).toBe(false);
    expect(await hasher.verify('', a)).toBe(false);
  });

  it('never throws on a hash it cannot read', async () => {
    for (const bad of ['', 'plain', 'scrypt$3$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g', 'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g', 'bcrypt$x']) {
      expect(await hasher.verify('password', bad)).toBe(false);
    }
  });

  it('verifies hashes made with other parameters (the cost can rise later)', async () => {
    const old = await new ScryptPasswordHasher({ N: 2 ** 11, r: 4, p: 2 }).hash('an older password');
    expect(await hasher.verify('an older password', old)).toBe(true);
  });

  it('the default parameters are memory-hard (N = 2^15, r = 8)', async () => {
    expect(await new ScryptPasswordHasher().hash('default cost password')).toMatch(/^scrypt\$32768\$8\$1\$/);
  });
});

describe('Login', () => {
  const setup = async () => {
    const tenants = new MemoryTenantRepository();
    const users = new MemoryUserRepository();
    const admin = new TenantAdmin(tenants, users, hasher, cryptoIds, clock);
    await admin.createTenant('acme', 'Acme');
    const user = await admin.createUser({ tenant_id: 'acme', email: ' Ann@Acme.example ', role: 'admin', password: 'a long enough password' });
    const login = new Login(users, hasher, new JwtAccessTokens('unit-secret-unit-secret-unit-secret!', 'HS256', clock), clock, cryptoIds, 900);
    return { login, user };
  };

  it('issues a token whose claims are sub, tenant_id, role, iat, exp; the email is case-insensitive', async () => {
    const { login, user } = await setup();
    const issued = await login.execute('ANN@acme.example', 'a long enough password');
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 900, tenant_id: 'acme', role: 'admin' });
    const claims = jwt.verify(issued.access_token, 'unit-secret-unit-secret-unit-secret!', { algorithms: ['HS256'], clockTimestamp: nowS }) as Record<string, unknown>;
    expect(claims).toEqual({ sub: user.user_id, tenant_id: 'acme', role: 'admin', iat: nowS, exp: nowS + 900 });
    expect(jwt.decode(issued.access_token, { complete: true })?.header).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('the same 401 for an unknown email and a wrong password', async () => {
    const { login } = await setup();
    const unknown = await login.execute('bob@acme.example', 'a long enough password').catch((e) => e);
    const wrong = await login.execute('ann@acme.example', 'a wrong password!!').catch((e) => e);
    expect(unknown).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(wrong).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(unknown.message).toBe(wrong.message);
  });
});

describe('TenantAdmin', () => {
  it('validates tenant ids, emails, roles and password length; stores only a hash', async () => {
    const tenants = new MemoryTenantRepository();
    const users = new MemoryUserRepository();
    const admin = new TenantAdmin(tenants, users, hasher, cryptoIds, clock);
    for (const bad of ['A', 'a', '-ab', 'ab-', 'a_b', 'x'.repeat(64), 'é']) await expect(admin.createTenant(bad)).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await admin.createTenant('acme-2')).toEqual({ tenant_id: 'acme-2', name: 'acme-2', created_at: now.toISOString() });
    await expect(admin.createTenant('acme-2')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(admin.createUser({ tenant_id: 'acme-2', email: 'not-an-email', role: 'boss', password: 'short' })).rejects.toMatchObject({
      code: 'VALIDATION',
      errors: [{ path: 'email' }, { path: 'role' }, { path: 'password' }].map((e) => expect.objectContaining(e)),
    });
    await expect(admin.createUser({ tenant_id: 'nope', email: 'a@b.example', role: 'member', password: 'twelve chars!' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const view = await admin.createUser({ tenant_id: 'acme-2', email: 'a@b.example', role: 'member', password: 'twelve chars!' });
    expect(view).not.toHaveProperty('password_hash');
    expect((await users.findByEmail('a@b.example'))?.password_hash).toMatch(/^scrypt\$/);
    await expect(admin.createUser({ tenant_id: 'acme-2', email: 'A@B.example', role: 'admin', password: 'twelve chars!' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('loadOrCreateSecretFile', () => {
  it('creates a 0600 file once and reads the same secret back; tightens a loose mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-secret-'));
    dirs.push(dir);
    const path = join(dir, 'nested', 'jwt-secret');
    const first = loadOrCreateSecretFile(path);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(64);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = loadOrCreateSecretFile(path);
    expect(second).toEqual({ secret: first.secret, created: false, tightened: false });
    chmodSync(path, 0o644);
    expect(loadOrCreateSecretFile(path).tightened).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses a file too short to be a secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-secret-'));
    dirs.push(dir);
    writeFileSync(join(dir, 's'), 'short\n', { mode: 0o600 });
    expect(() => loadOrCreateSecretFile(join(dir, 's'))).toThrow(/fewer than 32/);
  });
});

describe('Login costs the same for an unknown email and a wrong password', () => {
  it('runs exactly one slow-hash verification on each path, the unknown email against a dummy hash', async () => {
    const { MemoryUserRepository } = await import('../../../adapters/memory/memory-tenancy.repositories.js');
    const users = new MemoryUserRepository();
    const verified: string[] = [];
    const hasher = {
      hash: async (p: string) => `hash(${p})`,
      verify: async (p: string, encoded: string) => (verified.push(encoded), encoded === `hash(${p})`),
    };
    await users.insert({ user_id: 'u1', tenant_id: 'acme', email: 'ann@acme.example', role: 'admin', password_hash: 'hash(right password!)', created_at: '2026-11-01T00:00:00.000Z' });
    const login = new Login(users, hasher, { sign: () => 'token', verify: () => ({ fault: 'token_invalid' as const }) }, { now: () => new Date('2026-11-21T10:00:00Z') }, { uuid: () => 'u', secret: () => 'random-dummy' });

    await expect(login.execute('nobody@acme.example', 'right password!')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'The email or password is wrong.' });
    await expect(login.execute('ann@acme.example', 'wrong password!')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'The email or password is wrong.' });
    expect(verified).toEqual(['hash(random-dummy)', 'hash(right password!)']);
    await expect(login.execute('ANN@acme.example ', 'right password!')).resolves.toMatchObject({ access_token: 'token', tenant_id: 'acme', role: 'admin' });
  });
});

describe('JwtAccessTokens: one secret, one HMAC algorithm, exp on the domain clock', () => {
  const secret = 'unit-secret-unit-secret-unit-secret!';
  const at = Date.parse('2026-11-25T10:00:00Z');
  const clock = { now: () => new Date(at) };
  const tokens = new JwtAccessTokens(secret, 'HS256', clock);
  const claims = { sub: 'usr_1', tenant_id: 'acme', role: 'admin' as const, iat: at / 1000, exp: at / 1000 + 60 };

  it('verifies what it signs', () => {
    expect(tokens.verify(tokens.sign(claims))).toEqual({ claims });
  });

  it('refuses expiry (read on its clock), another algorithm, alg none, another secret and a bare-string payload', () => {
    const later = new JwtAccessTokens(secret, 'HS256', { now: () => new Date(at + 61_000) });
    expect(later.verify(tokens.sign(claims))).toEqual({ fault: 'token_expired' });
    expect(tokens.verify(new JwtAccessTokens(secret, 'HS512', clock).sign(claims))).toEqual({ fault: 'token_invalid' });
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    expect(tokens.verify(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`)).toEqual({ fault: 'token_invalid' });
    expect(tokens.verify(new JwtAccessTokens('another-secret-another-secret-another', 'HS256', clock).sign(claims))).toEqual({ fault: 'token_invalid' });
    expect(tokens.verify(jwt.sign('just a string', secret, { algorithm: 'HS256' }))).toEqual({ fault: 'token_invalid' });
    expect(tokens.verify('not-a-jwt')).toEqual({ fault: 'token_invalid' });
  });
});
