/** Pure pricing: a month's calls through a degressive scale, and the statement's totals. */
import { validationError, type FieldError } from '../shared/errors.js';
import type { BandLine, KeyPlan, PriceBand, PriceList, Pricing, Statement, StatementOrderLine } from './billing.model.js';
import { CURRENCY } from './billing.model.js';

const MAX_CENTS = 100_000_000; // EUR 1,000,000: far above any unit or tier price

/** Problems of a band scale: ascending `up_to`, only the last one open, whole non-negative cents. */
export function bandProblems(bands: readonly PriceBand[], path = 'verify_bands'): FieldError[] {
  const errors: FieldError[] = [];
  if (bands.length === 0) errors.push({ path, message: 'needs at least one band' });
  let previous = 0;
  bands.forEach((band, i) => {
    const last = i === bands.length - 1;
    if (!Number.isSafeInteger(band.unit_cents) || band.unit_cents < 0 || band.unit_cents > MAX_CENTS) {
      errors.push({ path: `${path}.${i}.unit_cents`, message: `must be an integer from 0 to ${MAX_CENTS}` });
    }
    if (last && band.up_to !== null) errors.push({ path: `${path}.${i}.up_to`, message: 'the last band must be open (null)' });
    if (!last) {
      if (band.up_to === null) errors.push({ path: `${path}.${i}.up_to`, message: 'only the last band may be open (null)' });
      else if (!Number.isSafeInteger(band.up_to) || band.up_to <= previous) {
        errors.push({ path: `${path}.${i}.up_to`, message: `must be an integer above ${previous}` });
      } else previous = band.up_to;
    }
  });
  return errors;
}

/** Problems of a price list (bands and research tiers). */
export function priceListProblems(list: PriceList, path = ''): FieldError[] {
  const at = (p: string) => (path ? `${path}.${p}` : p);
  const errors = bandProblems(list.verify_bands, at('verify_bands'));
  const tiers = Object.entries(list.research_tiers);
  if (tiers.length === 0) errors.push({ path: at('research_tiers'), message: 'needs at least one tier' });
  for (const [name, tier] of tiers) {
    if (!/^[a-z][a-z0-9_-]{0,39}$/.test(name)) errors.push({ path: at(`research_tiers.${name}`), message: 'a tier name is 1 to 40 lower-case letters, digits, _ or -' });
    if (!Number.isSafeInteger(tier.price_cents) || tier.price_cents < 0 || tier.price_cents > MAX_CENTS) {
      errors.push({ path: at(`research_tiers.${name}.price_cents`), message: `must be an integer from 0 to ${MAX_CENTS}` });
    }
  }
  return errors;
}

export function checkPriceList(list: PriceList, path = ''): PriceList {
  const errors = priceListProblems(list, path);
  if (errors.length > 0) throw validationError('The price list is invalid.', errors);
  return list;
}

/**
 * The month's calls through a graduated scale: each call is priced by the band its rank in
 * the month falls in (the first 10,000 at one price, the 10,001st on at the next), so the
 * amount never drops when calls grow. Every band is listed, empty ones with 0 calls.
 */
export function priceCalls(calls: number, bands: readonly PriceBand[]): BandLine[] {
  let from = 1;
  return bands.map((band) => {
    const to = band.up_to;
    const inBand = Math.max(0, Math.min(calls, to ?? Number.MAX_SAFE_INTEGER) - from + 1);
    const line: BandLine = { from_call: from, to_call: to, unit_price_cents: band.unit_cents, calls: inBand, amount_cents: inBand * band.unit_cents };
    from = (to ?? 0) + 1;
    return line;
  });
}

/** The price list a plan pays (pilot: the production list, applied to calls after the pilot). */
export function priceListOf(plan: KeyPlan, pricing: Pricing): PriceList {
  return plan.plan === 'custom' ? plan.price_list : pricing.production;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** First instant of the month and of the next one (UTC), as ISO strings. */
export function monthBounds(month: string): { from: string; to: string } {
  const m = MONTH.exec(month);
  if (!m) throw validationError('month must have the form YYYY-MM.', [{ path: 'month', message: 'must match YYYY-MM' }]);
  const from = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  const to = new Date(Date.UTC(Number(m[1]), Number(m[2]), 1));
  return { from: from.toISOString(), to: to.toISOString() };
}

/** A pilot end date: a real calendar day `YYYY-MM-DD`, or null. */
export function parseDay(day: string): string | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === day ? day : null;
}

/** The first instant after a pilot that runs up to and including `until` (UTC). */
export function pilotEnd(until: string): string {
  const [y, mo, d] = until.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d + 1)).toISOString();
}

export interface StatementInput {
  key_id: string;
  month: string;
  plan: KeyPlan;
  closed: boolean;
  served_calls: number;
  /** Calls of the month served within a pilot (0 for other plans). */
  free_calls: number;
  bands: readonly PriceBand[];
  orders: StatementOrderLine[];
}

/** Assembles a statement: the bands over the billable calls, the orders, and the totals. */
export function buildStatement(input: StatementInput): Statement {
  const free = Math.min(input.free_calls, input.served_calls);
  const billable = input.served_calls - free;
  const bands = priceCalls(billable, input.bands);
  const verifyAmount = bands.reduce((sum, b) => sum + b.amount_cents, 0);
  const research = input.orders.reduce((sum, o) => sum + o.price_cents, 0);
  return {
    key_id: input.key_id,
    month: input.month,
    currency: CURRENCY,
    plan: { name: input.plan.plan, until: input.plan.plan === 'pilot' ? input.plan.until : null },
    closed: input.closed,
    verify: { served_calls: input.served_calls, free_calls: free, billable_calls: billable, bands, amount_cents: verifyAmount },
    research_orders: input.orders,
    research_amount_cents: research,
    total_excl_vat_cents: verifyAmount + research,
  };
}

/** Cents as a decimal string (`12345` → `"123.45"`), for CSV and display; exact. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
