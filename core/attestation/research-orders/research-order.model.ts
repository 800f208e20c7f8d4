import type { OutboxEvent } from '../../events/event.model.js';

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
  /** Written into the outbox in the same transaction, when the order moves (its `research_order.updated`). */
  events?: readonly OutboxEvent[];
}

/**
 * What `ResearchOrders.deliver` hands the import: the order and the time, and the events to write
 * with the delivery once the import knows its id and the corpus revision it becomes.
 */
export interface DeliveryRequest {
  order_id: string;
  delivered_at: string;
  events(delivery: Omit<OrderDelivery, 'events'>): readonly OutboxEvent[];
}

/** The order as a delivery leaves it (what every store writes). */
export function deliveredOrder(order: ResearchOrder, delivery: Omit<OrderDelivery, 'events'>): ResearchOrder {
  return {
    ...order,
    status: 'delivered',
    delivered_at: delivery.delivered_at,
    updated_at: delivery.delivered_at,
    import_id: delivery.import_id,
    corpus_revision: delivery.corpus_revision,
  };
}

/** The order as its client sees it, in API answers and in `research_order.updated`: no key id, no idempotency bookkeeping. */
export type ResearchOrderView = Omit<ResearchOrder, 'key_id' | 'price_cents' | 'import_id' | 'corpus_revision' | 'idempotency_key' | 'request_fingerprint'> & {
  price_excl_vat_cents: number;
  delivery: { import_id: string; corpus_revision: string } | null;
};

export function orderView(order: ResearchOrder): ResearchOrderView {
  const { key_id, price_cents, import_id, corpus_revision, idempotency_key, request_fingerprint, ...shown } = order;
  return {
    ...shown,
    price_excl_vat_cents: price_cents,
    delivery: import_id !== null && corpus_revision !== null ? { import_id, corpus_revision } : null,
  };
}
