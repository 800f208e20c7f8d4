import type { OrderListQuery, ResearchOrderStore } from '../../core/attestation/research-orders/ports.js';
import { deliveredOrder, type OrderDelivery, type OrderStatus, type ResearchOrder } from '../../core/attestation/research-orders/research-order.model.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import { conflict } from '../../core/shared/errors.js';
import { MemoryEventOutbox } from './memory-webhook.stores.js';

/**
 * In-memory fake; passes the same contract suite as the SQL store. Stored serialised, as a
 * database would; each change `add`s its events to the outbox in the same synchronous step.
 */
export class MemoryResearchOrderStore implements ResearchOrderStore {
  private readonly byId = new Map<string, string>();

  constructor(private readonly outbox = new MemoryEventOutbox()) {}

  private all(): ResearchOrder[] {
    return [...this.byId.values()].map((json) => JSON.parse(json) as ResearchOrder);
  }

  async insert(order: ResearchOrder, events?: readonly OutboxEvent[]): Promise<void> {
    const taken = this.byId.has(order.order_id) || (order.idempotency_key !== null && this.all().some((o) => o.key_id === order.key_id && o.idempotency_key === order.idempotency_key));
    if (taken) throw conflict(`Research order ${order.order_id}, or this key's Idempotency-Key, exists already.`);
    this.byId.set(order.order_id, JSON.stringify(order));
    this.outbox.add(events);
  }

  async find(orderId: string): Promise<ResearchOrder | null> {
    return this.get(orderId);
  }

  private get(orderId: string): ResearchOrder | null {
    const json = this.byId.get(orderId);
    return json === undefined ? null : (JSON.parse(json) as ResearchOrder);
  }

  async findByIdempotencyKey(keyId: string, idempotencyKey: string): Promise<ResearchOrder | null> {
    return this.all().find((o) => o.key_id === keyId && o.idempotency_key === idempotencyKey) ?? null;
  }

  async list(query: OrderListQuery): Promise<ResearchOrder[]> {
    const before = query.before;
    return this.all()
      .filter((o) => (query.key_id === undefined || o.key_id === query.key_id) && (query.status === undefined || o.status === query.status))
      .filter((o) => !before || o.created_at < before.created_at || (o.created_at === before.created_at && o.order_id < before.order_id))
      .sort((a, b) => cmp(b.created_at, a.created_at) || cmp(b.order_id, a.order_id))
      .slice(0, query.limit);
  }

  /** Checks and writes with no await in between, as one transaction would. */
  async update(order: ResearchOrder, expected: OrderStatus, events?: readonly OutboxEvent[]): Promise<boolean> {
    const current = this.get(order.order_id);
    if (!current || current.status !== expected) return false;
    const { key_id, created_at, idempotency_key, request_fingerprint } = current;
    this.byId.set(order.order_id, JSON.stringify({ ...order, key_id, created_at, idempotency_key, request_fingerprint }));
    this.outbox.add(events);
    return true;
  }

  async delivered(range: { from: string; to: string; key_id?: string }): Promise<ResearchOrder[]> {
    return this.all()
      .filter((o) => o.status === 'delivered' && o.delivered_at !== null && o.delivered_at >= range.from && o.delivered_at < range.to)
      .filter((o) => range.key_id === undefined || o.key_id === range.key_id)
      .sort((a, b) => cmp(a.delivered_at ?? '', b.delivered_at ?? '') || cmp(a.order_id, b.order_id));
  }

  /**
   * The operator import's half of a delivery, synchronous so that the memory research store
   * checks and writes with no await in between (one transaction). CONFLICT unless accepted.
   */
  markDelivered(delivery: OrderDelivery): void {
    const current = this.get(delivery.order_id);
    if (!current || current.status !== 'accepted') throw conflict(`Research order ${delivery.order_id} is not accepted (any more); nothing was imported.`);
    const { events, ...written } = delivery;
    this.byId.set(delivery.order_id, JSON.stringify(deliveredOrder(current, written)));
    this.outbox.add(events);
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
