import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseHistogram } from '../../adapters/sql/sql-call-stats.store.js';

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
