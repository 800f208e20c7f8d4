import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PriceBand, PriceList } from '../../../core/billing/billing.model.js';
import { bandProblems, buildStatement, centsToDecimal, monthBounds, parseDay, pilotEnd, priceCalls, priceListProblems } from '../../../core/billing/pricing.js';
import { loadPricing } from '../../../runtimes/shared/schemas/pricing.schemas.js';

const shipped = loadPricing();
const bands = shipped.production.verify_bands;

const statementFor = (calls: number, scale: readonly PriceBand[] = bands, free = 0) =>
  buildStatement({ key_id: 'key_1', month: '2026-11', plan: { plan: 'production' }, closed: false, served_calls: calls, free_calls: free, bands: scale, orders: [] });

/** A valid graduated scale: ascending bounds, last one open, whole cents. */
const scaleArb = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 1, max: 200_000 }), { maxLength: 4 }), fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 5, maxLength: 5 }))
  .map(([bounds, prices]): PriceBand[] => {
    const sorted = [...bounds].sort((a, b) => a - b);
    return [...sorted.map((up_to, i) => ({ up_to, unit_cents: prices[i] })), { up_to: null, unit_cents: prices[sorted.length] }];
  });

describe('the shipped price list (config/pricing.json)', () => {
  it('is valid, EUR 0.10 a call up to 10,000 calls and less above, and the research tiers of the commercial terms', () => {
    expect(priceListProblems(shipped.production)).toEqual([]);
    expect(bands[0]).toEqual({ up_to: 10_000, unit_cents: 10 });
    expect(bands[1].unit_cents).toBeLessThan(10);
    expect(shipped.production.research_tiers.standard.price_cents).toBe(59_000);
    expect(shipped.production.research_tiers.extended.price_cents).toBe(149_000);
  });

  it('prices the band edges exactly: 10,000 calls are EUR 1,000.00, the 10,001st call costs the second band', () => {
    const at = statementFor(10_000);
    expect(at.verify.bands.map((b) => b.calls)).toEqual([10_000, 0, 0]);
    expect(at.total_excl_vat_cents).toBe(100_000);
    const over = statementFor(10_001);
    expect(over.verify.bands.map((b) => b.calls)).toEqual([10_000, 1, 0]);
    expect(over.verify.bands[1]).toEqual({ from_call: 10_001, to_call: 100_000, unit_price_cents: bands[1].unit_cents, calls: 1, amount_cents: bands[1].unit_cents });
    expect(over.total_excl_vat_cents).toBe(100_000 + bands[1].unit_cents);
    expect(statementFor(0).total_excl_vat_cents).toBe(0);
    expect(statementFor(1).total_excl_vat_cents).toBe(10);
    expect(centsToDecimal(over.total_excl_vat_cents)).toBe(`1000.0${bands[1].unit_cents}`);
  });
});

describe('graduated pricing (fast-check)', () => {
  it('for any scale and monthly call counts, the total equals the sum of the bands and never decreases as calls grow', () => {
    fc.assert(
      fc.property(scaleArb, fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }), (scale, counts) => {
        expect(bandProblems(scale)).toEqual([]);
        let previous = -1;
        for (const calls of [...counts].sort((a, b) => a - b)) {
          const s = statementFor(calls, scale);
          expect(s.total_excl_vat_cents).toBe(s.verify.bands.reduce((sum, b) => sum + b.amount_cents, 0));
          expect(s.verify.bands.reduce((sum, b) => sum + b.calls, 0)).toBe(calls);
          for (const b of s.verify.bands) {
            expect(b.amount_cents).toBe(b.calls * b.unit_price_cents);
            expect(Number.isSafeInteger(b.amount_cents)).toBe(true);
          }
          expect(s.total_excl_vat_cents).toBeGreaterThanOrEqual(previous);
          previous = s.total_excl_vat_cents;
        }
      }),
    );
  });

  it('pilot calls are listed but never charged: the bands price only the billable calls', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 60_000 }), (served, free) => {
        const s = statementFor(served, bands, free);
        expect(s.verify.free_calls).toBe(Math.min(served, free));
        expect(s.verify.billable_calls).toBe(served - s.verify.free_calls);
        expect(s.total_excl_vat_cents).toBe(priceCalls(s.verify.billable_calls, bands).reduce((sum, b) => sum + b.amount_cents, 0));
      }),
    );
  });

  it('cents print as exact decimal euros', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
      const text = centsToDecimal(cents);
      expect(text).toMatch(/^\d+\.\d{2}$/);
      expect(BigInt(text.replace('.', ''))).toBe(BigInt(cents));
    }));
  });
});

describe('price list validation', () => {
  it('names each problem of a scale', () => {
    expect(bandProblems([])).toEqual([{ path: 'verify_bands', message: 'needs at least one band' }]);
    expect(bandProblems([{ up_to: 10, unit_cents: 5 }]).map((e) => e.path)).toEqual(['verify_bands.0.up_to']);
    expect(bandProblems([{ up_to: null, unit_cents: 5 }, { up_to: null, unit_cents: 1 }]).map((e) => e.path)).toEqual(['verify_bands.0.up_to']);
    expect(bandProblems([{ up_to: 10, unit_cents: 5 }, { up_to: 10, unit_cents: 4 }, { up_to: null, unit_cents: 1.5 }]).map((e) => e.path)).toEqual(['verify_bands.1.up_to', 'verify_bands.2.unit_cents']);
    const noTiers: PriceList = { verify_bands: [{ up_to: null, unit_cents: 1 }], research_tiers: {} };
    expect(priceListProblems(noTiers).map((e) => e.path)).toEqual(['research_tiers']);
    expect(priceListProblems({ ...noTiers, research_tiers: { 'Bad Name': { price_cents: -1, description: '' } } }).length).toBe(2);
  });

  it('reads months and pilot days as UTC calendar dates', () => {
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' });
    expect(() => monthBounds('2026-13')).toThrow(/YYYY-MM/);
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2027-02-29', '2027-13-01', '2027-1-01', '2027-01-01T00:00']) expect(parseDay(bad)).toBeNull();
    expect(pilotEnd('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
  });
});
