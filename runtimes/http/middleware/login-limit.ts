import type { Context, Middleware } from 'koa';
import { normaliseEmail } from '../../../core/tenancy/tenancy.model.js';
import { jsonBody } from './json-body.js';
import { rateLimit, type RateLimiting } from './rate-limit.js';

export interface LoginLimits {
  loginIpPerMinute: number;
  loginEmailPerMinute: number;
}

/**
 * Two budgets on `POST /auth/login`, both through the koa-ratelimit wrapper: per client IP
 * (before the body is read) and per email (once it is). A request spends one unit of each.
 * The X-RateLimit-* headers report the tighter budget; the IETF draft headers list both.
 * Both fail closed on a store outage (503): a per-instance fallback would multiply the
 * brute-force budget by the number of instances (docs/decisions/0010-rate-limits.md).
 */
export function loginLimits(limits: LoginLimits, limiting: RateLimiting): Middleware[] {
  const byIp = rateLimit((ctx) => ({ policy: 'login-ip', max: limits.loginIpPerMinute, id: `login:ip:${ctx.ip}` }), limiting, 'closed');
  const byEmail = rateLimit(
    (ctx: Context) => {
      const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
      if (typeof email !== 'string' || email.trim() === '') return null; // a 400 follows; the IP budget applies
      return { policy: 'login-email', max: limits.loginEmailPerMinute, id: `login:email:${normaliseEmail(email).slice(0, 254)}` };
    },
    limiting,
    'closed',
  );
  return [byIp, jsonBody, byEmail];
}
