import type { Context, Middleware, Next } from 'koa';
import { DomainError } from '../../../core/shared/errors.js';
import { normaliseEmail } from '../../../core/tenancy/tenancy.model.js';
import { jsonBody } from './json-body.js';
import { rateLimit } from './rate-limit.js';

export interface LoginLimits {
  loginIpPerMinute: number;
  loginEmailPerMinute: number;
}

const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'] as const;
type Snapshot = Record<(typeof LIMIT_HEADERS)[number], string>;

const snapshot = (ctx: Context): Snapshot =>
  Object.fromEntries(LIMIT_HEADERS.map((h) => [h, ctx.response.get(h)])) as Snapshot;

/**
 * Two budgets on `POST /auth/login`, both through the koa-ratelimit wrapper: per client IP
 * (before the body is read) and per email (once it is). A request spends one unit of each.
 * The X-RateLimit-* headers report the tighter budget; the IETF draft headers list both.
 */
export function loginLimits(limits: LoginLimits): Middleware[] {
  const byIp = rateLimit((ctx) => ({ policy: 'login-ip', max: limits.loginIpPerMinute, id: `login:ip:${ctx.ip}` }));
  const byEmail = rateLimit((ctx) => ({ policy: 'login-email', max: limits.loginEmailPerMinute, id: `login:email:${ctx.state.loginEmail}` }));

  async function rememberIpBudget(ctx: Context, next: Next): Promise<void> {
    ctx.state.loginIpBudget = snapshot(ctx);
    await next();
  }

  async function emailBudget(ctx: Context, next: Next): Promise<void> {
    const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
    if (typeof email !== 'string' || email.trim() === '') return next(); // a 400 follows; the IP budget applies
    ctx.state.loginEmail = normaliseEmail(email).slice(0, 254);
    let refused = false;
    try {
      await byEmail(ctx, next);
    } catch (err) {
      const e = err as { status?: number; message?: string; headers?: Record<string, string | number> };
      if (e.status !== 429) throw err;
      // Refused by the email budget: its headers go out as they are. Raised as a domain error,
      // so that the IP limiter around this one does not relabel the refusal as its own.
      refused = true;
      for (const [name, value] of Object.entries(e.headers ?? {})) ctx.set(name, String(value));
      throw new DomainError('RATE_LIMITED', e.message ?? 'Too many login attempts for this email.');
    } finally {
      if (!refused) mergeHeaders(ctx, ctx.state.loginIpBudget as Snapshot, snapshot(ctx));
    }
  }

  return [byIp, rememberIpBudget, jsonBody, emailBudget];
}

function mergeHeaders(ctx: Context, ip: Snapshot, email: Snapshot): void {
  if (!ip || !email.RateLimit) return;
  const tighter = Number(ip['X-RateLimit-Remaining']) < Number(email['X-RateLimit-Remaining']) ? ip : email;
  for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const) ctx.set(h, tighter[h]);
  ctx.set('RateLimit-Policy', `${ip['RateLimit-Policy']}, ${email['RateLimit-Policy']}`);
  ctx.set('RateLimit', `${ip.RateLimit}, ${email.RateLimit}`);
}
