import { type EventFactory, type OutboxEvent, tenantOwner } from '../events/event.model.js';
import type { KnowledgeContentType, KnowledgeDocument, StoredSyncRun } from './knowledge.model.js';

/**
 * The knowledge area's events: their payloads, added to the one map by event type
 * (`EventPayloads`, core/events/event.model.ts), and the functions that build them.
 */
declare module '../events/event.model.js' {
  interface EventPayloads {
    'knowledge.document.indexed': { tenant_id: string; item_id: string; title: string; content_type: KnowledgeContentType; chunks: number; indexed_at: string };
    'knowledge.document.failed': { tenant_id: string; item_id: string; title: string; content_type: KnowledgeContentType; error: string };
    /** The run as the API shows it, with its tenant. */
    'knowledge.sync.completed': StoredSyncRun;
  }
}

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
