import type { Agent } from '../agents/agent.model.js';
import { orderView, type OrderStatus, type ResearchOrder } from '../attestation/research-orders/research-order.model.js';
import type { CallSummary } from '../calls/call.model.js';
import type { ErasureRecord } from '../calls/erasure.model.js';
import type { KnowledgeDocument, StoredSyncRun } from '../knowledge/knowledge.model.js';
import { type EventFactory, keyOwner, type OutboxEvent, tenantOwner } from './event.model.js';

/**
 * The `data` of each event type, built by the use case that causes the event. Payloads stay
 * small (a receiver reads the full resource through the API); the OpenAPI `webhooks` section
 * describes them (runtimes/shared/webhooks.schemas.ts).
 */

export const callCreated = (events: EventFactory, tenantId: string, call: CallSummary): OutboxEvent =>
  events.event(tenantOwner(tenantId), 'call.created', { tenant_id: tenantId, call });

/** Calls were erased on request: the erasure record, which holds no personal data (no caller, no call id). */
export const callsErased = (events: EventFactory, record: ErasureRecord): OutboxEvent => events.event(tenantOwner(record.tenant_id), 'calls.erased', { ...record });

export const documentIndexed = (events: EventFactory, doc: KnowledgeDocument, chunks: number, indexedAt: string): OutboxEvent =>
  events.event(tenantOwner(doc.tenant_id), 'knowledge.document.indexed', {
    tenant_id: doc.tenant_id,
    item_id: doc.item_id,
    title: doc.title,
    content_type: doc.content_type,
    chunks,
    indexed_at: indexedAt,
  });

export const documentFailed = (events: EventFactory, doc: KnowledgeDocument, error: string): OutboxEvent =>
  events.event(tenantOwner(doc.tenant_id), 'knowledge.document.failed', {
    tenant_id: doc.tenant_id,
    item_id: doc.item_id,
    title: doc.title,
    content_type: doc.content_type,
    error,
  });

export const syncCompleted = (events: EventFactory, run: StoredSyncRun): OutboxEvent => {
  const { tenant_id, ...view } = run;
  return events.event(tenantOwner(tenant_id), 'knowledge.sync.completed', { tenant_id, ...view });
};

export const agentUpdated = (events: EventFactory, agent: Agent): OutboxEvent =>
  events.event(tenantOwner(agent.tenant_id), 'agent.updated', {
    tenant_id: agent.tenant_id,
    agent_id: agent.agent_id,
    name: agent.name,
    version: agent.version,
    updated_at: agent.updated_at,
  });

/**
 * A research order changed status (placed: `previous_status` null). Written by the order store
 * in the transaction of the change, for the subscriptions of the API key that placed the order;
 * `order` is the order as the API shows it.
 */
export const researchOrderUpdated = (events: EventFactory, order: ResearchOrder, previousStatus: OrderStatus | null): OutboxEvent =>
  events.event(keyOwner(order.key_id), 'research_order.updated', { key_id: order.key_id, previous_status: previousStatus, order: orderView(order) });
