import type { OutboxEvent } from '../../events/event.model.js';
import type { OrderStatus, ResearchOrder } from './research-order.model.js';

export interface OrderListQuery {
  /** The key's own orders; every key's (the operator's queue) when absent. */
  key_id?: string;
  status?: OrderStatus;
  /** Keyset position: orders strictly older than this (created_at, order_id). */
  before?: { created_at: string; order_id: string };
  limit: number;
}

/**
 * Where research orders are kept. Each change takes the events it causes and writes them into
 * the outbox in its own transaction, only when the change is written (core/events/ports.ts).
 * The delivery is the operator import's: `OrderDelivery.events` (OperatorResearchStore.apply).
 */
export interface ResearchOrderStore {
  /**
   * Stores a new order. Throws a CONFLICT DomainError, and stores nothing, when its id is taken
   * or the key already placed an order with the same idempotency key.
   */
  insert(order: ResearchOrder, events?: readonly OutboxEvent[]): Promise<void>;
  find(orderId: string): Promise<ResearchOrder | null>;
  findByIdempotencyKey(keyId: string, idempotencyKey: string): Promise<ResearchOrder | null>;
  /** Newest first (created_at, then order_id, descending). */
  list(query: OrderListQuery): Promise<ResearchOrder[]>;
  /**
   * Replaces the order when it is still in `expected` (compare and set); false, changing
   * nothing, when it moved meanwhile or does not exist.
   */
  update(order: ResearchOrder, expected: OrderStatus, events?: readonly OutboxEvent[]): Promise<boolean>;
  /** Orders delivered within [from, to) (ISO instants), of one key or of all, oldest first. */
  delivered(range: { from: string; to: string; key_id?: string }): Promise<ResearchOrder[]>;
}
