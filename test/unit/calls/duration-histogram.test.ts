import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateDurations, type DurationHistogram, histogramDurations, histogramPercentileCont, mergeHistograms, percentileCont, selectedPercentiles } from '../../../core/calls/call-stats.model.js';

/** The histogram of some durations, by definition: distinct values ascending with their counts. */
const histogramOf = (durations: readonly number[]): DurationHistogram => {
  const counts = new Map<number, number>();
  for (const d of durations) counts.set(d, (counts.get(d) ?? 0) + 1);
  const entries = [...counts].sort((a, b) => a[0] - b[0]);
  return { durations: entries.map(([d]) => d), calls: entries.map(([, n]) => n) };
};
const plain = (h: DurationHistogram) => ({ durations: Array.from(h.durations), calls: Array.from(h.calls) });

/** Whole seconds, few distinct values (so counts above one) or many (so mostly ones). */
const durations = fc.oneof(fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 80 }), fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 80 }));

describe('percentiles from a histogram of durations (ADR 0057)', () => {
  it('equal percentile_cont over the sorted durations, to the bit, at any fraction (fast-check)', () => {
    fc.assert(
      fc.property(durations, fc.oneof(fc.constantFrom(0, 0.5, 0.9, 1), fc.double({ min: 0, max: 1, noNaN: true })), (values, p) => {
        const sorted = [...values].sort((a, b) => a - b);
        expect(histogramPercentileCont(histogramOf(values), p)).toBe(percentileCont(sorted, p));
      }),
      { numRuns: 500 },
    );
  });

  it('give the count, seconds and percentiles aggregateDurations gives (fast-check)', () => {
    fc.assert(
      fc.property(durations, (values) => {
        expect(histogramDurations(histogramOf(values))).toEqual(aggregateDurations(values));
      }),
    );
  });

  it('merge into the histogram of all the groups’ durations (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(durations, { maxLength: 9 }), (groups) => {
        expect(plain(mergeHistograms(groups.map(histogramOf)))).toEqual(histogramOf(groups.flat()));
      }),
    );
  });

  it('equal percentile_cont over the sorted durations when selected from unsorted ones, to the bit (ADR 0058, fast-check)', () => {
    const fraction = fc.oneof(fc.constantFrom(0, 0.5, 0.9, 1), fc.double({ min: 0, max: 1, noNaN: true }));
    // Shuffled, sorted, reversed and constant inputs: the pivot's worst cases for a quickselect.
    const arranged = fc.oneof(
      durations,
      durations.map((v) => [...v].sort((a, b) => a - b)),
      durations.map((v) => [...v].sort((a, b) => b - a)),
      fc.tuple(fc.integer({ min: 0, max: 9 }), fc.nat(60)).map(([d, n]) => Array.from({ length: n }, () => d)),
    );
    fc.assert(
      fc.property(arranged, fraction, fraction, (values, a, b) => {
        const [p, q] = a <= b ? [a, b] : [b, a];
        const sorted = [...values].sort((x, y) => x - y);
        expect(selectedPercentiles(Float64Array.from(values), p, q)).toEqual([percentileCont(sorted, p), percentileCont(sorted, q)]);
        // Its bound on work: past it, the range left is sorted, with the same figures (at once, or after a pass).
        for (const work of [0, 1, 2]) expect(selectedPercentiles(Float64Array.from(values), p, q, work)).toEqual([percentileCont(sorted, p), percentileCont(sorted, q)]);
      }),
      { numRuns: 1000 },
    );
  });

  it('answer null over no calls, and the one value of one duration', () => {
    expect(histogramPercentileCont({ durations: [], calls: [] }, 0.5)).toBeNull();
    expect(histogramDurations({ durations: [], calls: [] })).toEqual({ calls: 0, total_seconds: 0, p50: null, p90: null });
    expect(histogramPercentileCont({ durations: [42], calls: [7] }, 0.9)).toBe(42);
    // 1, 2, 2, 2, 10: rank 0.9 × 4 = 3.6, between 2 (rank 3) and 10 (rank 4).
    expect(histogramPercentileCont({ durations: [1, 2, 10], calls: [1, 3, 1] }, 0.9)).toBeCloseTo(2 + 8 * 0.6, 12);
  });
});
