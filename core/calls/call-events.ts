import { type EventFactory, type OutboxEvent, tenantOwner } from '../events/event.model.js';
import type { CallSummary } from './call.model.js';
import type { ErasureRecord } from './erasure.model.js';

/**
 * The calls area's events: their payloads, added to the one map by event type
 * (`EventPayloads`, core/events/event.model.ts), and the functions that build them.
 */
declare module '../events/event.model.js' {
  interface EventPayloads {
    'call.created': { tenant_id: string; call: CallSummary };
    /** The erasure record, which holds no personal data (no caller, no call id). */
    'calls.erased': ErasureRecord;
  }
}

export const callCreated = (events: EventFactory, tenantId: string, call: CallSummary): OutboxEvent =>
  events.event(tenantOwner(tenantId), 'call.created', { tenant_id: tenantId, call });

/** Calls were erased on request: the erasure record, which holds no personal data (no caller, no call id). */
export const callsErased = (events: EventFactory, record: ErasureRecord): OutboxEvent => events.event(tenantOwner(record.tenant_id), 'calls.erased', { ...record });
