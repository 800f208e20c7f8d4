/**
 * Events a subscriber can receive, and the rows the transactional outbox holds. An event is
 * written in the same transaction as the change that caused it; delivery happens later, at
 * least once, in no promised order (docs/decisions/0017-webhooks.md).
 */

/** Events of a tenant (Area A), for subscriptions made with the tenant's admin token. */
export const TENANT_EVENT_TYPES = ['call.created', 'calls.erased', 'knowledge.document.indexed', 'knowledge.document.failed', 'knowledge.sync.completed', 'agent.updated'] as const;
/** Events of an API key (Area B), for subscriptions made with the key. */
export const KEY_EVENT_TYPES = ['research_order.updated'] as const;
export const EVENT_TYPES = [...TENANT_EVENT_TYPES, ...KEY_EVENT_TYPES] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Whose events these are: a tenant's (admin token) or an API key's. */
export type OwnerKind = 'tenant' | 'key';
export interface EventOwner {
  kind: OwnerKind;
  id: string;
}

export const eventTypesOf = (kind: OwnerKind): readonly EventType[] => (kind === 'tenant' ? TENANT_EVENT_TYPES : KEY_EVENT_TYPES);

/**
 * The `data` of each event type. Each area owns its events and adds its entries here from its
 * own `*-events.ts` (a module augmentation of this file), so this
 * folder imports no area; the compiler assembles the one map. Payloads stay small (a receiver
 * reads the full resource through the API); the OpenAPI `webhooks` section describes them
 * (runtimes/shared/webhooks.schemas.ts, each schema checked against its entry).
 */
export interface EventPayloads {}

/**
 * A payload map with an entry for every event type: the check that `EventPayloads` is complete,
 * made where every area's entries are in the program (runtimes/shared/webhooks.schemas.ts, whose
 * schemas cover every event type). A program that compiles only part of core (the packaged
 * verifier) sees part of the map; it builds no event.
 */
export type CompletePayloads<M extends { [T in EventType]: object }> = M;

/** The payload of an event type (`never` in a program without the area that owns it). */
export type PayloadOf<T extends EventType> = T extends keyof EventPayloads ? EventPayloads[T] : never;

/** What a receiver gets as the request body (Standard Webhooks payload). */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: EventType;
  created_at: string;
  data: T;
}

/** One outbox row: the envelope serialised once, so every attempt sends (and signs) the same bytes. */
export interface OutboxEvent {
  event_id: string;
  owner_kind: OwnerKind;
  owner_id: string;
  type: EventType;
  created_at: string;
  payload: string;
}

export const envelopeOf = (event: OutboxEvent): EventEnvelope => JSON.parse(event.payload) as EventEnvelope;

/**
 * Builds outbox rows: the use cases that cause events hold one (ids and time from the ports).
 * An event takes the payload of its type and no other (`EventPayloads`).
 */
export interface EventFactory {
  event<T extends EventType>(owner: EventOwner, type: T, data: PayloadOf<T>): OutboxEvent;
}

/** `evt_` and 32 hex digits: the `webhook-id` receivers de-duplicate on. */
export const EVENT_ID_PATTERN = /^evt_[0-9a-f]{32}$/;

export function newEventFactory(uuid: () => string, now: () => Date): EventFactory {
  return {
    event<T extends EventType>(owner: EventOwner, type: T, data: PayloadOf<T>): OutboxEvent {
      const id = `evt_${uuid().replace(/-/g, '')}`;
      const created_at = now().toISOString();
      const envelope: EventEnvelope<PayloadOf<T>> = { id, type, created_at, data };
      return { event_id: id, owner_kind: owner.kind, owner_id: owner.id, type, created_at, payload: JSON.stringify(envelope) };
    },
  };
}

export const tenantOwner = (tenantId: string): EventOwner => ({ kind: 'tenant', id: tenantId });
export const keyOwner = (keyId: string): EventOwner => ({ kind: 'key', id: keyId });
