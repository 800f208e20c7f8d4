/**
 * Type-level test, checked by `npm run typecheck` (not run by vitest): an event takes the payload
 * of its type and no other, and the payload map must name every event type. Each
 * `@ts-expect-error` fails the typecheck if the line below it compiles.
 */
import { callCreated } from '../../core/calls/call-events.js';
import type { CallSummary } from '../../core/calls/call.model.js';
import { type CompletePayloads, type EventFactory, type EventPayloads, tenantOwner } from '../../core/events/event.model.js';

declare const events: EventFactory;
declare const call: CallSummary;
const owner = tenantOwner('acme');

// The payload of its type: accepted.
export const created = events.event(owner, 'call.created', { tenant_id: 'acme', call });
export const built = callCreated(events, 'acme', call);

// @ts-expect-error a payload missing a field of its type
export const missingField = events.event(owner, 'call.created', { tenant_id: 'acme' });

// @ts-expect-error the payload of another event type
export const otherType = events.event(owner, 'agent.updated', { tenant_id: 'acme', call });

// @ts-expect-error a payload of a wrong field type
export const wrongField = events.event(owner, 'agent.updated', { tenant_id: 'acme', agent_id: 'agt_1', name: 'A', version: '2', updated_at: '2026-11-25T10:00:00.000Z' });

// @ts-expect-error an event type that does not exist
export const unknownType = events.event(owner, 'call.deleted', { tenant_id: 'acme', call });

// The map as the areas assemble it is complete...
export type Complete = CompletePayloads<EventPayloads>;
// @ts-expect-error ...and a map without an event type's entry is refused
export type MissingEntry = CompletePayloads<Omit<EventPayloads, 'knowledge.sync.completed'>>;
