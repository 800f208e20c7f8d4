/**
 * Plans, prices and monthly statements of the attestation API (docs/decisions/0016-plans-pricing-invoicing.md).
 * Money is integer euro cents everywhere: no float ever holds an amount.
 */

export const CURRENCY = 'EUR' as const;

/**
 * One band of a degressive (graduated) scale: the calls of the month from the previous band's
 * `up_to` + 1 to this `up_to` (inclusive) cost `unit_cents` each. The last band has `up_to: null`.
 */
export interface PriceBand {
  up_to: number | null;
  unit_cents: number;
}

/** A research tier a client may order, with its price excluding VAT. */
export interface ResearchTier {
  price_cents: number;
  description: string;
}

/** What a key pays: the verify scale and the research tiers. */
export interface PriceList {
  verify_bands: PriceBand[];
  research_tiers: Record<string, ResearchTier>;
}

/** The operator's price configuration (PRICING_FILE): the production price list. */
export interface Pricing {
  currency: typeof CURRENCY;
  production: PriceList;
}

export const PLANS = ['sandbox', 'pilot', 'production', 'custom'] as const;
export type PlanName = (typeof PLANS)[number];

/**
 * The plan a production key carries. `pilot`: free verify calls up to and including `until`
 * (a UTC day), the production price list after it. `custom`: the key's own price list.
 * (`sandbox` is the keyless tier: no key, no plan record, no statement.)
 */
export type KeyPlan =
  | { plan: 'production' }
  | { plan: 'pilot'; until: string }
  | { plan: 'custom'; price_list: PriceList };

export const PRODUCTION_PLAN: KeyPlan = Object.freeze({ plan: 'production' });

/** One band's line on a statement. */
export interface BandLine {
  /** First and last call of the month the band covers (`to_call` null: no upper bound). */
  from_call: number;
  to_call: number | null;
  unit_price_cents: number;
  calls: number;
  amount_cents: number;
}

export interface StatementOrderLine {
  order_id: string;
  tier: string;
  subject: { artist: string; title: string };
  client_reference: string | null;
  delivered_at: string;
  price_cents: number;
}

/** A key's statement for one month: what `GET /verify/invoices/{month}` answers. */
export interface Statement {
  key_id: string;
  month: string;
  currency: typeof CURRENCY;
  plan: { name: Exclude<PlanName, 'sandbox'>; until: string | null };
  /** True once the month is over (UTC): its figures no longer change. */
  closed: boolean;
  verify: {
    served_calls: number;
    /** Calls served within a pilot: on the statement, never charged. */
    free_calls: number;
    billable_calls: number;
    bands: BandLine[];
    amount_cents: number;
  };
  research_orders: StatementOrderLine[];
  research_amount_cents: number;
  total_excl_vat_cents: number;
}
