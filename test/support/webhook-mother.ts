import { randomUUID } from 'node:crypto';
import { type EventOwner, type EventType, type PayloadOf, newEventFactory, type OutboxEvent, TENANT_EVENT_TYPES } from '../../core/events/event.model.js';
import type { EventOutbox, SubscriptionStore } from '../../core/events/ports.js';
import type { StoredSubscription } from '../../core/events/webhook.model.js';
import { MemoryEventOutbox, MemorySubscriptionStore } from '../../adapters/memory/memory-webhook.stores.js';
import { WEBHOOKS } from '../../runtimes/shared/composition/webhooks.tokens.js';
import { type Adapter, boundAdapters } from './contract-suite.js';

/** An instant `s` seconds after 2026-01-01T00:00:00Z. */
export const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();

export const hexId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

/** A subscription of `owner` (a tenant's by default) created at second `createdAt`. */
export function aSubscription(over: Partial<StoredSubscription> & { owner?: EventOwner; createdAt?: number } = {}): StoredSubscription {
  const { owner = { kind: 'tenant', id: 't1' }, createdAt = 0, ...rest } = over;
  return {
    subscription_id: hexId('whk'),
    owner_kind: owner.kind,
    owner_id: owner.id,
    url: 'https://hooks.example.com/in',
    description: null,
    events: [...TENANT_EVENT_TYPES],
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    created_at: at(createdAt),
    updated_at: at(createdAt),
    secrets: { current: `whsec_${Buffer.from(randomUUID()).toString('base64')}`, previous: null, previous_expires_at: null },
    ...rest,
  };
}

/**
 * An event of `owner` created at second `createdAt`. The outbox and the dispatcher carry the
 * payload as bytes they never read, so these rows carry a marker in place of the type's payload.
 */
export function anEvent(type: EventType = 'call.created', createdAt = 10, owner: EventOwner = { kind: 'tenant', id: 't1' }, data: unknown = { n: randomUUID() }): OutboxEvent {
  return newEventFactory(randomUUID, () => new Date(at(createdAt))).event(owner, type, data as PayloadOf<EventType>);
}

export interface WebhookStores {
  subs: SubscriptionStore;
  outbox: EventOutbox;
}

/** The subscription store and outbox over the memory fake, SQLite and PostgreSQL (as the runtimes bind them). */
export const webhookStoreAdapters = (): Adapter<WebhookStores>[] => [
  {
    name: 'memory',
    make: async () => {
      const subs = new MemorySubscriptionStore();
      return { subs, outbox: new MemoryEventOutbox(subs) };
    },
  },
  ...boundAdapters<WebhookStores>({ subs: WEBHOOKS.SubscriptionStore, outbox: WEBHOOKS.EventOutbox }),
];
