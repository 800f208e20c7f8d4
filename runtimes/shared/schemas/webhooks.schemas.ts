import { z } from 'zod';
import type { Page } from '../../../core/shared/keyset-cursor.js';
import type { Delivery, DeliveryAttempt } from '../../../core/events/webhook.model.js';
import type { SubscriptionView } from '../../../core/events/use-cases/webhook-subscriptions.js';
import { type Flat, type Same, schemaOf } from './exact-schema.js';
import { ErasureRecordSchema } from './erasure.schemas.js';
import { ORDER_STATUSES } from '../../../core/attestation/research-orders/research-order.model.js';
import { type CompletePayloads, EVENT_TYPES, type EventPayloads, type EventType, KEY_EVENT_TYPES, TENANT_EVENT_TYPES } from '../../../core/events/event.model.js';
import { DESCRIPTION_MAX_LENGTH, URL_MAX_LENGTH } from '../../../core/events/webhook.model.js';
import { KNOWLEDGE_CONTENT_TYPES } from '../../../core/knowledge/knowledge.model.js';
import { CallSummarySchema } from './calls.schemas.js';
import { SyncRunSchema } from './knowledge.schemas.js';
import { OrderSchema } from './research-orders.schemas.js';

/**
 * Wire shapes of webhook subscriptions, deliveries and event payloads: request validation, the
 * handlers' types (z.infer) and the OpenAPI document (paths and the 3.1 `webhooks` section).
 */

export const EventTypeSchema = z.enum(EVENT_TYPES).meta({ id: 'EventType' });

export const NewWebhookSchema = z
  .object({
    url: z
      .string({ error: 'url must be a string' })
      .min(1, 'url is required')
      .max(URL_MAX_LENGTH)
      .meta({ description: 'https URL the events are POSTed to (http only to loopback with WEBHOOKS_ALLOW_LOOPBACK=true). Private, link-local and metadata addresses are refused, and IPv6 forms that carry a non-public IPv4 address (::/96, ::ffff:0:0/96, NAT64, 6to4, Teredo).' }),
    events: z
      .array(z.string({ error: 'each event must be a string' }), { error: 'events must be an array of event types' })
      .min(1, 'events must name at least one event type')
      .max(EVENT_TYPES.length * 2)
      .meta({ description: `Tenant subscriptions: ${TENANT_EVENT_TYPES.join(', ')}. API-key subscriptions: ${KEY_EVENT_TYPES.join(', ')}.` }),
    description: z.string({ error: 'description must be a string or null' }).max(DESCRIPTION_MAX_LENGTH).nullable().optional(),
  })
  .meta({ id: 'NewWebhook' });
export type NewWebhook = z.infer<typeof NewWebhookSchema>;

export const WebhookSchema = schemaOf<SubscriptionView>()(z
  .object({
    subscription_id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(EventTypeSchema),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().meta({ description: 'Why deliveries stopped: set when every delivery failed for days.' }),
    failing_since: z.iso.datetime().nullable().meta({ description: 'Since when every delivery has failed; null after a success.' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' }));

export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().regex(/^whsec_/).meta({ description: 'The signing secret (Standard Webhooks `whsec_…`), shown this once.' }),
}).meta({ id: 'WebhookWithSecret' });

export const WebhookListSchema = schemaOf<Page<SubscriptionView>>()(z.object({ data: z.array(WebhookSchema), next_cursor: z.string().nullable() }).meta({ id: 'WebhookList' }));

export const DeliveryAttemptSchema = schemaOf<DeliveryAttempt>()(z
  .object({
    attempt: z.int().min(1),
    attempted_at: z.iso.datetime(),
    status_code: z.int().nullable().meta({ description: 'The receiver\'s HTTP status; null when no response came.' }),
    latency_ms: z.int().min(0),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookDeliveryAttempt' }));

export const DeliverySchema = schemaOf<Delivery>()(z
  .object({
    delivery_id: z.string(),
    subscription_id: z.string(),
    event_id: z.string().meta({ description: 'Sent as `webhook-id`: the same on every attempt, for de-duplication.' }),
    event_type: EventTypeSchema,
    status: z.enum(['pending', 'succeeded', 'failed']),
    created_at: z.iso.datetime(),
    next_attempt_at: z.iso.datetime().nullable(),
    attempts: z.array(DeliveryAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' }));

export const DeliveryListSchema = schemaOf<Page<Delivery>>()(z.object({ data: z.array(DeliverySchema), next_cursor: z.string().nullable() }).meta({ id: 'WebhookDeliveryList' }));

/** The event types an owner may subscribe to, each with what it announces (its payload's description). */
export const WebhookEventTypeListSchema = z
  .object({
    data: z.array(
      z.object({
        type: EventTypeSchema,
        description: z.string().meta({ description: 'What the event announces, as the `webhooks` section of this document describes its payload.' }),
      }),
    ),
  })
  .meta({ id: 'WebhookEventTypeList' });

export const TenantWebhooksParamsSchema = z.object({ tenant_id: z.string() });
export const TenantWebhookParamsSchema = TenantWebhooksParamsSchema.extend({ webhook_id: z.string().max(64) });
export const TenantDeliveryParamsSchema = TenantWebhookParamsSchema.extend({ delivery_id: z.string().max(64) });
export const KeyWebhookParamsSchema = z.object({ webhook_id: z.string().max(64) });
export const KeyDeliveryParamsSchema = KeyWebhookParamsSchema.extend({ delivery_id: z.string().max(64) });
export type TenantWebhookParams = z.infer<typeof TenantDeliveryParamsSchema>;
export type KeyWebhookParams = z.infer<typeof KeyDeliveryParamsSchema>;

// --- Event payloads (the OpenAPI `webhooks` section) ---

const envelope = <E extends EventType, T extends z.ZodType>(type: E, data: T, description: string) =>
  z
    .object({
      id: z.string().meta({ description: 'The event id, also sent as `webhook-id`: de-duplicate on it.' }),
      type: z.literal(type),
      created_at: z.iso.datetime().meta({ description: 'When the change happened (committed with the event).' }),
      data,
    })
    .meta({ description });

const contentType = z.enum(KNOWLEDGE_CONTENT_TYPES);

export const EVENT_PAYLOAD_SCHEMAS = {
  'call.created': envelope('call.created', z.object({ tenant_id: z.string(), call: CallSummarySchema }), 'A call was recorded (POST …/calls).').meta({ id: 'CallCreatedEvent' }),
  'calls.erased': envelope('calls.erased', ErasureRecordSchema, 'Calls were erased on request (POST …/erasures or svc-admin calls erase): the erasure record, which holds no caller number, call id or text.').meta({ id: 'CallsErasedEvent' }),
  'knowledge.document.indexed': envelope(
    'knowledge.document.indexed',
    z.object({ tenant_id: z.string(), item_id: z.string(), title: z.string(), content_type: contentType, chunks: z.int().min(1), indexed_at: z.iso.datetime() }),
    'A sync indexed a document.',
  ).meta({ id: 'KnowledgeDocumentIndexedEvent' }),
  'knowledge.document.failed': envelope(
    'knowledge.document.failed',
    z.object({ tenant_id: z.string(), item_id: z.string(), title: z.string(), content_type: contentType, error: z.string() }),
    'A sync could not read a document.',
  ).meta({ id: 'KnowledgeDocumentFailedEvent' }),
  'knowledge.sync.completed': envelope(
    'knowledge.sync.completed',
    SyncRunSchema.extend({ tenant_id: z.string() }),
    'A sync run finished (succeeded or failed), with its counts.',
  ).meta({ id: 'KnowledgeSyncCompletedEvent' }),
  'agent.updated': envelope(
    'agent.updated',
    z.object({ tenant_id: z.string(), agent_id: z.string(), name: z.string(), version: z.int().min(2), updated_at: z.iso.datetime() }),
    'An AI agent\'s configuration was replaced; `version` is the new one.',
  ).meta({ id: 'AgentUpdatedEvent' }),
  'research_order.updated': envelope(
    'research_order.updated',
    z.object({
      key_id: z.string(),
      previous_status: z.enum(ORDER_STATUSES).nullable().meta({ description: 'The status it left; null when the order was just placed (`requested`).' }),
      order: OrderSchema,
    }),
    'A research order of the API key changed status: placed (requested), accepted, declined, cancelled or delivered; `order` is the order as GET …/research-orders/{order_id} shows it.',
  ).meta({ id: 'ResearchOrderUpdatedEvent' }),
} as const;

/** The event types an owner may subscribe to, in the documented order, with their payloads' descriptions. */
export const eventTypeList = (types: readonly EventType[]): z.infer<typeof WebhookEventTypeListSchema> => ({
  data: types.map((type) => ({ type, description: EVENT_PAYLOAD_SCHEMAS[type].description ?? type })),
});

/**
 * Each event type's schema carries exactly the payload its area builds (`EventPayloads`), and
 * every event type has one: a payload field added in core and not here, or a new event type
 * without a schema, fails `npm run typecheck` (issue 29).
 */
/** Fails to compile when an event type has no payload (an area forgot its entry in `EventPayloads`). */
export type EveryEventTypeHasAPayload = CompletePayloads<EventPayloads>;
type PayloadSchemaMismatch = {
  [T in EventType]: Same<Flat<z.output<(typeof EVENT_PAYLOAD_SCHEMAS)[T]>>, Flat<{ id: string; type: T; created_at: string; data: EventPayloads[T] }>> extends true ? never : T;
}[EventType];
/** `true` when every schema matches; otherwise the compiler names the event types that do not. */
export const EVERY_PAYLOAD_SCHEMA_MATCHES_ITS_EVENT: [PayloadSchemaMismatch] extends [never] ? true : PayloadSchemaMismatch = true;
