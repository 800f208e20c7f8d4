import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { MemoryCallRepository } from '../../../adapters/memory/memory-call.repository.js';
import type { Principal } from '../../../core/auth/auth.model.js';
import { cursorContext, encodeCursor } from '../../../core/calls/cursor.js';
import { type CallListQuery, CallQueries, callFilterOf } from '../../../core/calls/use-cases/call-queries.js';
import { CallListQuerySchema } from '../../../runtimes/shared/schemas/calls.schemas.js';
import { PageQuerySchema } from '../../../runtimes/shared/schemas/page.schemas.js';

/**
 * A cursor sealed under one filter opens under no other, for every filter field of the call
 * list. The fields are read from the query schema (all but the page's limit and cursor), never
 * listed here, so a filter added to the schema is covered the day it is added; a field for which
 * no two values can be found below fails the test rather than go unchecked.
 */
const FILTER_FIELDS = Object.keys(CallListQuerySchema.shape).filter((field) => !(field in PageQuerySchema.shape));

/** Raw values to try on a field that is not an enumeration: instants, then words. */
const CANDIDATES = ['2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z', 'refund', 'invoice*'];

/** Two raw values of `field` that the schema reads differently. */
function twoValuesOf(field: string): [string, string] {
  const schema = CallListQuerySchema.shape[field as keyof typeof CallListQuerySchema.shape] as z.ZodType;
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  const raw = inner instanceof z.ZodEnum ? (inner.options as string[]) : CANDIDATES;
  const read = raw.filter((value) => schema.safeParse(value).success);
  const distinct = read.filter((value, i) => read.findIndex((other) => JSON.stringify(schema.parse(other)) === JSON.stringify(schema.parse(value))) === i);
  if (distinct.length < 2) throw new Error(`no two values of the filter field ${field}: add candidates to this test`);
  return [distinct[0], distinct[1]];
}

const reader: Principal = { user_id: 'usr_a', tenant_id: 'acme', role: 'member' };
const sealer = new HmacCursorSealer('unit-test-secret-unit-test-secret!!');
const queries = new CallQueries(new MemoryCallRepository(), sealer);
const queryOf = (raw: Record<string, string>): CallListQuery => CallListQuerySchema.parse(raw);
/** A cursor as a page of `query` seals it. */
const cursorUnder = (query: CallListQuery) =>
  encodeCursor(sealer, { started_at: '2026-11-03T10:00:00.000Z', call_id: 'call_1' }, cursorContext('acme', callFilterOf(query)));

describe('a call-list cursor belongs to its filters', () => {
  it('the schema has filter fields, each with two values', () => {
    expect(FILTER_FIELDS.length).toBeGreaterThanOrEqual(5);
    for (const field of FILTER_FIELDS) expect(twoValuesOf(field)).toHaveLength(2);
  });

  for (const field of FILTER_FIELDS) {
    it(`a cursor sealed under one ${field} opens under that ${field} only (not another, nor without it)`, async () => {
      const [one, other] = twoValuesOf(field);
      const sealedUnder = queryOf({ [field]: one });
      const cursor = cursorUnder(sealedUnder);
      await expect(queries.list(reader, 'acme', { ...sealedUnder, cursor })).resolves.toMatchObject({ data: [] });
      for (const foreign of [queryOf({ [field]: other }), queryOf({})]) {
        await expect(queries.list(reader, 'acme', { ...foreign, cursor })).rejects.toMatchObject({ code: 'VALIDATION', errors: [expect.objectContaining({ path: 'cursor' })] });
      }
      const unfiltered = cursorUnder(queryOf({}));
      await expect(queries.list(reader, 'acme', { ...sealedUnder, cursor: unfiltered })).rejects.toMatchObject({ code: 'VALIDATION' });
    });
  }
});
