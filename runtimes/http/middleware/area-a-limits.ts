import type { Middleware } from 'koa';
import type { Config } from '../../shared/config.js';
import { principalOf } from './bearer-auth.js';
import { rateLimit, type RateLimiting } from './rate-limit.js';

type Limits = Pick<Config['limits'], 'tenantPerMinute' | 'uploadPerMinute' | 'agentsPerMinute'>;

/** `POST /api/v1/tenants/{tenant_id}/knowledge`: the upload, whatever the body. */
const UPLOAD_PATH = /^\/api\/v1\/tenants\/[^/]+\/knowledge\/?$/;

/**
 * Every `/api/v1/tenants/{id}/...` route (calls and knowledge alike): one budget per tenant
 * (the token's tenant, so that a caller cannot spend another tenant's budget), and uploads a
 * second, smaller budget on top. Place after bearer auth and before the tenancy check and any
 * body parsing: a refused request reads no body and stores nothing. Fail open on a store outage.
 */
export function tenantLimits(limits: Limits, limiting: RateLimiting): Middleware[] {
  const tenant = rateLimit(
    (ctx) => ({ policy: 'tenant-api', max: limits.tenantPerMinute, id: `tenant:${principalOf(ctx).tenant_id}` }),
    limiting,
    'open',
  );
  const upload = rateLimit(
    (ctx) =>
      ctx.method === 'POST' && UPLOAD_PATH.test(ctx.path)
        ? { policy: 'tenant-upload', max: limits.uploadPerMinute, id: `upload:${principalOf(ctx).tenant_id}` }
        : null,
    limiting,
    'open',
  );
  return [tenant, upload];
}

/**
 * `/ai-agents...` and `/workspace`: one budget per client IP (the socket address, or the
 * forwarded one with TRUST_PROXY), shared by both route groups. Place first in the groups'
 * middleware, before bearer auth: floods are cut off before any work. Fail open.
 * Build it once and give the same middleware to both groups (the budget lives in the store,
 * so two instances would also share it, but one keeps the limiter cache single).
 */
export function agentsLimit(limits: Limits, limiting: RateLimiting): Middleware {
  return rateLimit((ctx) => ({ policy: 'agents-ip', max: limits.agentsPerMinute, id: `agents:ip:${ctx.ip}` }), limiting, 'open');
}
