import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { crossPercentiles, listPercentiles, readNumbers } from '../../adapters/sql/duration-lists.js';
import { parseHistogram } from '../../adapters/sql/sql-call-stats.store.js';
import { addSqliteFunctions } from '../../adapters/sqlite/sqlite-functions.js';
import { percentileCont } from '../../core/calls/call-stats.model.js';

const plain = (text: string) => {
  const h = parseHistogram(text);
  return { durations: Array.from(h.durations), calls: Array.from(h.calls) };
};

it('reads the `duration,calls,…` text of a histogram read into ascending durations, whatever order it arrives in (fast-check)', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((d) => d + 0)), { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 1e6 }), { minLength: 40, maxLength: 40 }), (durations, calls) => {
      const text = durations.map((d, i) => `${d},${calls[i]}`).join(',');
      const order = durations.map((_, i) => i).sort((a, b) => durations[a] - durations[b]);
      expect(plain(text)).toEqual({ durations: order.map((i) => durations[i]), calls: order.map((i) => calls[i]) });
    }),
  );
  expect(plain('15,3,98222,1')).toEqual({ durations: [15, 98222], calls: [3, 1] });
  expect(plain('98222,1,15,3')).toEqual({ durations: [15, 98222], calls: [3, 1] });
});

it('reads lists of durations as the calls per hour keep them into their percentiles, on SQLite through its own function (ADR 0058, fast-check)', () => {
  const native = new BetterSqlite3(':memory:');
  addSqliteFunctions(native);
  const inSqlite = native.prepare('SELECT duration_percentiles(?) AS p');
  try {
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((d) => d + 0)), { minLength: 1, maxLength: 30 }), { maxLength: 6 }), (lists) => {
        const sorted = lists.flat().sort((a, b) => a - b);
        const want = [percentileCont(sorted, 0.5), percentileCont(sorted, 0.9)];
        expect(listPercentiles(lists.map((l) => l.join(',')))).toEqual(want);
        const joined = lists.map((l) => l.join(',')).join(',');
        expect((inSqlite.get(joined === '' ? null : joined) as { p: string | null }).p).toBe(want[0] === null ? null : `${want[0]},${want[1]}`);
      }),
    );
    expect(listPercentiles(['', '10,20', ''])).toEqual([15, 19]);
    expect(listPercentiles([])).toEqual([null, null]);
  } finally {
    native.close();
  }
});

it('reads lists of durations grouped by period and by agent into each group\'s percentiles and the whole\'s, as their definition (ADR 0058, fast-check)', () => {
  const duration = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 2 ** 40 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((d) => d + 0));
  // Lists as a period × agent read returns them: each with its period (ascending) and agent.
  const row = fc.record({ period: fc.integer({ min: 0, max: 6 }), agent: fc.integer({ min: 0, max: 3 }), list: fc.array(duration, { maxLength: 25 }) });
  const definition = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return [percentileCont(sorted, 0.5), percentileCont(sorted, 0.9)];
  };
  fc.assert(
    fc.property(fc.array(row, { maxLength: 30 }), (unsorted) => {
      const rows = [...unsorted].sort((a, b) => a.period - b.period);
      const agents = [...new Set(rows.map((r) => r.agent))];
      const runEnds = rows.flatMap((r, i) => (i === rows.length - 1 || rows[i + 1].period !== r.period ? [i + 1] : []));
      const got = crossPercentiles(
        rows.map((r) => r.list.join(',')),
        runEnds,
        rows.map((r) => agents.indexOf(r.agent)),
        agents.length,
      );
      expect(got.all).toEqual(definition(rows.flatMap((r) => r.list)));
      expect(got.groups).toEqual(agents.map((a) => definition(rows.filter((r) => r.agent === a).flatMap((r) => r.list))));
      expect(got.runs).toEqual(runEnds.map((end, k) => definition(rows.slice(k === 0 ? 0 : runEnds[k - 1], end).flatMap((r) => r.list))));
    }),
  );
  // Past the space kept between calls (1,048,576 numbers), then back: the same figures.
  const many = Array.from({ length: 1_200_000 }, (_, i) => (i * 7919) % 1000);
  const large = definition(many);
  expect(crossPercentiles([many.join(','), '5,6'], [1, 2], [0, 1], 2)).toEqual({ runs: [large, [5.5, 5.9]], groups: [large, [5.5, 5.9]], all: definition([...many, 5, 6]) });
  expect(listPercentiles(['1,2,3'])).toEqual([2, 2.8]);
  expect(Array.from(readNumbers('3,1,2'))).toEqual([3, 1, 2]);
});
