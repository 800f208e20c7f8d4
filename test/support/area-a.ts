import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { expect } from 'vitest';
import type { Role } from '../../core/tenancy/tenancy.model.js';
import type { TenantAdmin } from '../../core/tenancy/use-cases/tenant-admin.js';
import { TENANCY } from '../../runtimes/shared/composition/tenancy.tokens.js';
import { eventually } from './eventually.js';
import { call, type Harness, type JsonResponse } from './http-harness.js';
import { openApiValidator } from './openapi-validator.js';

export const schemas = openApiValidator();

export interface TestUser {
  email: string;
  password: string;
  role: Role;
  tenant_id: string;
  user_id?: string;
}

/** Creates tenants and users through the same use case svc-admin runs. */
export async function seedUsers(h: Harness, users: Omit<TestUser, 'password'>[]): Promise<TestUser[]> {
  const admin = h.container.get<TenantAdmin>(TENANCY.TenantAdmin);
  const out: TestUser[] = [];
  for (const u of users) {
    if (!(await admin.tenantExists(u.tenant_id))) await admin.createTenant(u.tenant_id, `${u.tenant_id} inc.`);
    const password = `pw-${u.email}-long-enough`;
    const view = await admin.createUser({ ...u, password });
    out.push({ ...u, password, user_id: view.user_id });
  }
  return out;
}

export async function login(h: Harness, user: { email: string; password: string }, headers: Record<string, string> = {}): Promise<string> {
  const res = await call(h.url, 'POST', '/api/v1/auth/login', { json: { email: user.email, password: user.password }, headers });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const secretOf = (h: Harness) => h.container.get<string>(TENANCY.AuthSecret);

/** A token signed with whatever the test says (a forgery, unless it says the truth). */
export function sign(claims: Record<string, unknown>, secret: string | Buffer, options: jwt.SignOptions = {}): string {
  // jsonwebtoken adds `iat` unless told not to, and drops a given one when told not to.
  return jwt.sign(claims, secret, { algorithm: 'HS256', noTimestamp: !('iat' in claims), ...options });
}

/** HS256 over any payload, even one jsonwebtoken would refuse to sign (a string `exp`). */
export function signRaw(payload: unknown, secret: string): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * A knowledge sync run once it finished (succeeded or failed). It runs in the server's
 * background, so this polls its GET (`eventually`); the caller asserts on the run it returns.
 */
export async function finishedSyncRun(h: Harness, tenantId: string, token: string, syncId: string, { timeoutMs = 30_000 } = {}): Promise<any> {
  const read = await eventually(
    () => call(h.url, 'GET', `/api/v1/tenants/${tenantId}/knowledge/sync/${syncId}`, { headers: bearer(token) }),
    (r) => r.body?.status === 'succeeded' || r.body?.status === 'failed',
    { timeoutMs, everyMs: 20 },
  );
  return read.body;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function expectProblem(res: JsonResponse, status: number) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(schemas.errors('Problem', res.body)).toEqual([]);
  expect(res.body.status).toBe(status);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  expect(res.text).not.toMatch(/at .*\.(ts|js):\d+|SELECT|INSERT|sqlite|fts5/i);
}

/**
 * The usual cast of the Area A tests: an admin and a member of tenant `acme` and an admin of
 * tenant `globex`, seeded and logged in. Returns their access tokens.
 */
export async function seedCast(h: Harness): Promise<{ admin: string; member: string; globex: string }> {
  const users = await seedUsers(h, [
    { tenant_id: 'acme', email: 'ann@acme.example', role: 'admin' },
    { tenant_id: 'acme', email: 'max@acme.example', role: 'member' },
    { tenant_id: 'globex', email: 'gus@globex.example', role: 'admin' },
  ]);
  const [admin, member, globex] = await Promise.all(users.map((u) => login(h, u)));
  return { admin, member, globex };
}
