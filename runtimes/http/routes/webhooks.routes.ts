import type { Context } from 'koa';
import type { EventOwner } from '../../../core/events/event.model.js';
import { keySubscriber } from '../../../core/attestation/caller.js';
import { tenantSubscriber, type WebhookSubscriptions } from '../../../core/events/use-cases/webhook-subscriptions.js';
import { KEY_WEBHOOKS, TENANT_WEBHOOKS, type WebhookContracts, type WebhookParams } from '../contracts/webhooks.contracts.js';
import { callerOf } from '../middleware/api-key.js';
import { principalOf } from '../middleware/bearer-auth.js';
import { implement, type Route } from '../route-contract.js';

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

function scopedRoutes(deps: { subscriptions: WebhookSubscriptions }, c: WebhookContracts, s: WebhookOwnership): Route[] {
  return [
    implement(c.createWebhook, async (ctx, { params, body }) => {
      const created = await deps.subscriptions.create(s.owner(ctx, params), body);
      ctx.status = 201;
      ctx.set('Location', `${s.collectionUrl(params)}/${created.subscription_id}`);
      ctx.body = created;
    }),
    implement(c.listWebhooks, async (ctx, { params, query }) => {
      ctx.body = await deps.subscriptions.list(s.owner(ctx, params), query);
    }),
    implement(c.getWebhook, async (ctx, { params }) => {
      ctx.body = await deps.subscriptions.get(s.owner(ctx, params), params.webhook_id ?? '');
    }),
    implement(c.deleteWebhook, async (ctx, { params }) => {
      await deps.subscriptions.delete(s.owner(ctx, params), params.webhook_id ?? '');
      ctx.status = 204;
    }),
    implement(c.rotateWebhookSecret, async (ctx, { params }) => {
      ctx.body = await deps.subscriptions.rotateSecret(s.owner(ctx, params), params.webhook_id ?? '');
    }),
    implement(c.enableWebhook, async (ctx, { params }) => {
      ctx.body = await deps.subscriptions.enable(s.owner(ctx, params), params.webhook_id ?? '');
    }),
    implement(c.listWebhookDeliveries, async (ctx, { params, query }) => {
      ctx.body = await deps.subscriptions.deliveries(s.owner(ctx, params), params.webhook_id ?? '', query);
    }),
    implement(c.retryWebhookDelivery, async (ctx, { params }) => {
      ctx.status = 202;
      ctx.body = await deps.subscriptions.redeliver(s.owner(ctx, params), params.webhook_id ?? '', params.delivery_id ?? '');
    }),
  ];
}

/** `/api/v1/tenants/{tenant_id}/webhooks…` (admin token). */
export const tenantWebhookRoutes = (deps: { subscriptions: WebhookSubscriptions }): Route[] => scopedRoutes(deps, TENANT_WEBHOOKS, TENANT_OWNERSHIP);

/** `/api/v1/verify/webhooks…` (production API key). */
export const keyWebhookRoutes = (deps: { subscriptions: WebhookSubscriptions }): Route[] => scopedRoutes(deps, KEY_WEBHOOKS, KEY_OWNERSHIP);
