import type { Context } from 'koa';
import type { EventOwner } from '../../../core/events/event.model.js';
import { keySubscriber } from '../../../core/attestation/caller.js';
import { tenantSubscriber } from '../../../core/events/use-cases/webhook-subscriptions.js';
import type { WebhookContracts, WebhookParams } from '../contracts/webhooks.contracts.js';
import { eventTypeList } from '../../shared/schemas/webhooks.schemas.js';
import { callerOf } from '../middleware/api-key.js';
import { principalOf } from '../middleware/bearer-auth.js';
import type { HttpServices } from '../http-deps.js';
import type { HandlerOf, HandlersOf } from '../route-contract.js';

/** Whose subscriptions a scope's routes manage. */
interface WebhookOwnership {
  owner(ctx: Context, params: WebhookParams): EventOwner;
  /** A concrete collection URL, for Location headers. */
  collectionUrl(params: WebhookParams): string;
}

const TENANT_OWNERSHIP: WebhookOwnership = {
  owner: (ctx, params) => tenantSubscriber(principalOf(ctx), params.tenant_id ?? ''),
  collectionUrl: (params) => `/api/v1/tenants/${encodeURIComponent(params.tenant_id ?? '')}/webhooks`,
};

const KEY_OWNERSHIP: WebhookOwnership = {
  owner: (ctx) => keySubscriber(callerOf(ctx)),
  collectionUrl: () => '/api/v1/verify/webhooks',
};

/** The operations of either scope, as the scope's contracts name them without the scope. */
type ScopedHandlers = { [K in keyof WebhookContracts]: HandlerOf<WebhookContracts[K]> };

function scopedHandlers(deps: Pick<HttpServices, 'webhookSubscriptions'>, s: WebhookOwnership): ScopedHandlers {
  return {
    createWebhook: async (ctx, { params, body }) => {
      const created = await deps.webhookSubscriptions.create(s.owner(ctx, params), body);
      ctx.status = 201;
      ctx.set('Location', `${s.collectionUrl(params)}/${created.subscription_id}`);
      ctx.body = created;
    },
    listWebhooks: async (ctx, { params, query }) => {
      ctx.body = await deps.webhookSubscriptions.list(s.owner(ctx, params), query);
    },
    listWebhookEventTypes: async (ctx, { params }) => {
      ctx.body = eventTypeList(deps.webhookSubscriptions.eventTypes(s.owner(ctx, params)));
    },
    getWebhook: async (ctx, { params }) => {
      ctx.body = await deps.webhookSubscriptions.get(s.owner(ctx, params), params.webhook_id ?? '');
    },
    deleteWebhook: async (ctx, { params }) => {
      await deps.webhookSubscriptions.delete(s.owner(ctx, params), params.webhook_id ?? '');
      ctx.status = 204;
    },
    rotateWebhookSecret: async (ctx, { params }) => {
      ctx.body = await deps.webhookSubscriptions.rotateSecret(s.owner(ctx, params), params.webhook_id ?? '');
    },
    enableWebhook: async (ctx, { params }) => {
      ctx.body = await deps.webhookSubscriptions.enable(s.owner(ctx, params), params.webhook_id ?? '');
    },
    listWebhookDeliveries: async (ctx, { params, query }) => {
      ctx.body = await deps.webhookSubscriptions.deliveries(s.owner(ctx, params), params.webhook_id ?? '', query);
    },
    retryWebhookDelivery: async (ctx, { params }) => {
      ctx.status = 202;
      ctx.body = await deps.webhookSubscriptions.redeliver(s.owner(ctx, params), params.webhook_id ?? '', params.delivery_id ?? '');
    },
  };
}

/** `/api/v1/tenants/{tenant_id}/webhooks…` (admin token). */
export function tenantWebhookHandlers(deps: Pick<HttpServices, 'webhookSubscriptions'>): HandlersOf<WebhookContracts<'Tenant'>> {
  const h = scopedHandlers(deps, TENANT_OWNERSHIP);
  return {
    createTenantWebhook: h.createWebhook,
    listTenantWebhooks: h.listWebhooks,
    listTenantWebhookEventTypes: h.listWebhookEventTypes,
    getTenantWebhook: h.getWebhook,
    deleteTenantWebhook: h.deleteWebhook,
    rotateTenantWebhookSecret: h.rotateWebhookSecret,
    enableTenantWebhook: h.enableWebhook,
    listTenantWebhookDeliveries: h.listWebhookDeliveries,
    retryTenantWebhookDelivery: h.retryWebhookDelivery,
  };
}

/** `/api/v1/verify/webhooks…` (production API key). */
export function keyWebhookHandlers(deps: Pick<HttpServices, 'webhookSubscriptions'>): HandlersOf<WebhookContracts<'Key'>> {
  const h = scopedHandlers(deps, KEY_OWNERSHIP);
  return {
    createKeyWebhook: h.createWebhook,
    listKeyWebhooks: h.listWebhooks,
    listKeyWebhookEventTypes: h.listWebhookEventTypes,
    getKeyWebhook: h.getWebhook,
    deleteKeyWebhook: h.deleteWebhook,
    rotateKeyWebhookSecret: h.rotateWebhookSecret,
    enableKeyWebhook: h.enableWebhook,
    listKeyWebhookDeliveries: h.listWebhookDeliveries,
    retryKeyWebhookDelivery: h.retryWebhookDelivery,
  };
}
