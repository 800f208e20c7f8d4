import type { Context, Middleware, Next } from 'koa';
import ratelimit from 'koa-ratelimit';

export interface LimitRule {
  /** Policy name shown in the IETF `RateLimit-Policy` header. */
  policy: string;
  max: number;
  /** Budget key, e.g. `ip:1.2.3.4` or `key:key_abc`. */
  id: string;
}

const WINDOW_MS = 60_000;

/**
 * koa-ratelimit is the one mechanism. Its memory driver takes `max` per instance, so one
 * limiter is kept per distinct limit value, all sharing one store. The IETF draft headers
 * (`RateLimit-Policy`, `RateLimit`) are derived from the X-RateLimit ones it sets.
 */
export function rateLimit(ruleFor: (ctx: Context) => LimitRule, store: Map<string, unknown> = new Map()): Middleware {
  const limiters = new Map<number, Middleware>();
  const limiterFor = (max: number): Middleware => {
    let limiter = limiters.get(max);
    if (!limiter) {
      limiter = ratelimit({
        driver: 'memory',
        db: store,
        duration: WINDOW_MS,
        max,
        id: (ctx: Context) => (ctx.state.rateLimit as LimitRule).id,
        throw: true,
        errorMessage: `Rate limit of ${max} requests per minute exceeded.`,
      }) as unknown as Middleware;
      limiters.set(max, limiter);
    }
    return limiter;
  };

  const sweep = setInterval(() => {
    const now = Date.now() / 1000;
    for (const [key, entry] of store) {
      if ((entry as { reset: number }).reset < now) store.delete(key);
    }
  }, WINDOW_MS);
  sweep.unref();

  return async function limited(ctx: Context, next: Next): Promise<void> {
    const rule = ruleFor(ctx);
    ctx.state.rateLimit = rule;
    try {
      await limiterFor(rule.max)(ctx, async () => {
        setDraftHeaders(ctx, rule);
        await next();
      });
    } catch (err) {
      const e = err as { status?: number; headers?: Record<string, string | number> };
      if (e.status === 429) {
        const reset = Number(e.headers?.['X-RateLimit-Reset'] ?? 0);
        e.headers = { ...e.headers, ...draftHeaders(rule, 0, reset) };
      }
      throw err;
    }
  };
}

function draftHeaders(rule: LimitRule, remaining: number, resetEpochSeconds: number): Record<string, string> {
  const seconds = Math.max(0, Math.ceil(resetEpochSeconds - Date.now() / 1000));
  return {
    'RateLimit-Policy': `"${rule.policy}";q=${rule.max};w=${WINDOW_MS / 1000}`,
    RateLimit: `"${rule.policy}";r=${remaining};t=${seconds}`,
  };
}

function setDraftHeaders(ctx: Context, rule: LimitRule): void {
  const remaining = Number(ctx.response.get('X-RateLimit-Remaining') || 0);
  const reset = Number(ctx.response.get('X-RateLimit-Reset') || 0);
  ctx.set(draftHeaders(rule, remaining, reset));
}
