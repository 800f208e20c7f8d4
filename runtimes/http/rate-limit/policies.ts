import type { Context } from 'koa';
import { normaliseEmail } from '../../../core/tenancy/tenancy.model.js';
import type { Config } from '../../shared/settings/config.js';
import { callerOf } from '../middleware/api-key.js';
import { principalOf } from '../middleware/bearer-auth.js';
import type { RateLimitPolicyName } from './policy-names.js';

/**
 * When in a route's chain a policy can count the request:
 * - `client`: first, before authentication (keyed by client IP: floods are cut off before any work);
 * - `caller`: after authentication (keyed by the token's tenant or the API key), before the
 *   tenancy rule and any body is read: a refused request reads no body and stores nothing;
 * - `body`: after the JSON body is parsed (keyed by a field of it).
 */
export type LimitStage = 'client' | 'caller' | 'body';

export type Limits = Config['limits'];

export interface RateLimitPolicy {
  name: RateLimitPolicyName;
  stage: LimitStage;
  /** Fail-open budgets count per instance during a Redis outage; fail-closed ones answer 503. */
  whenStoreDown: 'open' | 'closed';
  /** Whose budget the request spends, or null when the policy does not apply to it. */
  subject(ctx: Context): string | null;
  /** The budget's size for this request (a production key may carry its own). */
  limit(ctx: Context, limits: Limits): number;
}

const clientIp = (ctx: Context) => ctx.ip;
// The token's tenant: a caller cannot spend another tenant's budget.
const tokenTenant = (ctx: Context) => principalOf(ctx).tenant_id;
const configured = (setting: Exclude<keyof Limits, 'windowMs'>) => (_ctx: Context, limits: Limits) => limits[setting];

const policy = (name: RateLimitPolicyName, stage: LimitStage, whenStoreDown: 'open' | 'closed', subject: RateLimitPolicy['subject'], limit: RateLimitPolicy['limit']): RateLimitPolicy => ({
  name,
  stage,
  whenStoreDown,
  subject,
  limit,
});

/** A production key's own allowance; the sandbox (everyone else) by client IP. */
const productionKey = (ctx: Context) => {
  const caller = callerOf(ctx);
  return caller.tier === 'production' ? caller : null;
};

/** An email in the login body (normalised), or null: a 400 follows, the IP budget was spent already. */
function loginEmail(ctx: Context): string | null {
  const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
  return typeof email === 'string' && email.trim() !== '' ? normaliseEmail(email).slice(0, 254) : null;
}

/** Every policy of CONTRACT section 6, by the name route contracts declare. */
export const POLICIES: Record<RateLimitPolicyName, RateLimitPolicy> = {
  'verify-key': policy('verify-key', 'caller', 'open', (ctx) => productionKey(ctx)?.key_id ?? null, (ctx) => productionKey(ctx)?.per_minute ?? 0),
  'verify-sandbox': policy('verify-sandbox', 'caller', 'open', (ctx) => (productionKey(ctx) ? null : ctx.ip), configured('verifySandboxPerMinute')),
  'tenant-api': policy('tenant-api', 'caller', 'open', tokenTenant, configured('tenantPerMinute')),
  'tenant-upload': policy('tenant-upload', 'caller', 'open', tokenTenant, configured('uploadPerMinute')),
  'agents-ip': policy('agents-ip', 'client', 'open', clientIp, configured('agentsPerMinute')),
  'login-ip': policy('login-ip', 'client', 'closed', clientIp, configured('loginIpPerMinute')),
  'login-email': policy('login-email', 'body', 'closed', loginEmail, configured('loginEmailPerMinute')),
};
