import type { Context } from 'koa';
import type { ZodObject } from 'zod';
import type { z } from 'zod';
import type { EventOwner } from '../../../core/events/event.model.js';
import { keySubscriber, tenantSubscriber, type WebhookSubscriptions } from '../../../core/events/use-cases/webhook-subscriptions.js';
import { ProblemSchema } from '../../shared/problem.schemas.js';
import {
  DeliveryListSchema,
  DeliverySchema,
  KeyDeliveryParamsSchema,
  KeyWebhookParamsSchema,
  type NewWebhook,
  NewWebhookSchema,
  TenantDeliveryParamsSchema,
  TenantWebhookParamsSchema,
  TenantWebhooksParamsSchema,
  WebhookListSchema,
  type WebhookPageQuery,
  WebhookPageQuerySchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '../../shared/webhooks.schemas.js';
import { principalOf } from '../middleware/bearer-auth.js';
import { defineRoute, type ResponseSpec, type RouteSpec, type Security } from '../route-spec.js';
import { callerOf } from './attestation.routes.js';

const problem = (description: string): ResponseSpec => ({ description, schema: ProblemSchema });

/** Path parameters of every webhook route of either scope (the tenant's only on tenant paths). */
type WebhookParams = Partial<z.infer<typeof TenantDeliveryParamsSchema>> & Partial<z.infer<typeof KeyDeliveryParamsSchema>>;

/** A scope's path-parameter schema: an object whose output is some of `WebhookParams`. */
type ScopeParams = ZodObject & z.ZodType<WebhookParams>;

/** Where a set of webhook routes lives and whose subscriptions it manages. */
interface WebhookScope {
  /** OpenAPI path of the collection. */
  base: string;
  /** operationId infix: `Tenant` or `Key`. */
  name: string;
  tag: string;
  security: Security;
  params: { collection?: ScopeParams; one: ScopeParams; delivery: ScopeParams };
  owner(ctx: Context, params: WebhookParams): EventOwner;
  /** A concrete collection URL, for Location headers. */
  collectionUrl(params: WebhookParams): string;
  errors: Record<number, ResponseSpec>;
}

const TENANT_SCOPE: WebhookScope = {
  base: '/api/v1/tenants/{tenant_id}/webhooks',
  name: 'Tenant',
  tag: 'Webhooks',
  security: 'bearer',
  params: { collection: TenantWebhooksParamsSchema, one: TenantWebhookParamsSchema, delivery: TenantDeliveryParamsSchema },
  owner: (ctx, params) => tenantSubscriber(principalOf(ctx), params.tenant_id ?? ''),
  collectionUrl: (params) => `/api/v1/tenants/${encodeURIComponent(params.tenant_id ?? '')}/webhooks`,
  errors: {
    401: problem('Missing, malformed, expired or forged access token.'),
    403: problem('Another tenant\'s path, or a member (webhooks need the admin role).'),
    429: problem('The tenant\'s budget of requests is spent; see `Retry-After`.'),
  },
};

const KEY_SCOPE: WebhookScope = {
  base: '/api/v1/verify/webhooks',
  name: 'Key',
  tag: 'Attestation webhooks',
  security: 'apiKey',
  params: { one: KeyWebhookParamsSchema, delivery: KeyDeliveryParamsSchema },
  owner: (ctx) => keySubscriber(callerOf(ctx)),
  collectionUrl: () => '/api/v1/verify/webhooks',
  errors: {
    401: problem('No API key, or an unknown or revoked one: webhooks belong to a production key.'),
    429: problem('The key\'s budget is spent; see `Retry-After`.'),
  },
};

const DELIVERY_NOTE =
  'Delivery is at least once and in no promised order: an event may arrive twice (de-duplicate on `webhook-id`) and a later event may arrive first.';

function scopedRoutes(deps: { subscriptions: WebhookSubscriptions }, s: WebhookScope): RouteSpec[] {
  const one = `${s.base}/{webhook_id}`;
  const notFound = { 404: problem('No such webhook subscription (of this owner).') };
  return [
    defineRoute({
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
      rateLimited: true,
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
      handler: async (ctx, { params, body }) => {
        const created = await deps.subscriptions.create(s.owner(ctx, params), body);
        ctx.status = 201;
        ctx.set('Location', `${s.collectionUrl(params)}/${created.subscription_id}`);
        ctx.body = created;
      },
    }),
    defineRoute({
      method: 'get',
      path: s.base,
      operationId: `list${s.name}Webhooks`,
      summary: 'List webhook subscriptions',
      description: 'Oldest first, cursor-paginated. Secrets are never shown here.',
      tag: s.tag,
      security: s.security,
      rateLimited: true,
      params: s.params.collection,
      query: WebhookPageQuerySchema,
      responses: { 200: { description: 'One page of subscriptions.', schema: WebhookListSchema }, 400: problem('Invalid limit or cursor.'), ...s.errors },
      handler: async (ctx, { params, query }) => {
        ctx.body = await deps.subscriptions.list(s.owner(ctx, params), query);
      },
    }),
    defineRoute({
      method: 'get',
      path: one,
      operationId: `get${s.name}Webhook`,
      summary: 'Read a webhook subscription',
      tag: s.tag,
      security: s.security,
      rateLimited: true,
      params: s.params.one,
      responses: { 200: { description: 'The subscription.', schema: WebhookSchema }, ...s.errors, ...notFound },
      handler: async (ctx, { params }) => {
        ctx.body = await deps.subscriptions.get(s.owner(ctx, params), params.webhook_id ?? '');
      },
    }),
    defineRoute({
      method: 'delete',
      path: one,
      operationId: `delete${s.name}Webhook`,
      summary: 'Delete a webhook subscription',
      description: 'With its delivery log; pending deliveries are not sent.',
      tag: s.tag,
      security: s.security,
      rateLimited: true,
      params: s.params.one,
      responses: { 204: { description: 'Deleted.' }, ...s.errors, ...notFound },
      handler: async (ctx, { params }) => {
        await deps.subscriptions.delete(s.owner(ctx, params), params.webhook_id ?? '');
        ctx.status = 204;
      },
    }),
    defineRoute({
      method: 'post',
      path: `${one}/rotate-secret`,
      operationId: `rotate${s.name}WebhookSecret`,
      summary: 'Rotate the signing secret',
      description:
        'Returns a new secret (shown this once). For 24 hours the old secret keeps signing too: `webhook-signature` then carries one ' +
        '`v1,` signature per secret, so receivers switch without losing a delivery.',
      tag: s.tag,
      security: s.security,
      rateLimited: true,
      params: s.params.one,
      responses: { 200: { description: 'The subscription with its new secret.', schema: WebhookWithSecretSchema }, ...s.errors, ...notFound },
      handler: async (ctx, { params }) => {
        ctx.body = await deps.subscriptions.rotateSecret(s.owner(ctx, params), params.webhook_id ?? '');
      },
    }),
    defineRoute({
      method: 'post',
      path: `${one}/enable`,
      operationId: `enable${s.name}Webhook`,
      summary: 'Enable a subscription again',
      description: 'After it was disabled because every delivery failed for days. Deliveries failed meanwhile can be retried one by one.',
      tag: s.tag,
      security: s.security,
      rateLimited: true,
      params: s.params.one,
      responses: { 200: { description: 'The subscription, enabled.', schema: WebhookSchema }, ...s.errors, ...notFound },
      handler: async (ctx, { params }) => {
        ctx.body = await deps.subscriptions.enable(s.owner(ctx, params), params.webhook_id ?? '');
      },
    }),
    defineRoute({
      method: 'get',
      path: `${one}/deliveries`,
      operationId: `list${s.name}WebhookDeliveries`,
      summary: 'The delivery log',
      description: 'Newest first, cursor-paginated: each event sent to the subscription, its state and every attempt (status code, latency, error).',
      tag: s.tag,
      security: s.security,
      rateLimited: true,
      params: s.params.one,
      query: WebhookPageQuerySchema,
      responses: { 200: { description: 'One page of deliveries.', schema: DeliveryListSchema }, 400: problem('Invalid limit or cursor.'), ...s.errors, ...notFound },
      handler: async (ctx, { params, query }) => {
        ctx.body = await deps.subscriptions.deliveries(s.owner(ctx, params), params.webhook_id ?? '', query);
      },
    }),
    defineRoute({
      method: 'post',
      path: `${one}/deliveries/{delivery_id}/retry`,
      operationId: `retry${s.name}WebhookDelivery`,
      summary: 'Send a delivery again',
      description: 'Whatever its state: it becomes pending, due now, with a fresh retry window. The receiver gets the same `webhook-id`.',
      tag: s.tag,
      security: s.security,
      rateLimited: true,
      params: s.params.delivery,
      responses: { 202: { description: 'The delivery, pending.', schema: DeliverySchema }, ...s.errors, 404: problem('No such subscription or delivery.') },
      handler: async (ctx, { params }) => {
        ctx.status = 202;
        ctx.body = await deps.subscriptions.redeliver(s.owner(ctx, params), params.webhook_id ?? '', params.delivery_id ?? '');
      },
    }),
  ];
}

/** `/api/v1/tenants/{tenant_id}/webhooks…` (admin token). */
export const tenantWebhookRoutes = (deps: { subscriptions: WebhookSubscriptions }): RouteSpec[] => scopedRoutes(deps, TENANT_SCOPE);

/** `/api/v1/verify/webhooks…` (production API key). */
export const keyWebhookRoutes = (deps: { subscriptions: WebhookSubscriptions }): RouteSpec[] => scopedRoutes(deps, KEY_SCOPE);
