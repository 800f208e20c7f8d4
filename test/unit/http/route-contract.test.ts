import type { Context } from 'koa';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { contract, implement, type Input, type InputOf, type PartOf, validateInput } from '../../../runtimes/http/route-contract.js';

const Params = z.object({ tenant_id: z.string() });
const Query = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });
const Body = z.object({ name: z.string().trim().min(1) });

const example = contract({
  method: 'post',
  path: '/x/{tenant_id}',
  operationId: 'x',
  summary: 'x',
  tag: 'x',
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
