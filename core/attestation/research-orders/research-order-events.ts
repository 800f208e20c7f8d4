import { type EventFactory, keyOwner, type OutboxEvent } from '../../events/event.model.js';
import { orderView, type OrderStatus, type ResearchOrder, type ResearchOrderView } from './research-order.model.js';

/**
 * The research orders' event: its payload, added to the one map by event type
 * (`EventPayloads`, core/events/event.model.ts), and the function that builds it.
 */
declare module '../../events/event.model.js' {
  interface EventPayloads {
    /** `order` as the API shows it; `previous_status` null when the order was just placed. */
    'research_order.updated': { key_id: string; previous_status: OrderStatus | null; order: ResearchOrderView };
  }
}

/**
 * A research order changed status (placed: `previous_status` null). Written by the order store
 * in the transaction of the change, for the subscriptions of the API key that placed the order;
 * `order` is the order as the API shows it.
 */
export const researchOrderUpdated = (events: EventFactory, order: ResearchOrder, previousStatus: OrderStatus | null): OutboxEvent =>
  events.event(keyOwner(order.key_id), 'research_order.updated', { key_id: order.key_id, previous_status: previousStatus, order: orderView(order) });
