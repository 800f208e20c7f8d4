import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { type Keyset, paginate } from '../../../core/shared/keyset-cursor.js';
import { DomainError } from '../../../core/shared/errors.js';

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

describe('paginate', () => {
  it('walks every row once, in order, pages of the asked size, the last page without a cursor (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, fc.integer({ min: 1, max: 100 }), async (rows, limit) => {
        const seen: Row[] = [];
        let cursor: string | undefined;
        for (;;) {
          const page = await paginate(sealer, keyset('k'), { limit, cursor }, fetchFrom(rows));
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

  it('asks the store for one row more than the page, and defaults to 20', async () => {
    const asked: number[] = [];
    const rows = Array.from({ length: 30 }, (_, i) => ({ at: i, id: 'x' }));
    const page = await paginate(sealer, keyset('k'), {}, async (after, limit) => (asked.push(limit), fetchFrom(rows)(after, limit)));
    expect(asked).toEqual([21]);
    expect(page.data).toHaveLength(20);
  });

  it('refuses a limit outside 1..100 and a cursor of another query, tampered or refused by `accepts` (400)', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ at: i, id: 'x' }));
    const { next_cursor } = await paginate(sealer, keyset('k'), { limit: 2 }, fetchFrom(rows));
    const refused = async (run: Promise<unknown>, path: string) => {
      const err = await run.then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ code: 'VALIDATION', errors: [{ path }] });
    };
    for (const limit of [0, 101, 2.5]) await refused(paginate(sealer, keyset('k'), { limit }, fetchFrom(rows)), 'limit');
    await refused(paginate(sealer, keyset('other'), { cursor: next_cursor! }, fetchFrom(rows)), 'cursor');
    await refused(paginate(sealer, keyset('k'), { cursor: `${next_cursor!.slice(0, -1)}A` }, fetchFrom(rows)), 'cursor');
    await refused(paginate(sealer, { ...keyset('k'), accepts: ([at]) => at > 10 }, { cursor: next_cursor! }, fetchFrom(rows)), 'cursor');
    expect((await paginate(sealer, keyset('k'), { cursor: next_cursor! }, fetchFrom(rows))).data.map((r) => r.at)).toEqual([2, 3, 4]);
  });
});
