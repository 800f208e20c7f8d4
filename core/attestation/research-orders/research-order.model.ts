/**
 * Research orders: a client asks the operator to research a work the oracle could not attest
 * (docs/decisions/0015-research-order-lifecycle.md). The lifecycle is the table below; every
 * change of state goes through `ResearchOrders.move`.
 */

export const ORDER_STATUSES = ['requested', 'accepted', 'delivered', 'declined', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENTS = ['accept', 'decline', 'cancel', 'deliver'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * The state table: from a status, the events allowed and where they lead. Anything absent is an
 * illegal transition (a 409). `delivered`, `declined` and `cancelled` are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>>> = {
  requested: { accept: 'accepted', decline: 'declined', cancel: 'cancelled' },
  accepted: { decline: 'declined', deliver: 'delivered' },
  delivered: {},
  declined: {},
  cancelled: {},
};

/** Where `event` takes an order in `status`, or null when the table forbids it. */
export function nextStatus(status: OrderStatus, event: OrderEvent): OrderStatus | null {
  return ORDER_TRANSITIONS[status][event] ?? null;
}

export interface OrderSubject {
  artist: string;
  title: string;
  ref: string | null;
}

export interface ResearchOrder {
  order_id: string;
  key_id: string;
  status: OrderStatus;
  tier: string;
  /** Price excluding VAT, fixed when the order is placed (integer cents). */
  price_cents: number;
  currency: 'EUR';
  subject: OrderSubject;
  /** The verification that prompted the order, when the client named one. */
  request_id: string | null;
  client_reference: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
  accepted_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  cancelled_at: string | null;
  delivered_at: string | null;
  /** The import that delivered the order, and the corpus revision carrying its claims. */
  import_id: string | null;
  corpus_revision: string | null;
  /** The client's Idempotency-Key, and a fingerprint of the request it came with. */
  idempotency_key: string | null;
  request_fingerprint: string | null;
}

/** What the import applying a delivery writes onto the order, in its own transaction. */
export interface OrderDelivery {
  order_id: string;
  delivered_at: string;
  /** Filled by the importer: the import and the corpus revision it becomes. */
  import_id: string;
  corpus_revision: string;
}
