import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { type Keyset, pageOf } from '../../../core/shared/keyset-cursor.js';
import { DomainError } from '../../../core/shared/errors.js';
import { KnowledgeSearchQuerySchema } from '../../../runtimes/shared/schemas/knowledge.schemas.js';
import { PageQuerySchema } from '../../../runtimes/shared/schemas/page.schemas.js';
import { fieldErrorsOf } from '../../../runtimes/shared/schemas/field-errors.js';

const sealer = new HmacCursorSealer('a-test-secret-of-at-least-thirty-two-chars');
interface Row {
  at: number;
  id: string;
}
const SHAPE = ['number', 'string'] as const;
const keyset = (context: string): Keyset<Row, typeof SHAPE> => ({ context, shape: SHAPE, positionOf: (r) => [r.at, r.id] });
const order = (a: Row, b: Row) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** A store's keyset query: rows strictly after the position, in order, at most `limit`. */
const fetchFrom = (rows: Row[]) => async (after: [number, string] | null, limit: number) =>
  rows.filter((r) => after === null || order(r, { at: after[0], id: after[1] }) > 0).slice(0, limit);

const rowsArb = fc
  .uniqueArray(fc.record({ at: fc.integer({ min: 0, max: 50 }), id: fc.stringMatching(/^[a-z]{1,4}$/) }), { selector: (r) => `${r.at}/${r.id}`, maxLength: 60 })
  .map((rows) => rows.sort(order));

describe('pageOf', () => {
  it('walks every row once, in order, pages of the asked size, the last page without a cursor (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, fc.integer({ min: 1, max: 100 }), async (rows, limit) => {
        const seen: Row[] = [];
        let cursor: string | undefined;
        for (;;) {
          const page = await pageOf(sealer, keyset('k'), { limit, cursor }, fetchFrom(rows));
          expect(page.data.length).toBeLessThanOrEqual(limit);
          seen.push(...page.data);
          if (page.next_cursor === null) break;
          expect(page.data).toHaveLength(limit);
          cursor = page.next_cursor;
        }
        expect(seen).toEqual(rows);
      }),
      { numRuns: 200 },
    );
  });

  it('asks the store for one row more than the page (the default page is 20, applied by the schema)', async () => {
    const asked: number[] = [];
    const rows = Array.from({ length: 30 }, (_, i) => ({ at: i, id: 'x' }));
    const page = await pageOf(sealer, keyset('k'), PageQuerySchema.parse({}), async (after, limit) => (asked.push(limit), fetchFrom(rows)(after, limit)));
    expect(asked).toEqual([21]);
    expect(page.data).toHaveLength(20);
  });

  it('refuses a cursor of another query, tampered or refused by `accepts` (400 naming cursor)', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ at: i, id: 'x' }));
    const { next_cursor } = await pageOf(sealer, keyset('k'), { limit: 2 }, fetchFrom(rows));
    const refused = async (run: Promise<unknown>, path: string) => {
      const err = await run.then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ code: 'VALIDATION', errors: [{ path }] });
    };
    await refused(pageOf(sealer, keyset('other'), { limit: 20, cursor: next_cursor! }, fetchFrom(rows)), 'cursor');
    await refused(pageOf(sealer, keyset('k'), { limit: 20, cursor: `${next_cursor!.slice(0, -1)}A` }, fetchFrom(rows)), 'cursor');
    await refused(pageOf(sealer, keyset('k'), { limit: 20, cursor: '' }, fetchFrom(rows)), 'cursor');
    await refused(pageOf(sealer, { ...keyset('k'), accepts: ([at]) => at > 10 }, { limit: 20, cursor: next_cursor! }, fetchFrom(rows)), 'cursor');
    expect((await pageOf(sealer, keyset('k'), { limit: 20, cursor: next_cursor! }, fetchFrom(rows))).data.map((r) => r.at)).toEqual([2, 3, 4]);
  });
});

describe('PageQuerySchema: the page parameters of every list, checked once', () => {
  const failures = (schema: typeof PageQuerySchema | typeof KnowledgeSearchQuerySchema, raw: Record<string, unknown>) => {
    const result = schema.safeParse(raw);
    return result.success ? [] : fieldErrorsOf(result.error, 'query');
  };

  it('refuses a limit outside 1..100 or not an integer, naming limit with one message', () => {
    for (const limit of ['0', '101', '2.5', 'abc', '', '-1', 0, 101, 2.5, ['1', '2']]) {
      expect(failures(PageQuerySchema, { limit }), String(limit)).toEqual([{ path: 'limit', message: 'limit must be an integer from 1 to 100' }]);
    }
  });

  it('defaults the limit to 20, coerces a query-string value, and passes the cursor on for the use case to open', () => {
    expect(PageQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(PageQuerySchema.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
    expect(failures(PageQuerySchema, { cursor: ['a', 'b'] })).toEqual([{ path: 'cursor', message: 'cursor must be a single value' }]);
    for (const cursor of ['', 'x'.repeat(513)]) expect(failures(PageQuerySchema, { cursor })).toEqual([{ path: 'cursor', message: 'cursor is not a cursor this query issued' }]);
  });

  it('the knowledge search takes 1 to 50 chunks, 5 when not asked', () => {
    expect(KnowledgeSearchQuerySchema.parse({ q: 'refund' })).toEqual({ q: 'refund', limit: 5 });
    expect(KnowledgeSearchQuerySchema.parse({ q: 'refund', limit: '50' })).toEqual({ q: 'refund', limit: 50 });
    for (const limit of ['0', '51', '1.5']) {
      expect(failures(KnowledgeSearchQuerySchema, { q: 'refund', limit }), limit).toEqual([{ path: 'limit', message: 'limit must be an integer from 1 to 50' }]);
    }
  });
});
