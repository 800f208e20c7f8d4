import type { ZodObject } from 'zod';
import type { z } from 'zod';
import {
  DeliveryListSchema,
  DeliverySchema,
  KeyDeliveryParamsSchema,
  KeyWebhookParamsSchema,
  NewWebhookSchema,
  TenantDeliveryParamsSchema,
  TenantWebhookParamsSchema,
  TenantWebhooksParamsSchema,
  WebhookEventTypeListSchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '../../shared/schemas/webhooks.schemas.js';
import { PageQuerySchema } from '../../shared/schemas/page.schemas.js';
import type { RateLimitPolicyName } from '../rate-limit/policy-names.js';
import { type ApiTag, contract, type ResponseSpec, type Security } from '../route-contract.js';
import { problem, TENANT_LIMITS, VERIFY_LIMITS } from './shared.js';

/** Path parameters of every webhook route of either scope (the tenant's only on tenant paths). */
export type WebhookParams = Partial<z.infer<typeof TenantDeliveryParamsSchema>> & Partial<z.infer<typeof KeyDeliveryParamsSchema>>;

/** A scope's path-parameter schema: an object whose output is some of `WebhookParams`. */
type ScopeParams = ZodObject & z.ZodType<WebhookParams>;

/** Where a set of webhook routes lives: the same operations under a tenant path or a key. */
interface WebhookScope<N extends string> {
  /** OpenAPI path of the collection. */
  base: string;
  /** operationId infix: `Tenant` or `Key`. */
  name: N;
  tag: ApiTag;
  security: Security;
  limits: readonly RateLimitPolicyName[];
  params: { collection?: ScopeParams; one: ScopeParams; delivery: ScopeParams };
  errors: Record<number, ResponseSpec>;
}

const TENANT_SCOPE: WebhookScope<'Tenant'> = {
  base: '/api/v1/tenants/{tenant_id}/webhooks',
  name: 'Tenant',
  tag: 'Webhooks',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: { collection: TenantWebhooksParamsSchema, one: TenantWebhookParamsSchema, delivery: TenantDeliveryParamsSchema },
  errors: {
    401: problem('Missing, malformed, expired or forged access token.'),
    403: problem('Another tenant\'s path, or a member (webhooks need the admin role).'),
    429: problem('The tenant\'s budget of requests is spent; see `Retry-After`.'),
  },
};

const KEY_SCOPE: WebhookScope<'Key'> = {
  base: '/api/v1/verify/webhooks',
  name: 'Key',
  tag: 'Attestation webhooks',
  security: 'apiKey',
  limits: VERIFY_LIMITS,
  params: { one: KeyWebhookParamsSchema, delivery: KeyDeliveryParamsSchema },
  errors: {
    401: problem('No API key, or an unknown or revoked one: webhooks belong to a production key.'),
    429: problem('The key\'s budget is spent; see `Retry-After`.'),
  },
};

const DELIVERY_NOTE =
  'Delivery is at least once and in no promised order: an event may arrive twice (de-duplicate on `webhook-id`) and a later event may arrive first.';

/** The webhook operations of one scope, in the order the router tries them. */
function scopedContracts<N extends string>(s: WebhookScope<N>) {
  const one = `${s.base}/{webhook_id}`;
  const notFound = { 404: problem('No such webhook subscription (of this owner).') };
  return {
    createWebhook: contract({
      method: 'post',
      path: s.base,
      operationId: `create${s.name}Webhook`,
      summary: 'Subscribe a URL to events',
      description:
        'Events are POSTed as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>` over ' +
        '`id.timestamp.body`). The `secret` is shown in this response only; rotate it to get a new one. ' +
        DELIVERY_NOTE,
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.collection,
      body: NewWebhookSchema,
      responses: {
        201: { description: 'The subscription, with its secret (shown once).', schema: WebhookWithSecretSchema, headers: { Location: 'The subscription\'s URL.' } },
        400: problem('Invalid body, an unknown event type, or a refused URL (scheme, private or link-local address after resolution); `errors` names each.'),
        ...s.errors,
        409: problem('The owner has the maximum number of subscriptions.'),
        413: problem('Body over 1 MiB.'),
        415: problem('Body is not application/json.'),
      },
    }),
    listWebhooks: contract({
      method: 'get',
      path: s.base,
      operationId: `list${s.name}Webhooks`,
      summary: 'List webhook subscriptions',
      description: 'Oldest first, cursor-paginated. Secrets are never shown here.',
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.collection,
      query: PageQuerySchema,
      responses: { 200: { description: 'One page of subscriptions.', schema: WebhookListSchema }, 400: problem('Invalid limit or cursor.'), ...s.errors },
    }),
    listWebhookEventTypes: contract({
      method: 'get',
      path: `${s.base}/event-types`,
      operationId: `list${s.name}WebhookEventTypes`,
      summary: 'The event types one may subscribe to',
      description: 'The event types a subscription of this owner may name in `events`, each with what it announces; their payloads are in the `webhooks` section.',
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.collection,
      responses: { 200: { description: 'The event types, in the documented order.', schema: WebhookEventTypeListSchema }, ...s.errors },
    }),
    getWebhook: contract({
      method: 'get',
      path: one,
      operationId: `get${s.name}Webhook`,
      summary: 'Read a webhook subscription',
      description: 'The subscription: its URL, event types, whether it is enabled, and when it was last delivered to; never its secret.',
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.one,
      responses: { 200: { description: 'The subscription.', schema: WebhookSchema }, ...s.errors, ...notFound },
    }),
    deleteWebhook: contract({
      method: 'delete',
      path: one,
      operationId: `delete${s.name}Webhook`,
      summary: 'Delete a webhook subscription',
      description: 'With its delivery log; pending deliveries are not sent.',
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.one,
      responses: { 204: { description: 'Deleted.' }, ...s.errors, ...notFound },
    }),
    rotateWebhookSecret: contract({
      method: 'post',
      path: `${one}/rotate-secret`,
      operationId: `rotate${s.name}WebhookSecret`,
      summary: 'Rotate the signing secret',
      description:
        'Returns a new secret (shown this once). For 24 hours the old secret keeps signing too: `webhook-signature` then carries one ' +
        '`v1,` signature per secret, so receivers switch without losing a delivery.',
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.one,
      responses: { 200: { description: 'The subscription with its new secret.', schema: WebhookWithSecretSchema }, ...s.errors, ...notFound },
    }),
    enableWebhook: contract({
      method: 'post',
      path: `${one}/enable`,
      operationId: `enable${s.name}Webhook`,
      summary: 'Enable a subscription again',
      description: 'After it was disabled because every delivery failed for days. Deliveries failed meanwhile can be retried one by one.',
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.one,
      responses: { 200: { description: 'The subscription, enabled.', schema: WebhookSchema }, ...s.errors, ...notFound },
    }),
    listWebhookDeliveries: contract({
      method: 'get',
      path: `${one}/deliveries`,
      operationId: `list${s.name}WebhookDeliveries`,
      summary: 'The delivery log',
      description: 'Newest first, cursor-paginated: each event sent to the subscription, its state and every attempt (status code, latency, error).',
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.one,
      query: PageQuerySchema,
      responses: { 200: { description: 'One page of deliveries.', schema: DeliveryListSchema }, 400: problem('Invalid limit or cursor.'), ...s.errors, ...notFound },
    }),
    retryWebhookDelivery: contract({
      method: 'post',
      path: `${one}/deliveries/{delivery_id}/retry`,
      operationId: `retry${s.name}WebhookDelivery`,
      summary: 'Send a delivery again',
      description: 'Whatever its state: it becomes pending, due now, with a fresh retry window. The receiver gets the same `webhook-id`.',
      tag: s.tag,
      security: s.security,
      limits: s.limits,
      params: s.params.delivery,
      responses: { 202: { description: 'The delivery, pending.', schema: DeliverySchema }, ...s.errors, 404: problem('No such subscription or delivery.') },
    }),
  };
}

/** The webhook contracts of a scope; their operation ids name the scope (`createTenantWebhook`). */
export type WebhookContracts<N extends string = string> = ReturnType<typeof scopedContracts<N>>;

/** `/api/v1/tenants/{tenant_id}/webhooks…` (admin token). */
export const TENANT_WEBHOOKS = scopedContracts(TENANT_SCOPE);

/** `/api/v1/verify/webhooks…` (production API key). */
export const KEY_WEBHOOKS = scopedContracts(KEY_SCOPE);
