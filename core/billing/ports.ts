import type { KeyPlan } from './billing.model.js';

/**
 * Billing's own view of what it bills: the keys and the delivered orders, read through these
 * ports (the oracle's `ApiKeyStore` and `ResearchOrderStore` serve them as they are), so that
 * billing imports nothing of the oracle, which prices its calls and orders with billing's plans.
 */

/** A key as a statement needs it: its lifetime and its plan. */
export interface BilledKey {
  key_id: string;
  created_at: string;
  revoked_at: string | null;
  /** What the key pays; absent: production. */
  plan?: KeyPlan;
}

/** The keys invoicing reads (served by the oracle's key store). */
export interface BilledKeys {
  find(keyId: string): Promise<BilledKey | null>;
  /** Every key, revoked ones included. */
  list(): Promise<BilledKey[]>;
}

/** A research order delivered in a month, as its statement line needs it. */
export interface DeliveredOrder {
  order_id: string;
  tier: string;
  subject: { artist: string; title: string };
  client_reference: string | null;
  delivered_at: string | null;
  /** The price fixed when the order was placed, in cents excluding VAT. */
  price_cents: number;
}

/** The delivered orders invoicing reads (served by the oracle's order store). */
export interface DeliveredOrders {
  /** Orders delivered within [from, to) (ISO instants), of one key or of all, oldest first. */
  delivered(range: { from: string; to: string; key_id?: string }): Promise<DeliveredOrder[]>;
}

/** What invoicing reads besides keys and orders: the meter of served verifications. */
export interface UsageMeter {
  /** Served calls of a key in a month (`YYYY-MM`, UTC). */
  servedCalls(keyId: string, month: string): Promise<number>;
  /** Served calls of a key within [from, to) (ISO instants): a pilot ending mid-month. */
  servedCallsBetween(keyId: string, from: string, to: string): Promise<number>;
}
