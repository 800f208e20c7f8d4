import type { Context } from 'koa';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { API_CONTRACTS } from '../../../runtimes/http/contracts/index.js';
import { POLICIES } from '../../../runtimes/http/rate-limit/policies.js';
import { type AnyRouteContract, contract, implement, type Input, type InputOf, type PartOf, validateInput } from '../../../runtimes/http/route-contract.js';

const Params = z.object({ tenant_id: z.string() });
const Query = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });
const Body = z.object({ name: z.string().trim().min(1) });

const example = contract({
  method: 'post',
  path: '/x/{tenant_id}',
  operationId: 'x',
  summary: 'x',
  description: 'x',
  tag: 'Operations',
  security: 'none',
  limits: ['tenant-api'],
  params: Params,
  query: Query,
  body: Body,
  responses: {},
});

describe('RouteContract: the schemas type the handler and produce its input', () => {
  it('infers params, query and body from the contract (checked by `npm run typecheck`)', () => {
    expectTypeOf<PartOf<typeof Query>>().toEqualTypeOf<{ limit?: number | undefined }>();
    expectTypeOf<PartOf<undefined>>().toEqualTypeOf<undefined>();
    expectTypeOf<InputOf<typeof example>>().toEqualTypeOf<Input<{ tenant_id: string }, { limit?: number | undefined }, { name: string }>>();
    const route = implement(example, (_ctx, input) => {
      expectTypeOf(input).toEqualTypeOf<Input<{ tenant_id: string }, { limit?: number | undefined }, { name: string }>>();
    });
    expect(route.contract).toBe(example);
  });

  it('hands the handler what the schemas output (coerced, trimmed), or one 400 naming every bad part', () => {
    const ctx = (params: unknown, query: unknown, body: unknown) => ({ params, query, request: { body } }) as unknown as Context;
    expect(validateInput(example, ctx({ tenant_id: 'acme' }, { limit: '7' }, { name: '  Ann ' }))).toEqual({ params: { tenant_id: 'acme' }, query: { limit: 7 }, body: { name: 'Ann' } });
    expect(() => validateInput(example, ctx({ tenant_id: 'acme' }, { limit: '0' }, { name: ' ' }))).toThrow(
      expect.objectContaining({ code: 'VALIDATION', errors: [expect.objectContaining({ path: 'limit' }), expect.objectContaining({ path: 'name' })] }),
    );
  });
});

describe('API_CONTRACTS: every operation declares the budgets of CONTRACT section 6', () => {
  const expected = (c: AnyRouteContract): string[] => {
    // `/mcp` serves the verify tools: the verify budgets (ADR 0045).
    if (c.path.startsWith('/api/v1/verify') || c.path === '/mcp') return ['verify-key', 'verify-sandbox'];
    if (c.path === '/api/v1/auth/login') return ['login-ip', 'login-email'];
    if (c.path === '/api/v1/tenants/{tenant_id}/knowledge' && c.method === 'post') return ['tenant-api', 'tenant-upload'];
    if (c.path.startsWith('/api/v1/tenants/')) return ['tenant-api'];
    if (/^\/api\/v1\/(ai-agents|workspace)(\/|$)/.test(c.path)) return ['agents-ip'];
    return []; // health, readiness, metrics, the OpenAPI document and the reference page
  };

  it('lists each operation once, and each declares exactly its area\'s policies', () => {
    const ids = API_CONTRACTS.map((c) => c.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(40);
    for (const c of API_CONTRACTS) expect([...c.limits], `${c.method} ${c.path}`).toEqual(expected(c));
    // Every policy name is one the limiter knows.
    for (const name of API_CONTRACTS.flatMap((c) => c.limits)) expect(Object.keys(POLICIES)).toContain(name);
  });
});
