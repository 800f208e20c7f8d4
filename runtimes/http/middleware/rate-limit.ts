import type { Context, Middleware, Next } from 'koa';
import ratelimit from 'koa-ratelimit';
import { DomainError } from '../../../core/shared/errors.js';
import type { RateLimitStore } from './rate-limit-store.js';

export interface LimitRule {
  /** Policy name shown in the IETF `RateLimit-Policy` header. */
  policy: string;
  max: number;
  /** Budget key, e.g. `ip:1.2.3.4` or `key:key_abc`. */
  id: string;
}

/**
 * Spends one more unit of the budget the request passed (set on `ctx.state.rateLimitSpend` by
 * the innermost limiter): true when the budget covered it, false when it is spent.
 */
export type RateLimitSpend = () => Promise<boolean>;

/** The process-wide limiting settings: one store, one window (60 s unless `RATE_LIMIT_WINDOW_MS`). */
export interface RateLimiting {
  store: RateLimitStore;
  windowMs: number;
}

/**
 * What a group does while its shared (Redis) store is unreachable:
 * - `open`: keep serving, counted by this instance's memory store (a per-instance budget);
 * - `closed`: refuse with 503 + Retry-After until the store is back.
 */
export type StoreFailurePolicy = 'open' | 'closed';

const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'] as const;
type Snapshot = Record<(typeof LIMIT_HEADERS)[number], string>;
const NAMESPACE = 'svc-rl';
const CLOSED_RETRY_AFTER_SECONDS = 5;

interface LimiterError {
  status?: number;
  headers?: Record<string, string | number>;
}

/**
 * koa-ratelimit is the one mechanism, with its memory driver (a Map) or its redis driver
 * (ioredis). It takes `max` per limiter, so one limiter is kept per driver and limit value,
 * all sharing the process's store. The wrapper adds what the contract asks on top of it:
 * integer `X-RateLimit-Reset` (epoch seconds), `Retry-After` of at least one second, the IETF
 * draft headers, stacking (a second limiter inside a first one, e.g. uploads within the tenant
 * budget: X-RateLimit-* report the tighter budget, the draft headers list both) and the
 * behaviour on a store outage. `ruleFor` returning null leaves the request unlimited.
 */
export function rateLimit(
  ruleFor: (ctx: Context) => LimitRule | null,
  limiting: RateLimiting,
  onStoreFailure: StoreFailurePolicy = 'open',
): Middleware {
  const { store, windowMs } = limiting;
  const windowSeconds = Math.max(1, Math.round(windowMs / 1000));
  const per = windowMs === 60_000 ? 'minute' : `${windowSeconds} s`;
  const limiters = new Map<string, Middleware>();
  const limiterFor = (driver: 'memory' | 'redis', max: number): Middleware => {
    const name = `${driver}:${max}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = ratelimit({
        driver,
        db: driver === 'redis' ? (store.redis as never) : store.memory,
        namespace: NAMESPACE,
        duration: windowMs,
        max,
        id: (ctx: Context) => (ctx.state.rateLimitRule as LimitRule).id,
        throw: true,
        errorMessage: `Rate limit of ${max} requests per ${per} exceeded.`,
      } as never) as unknown as Middleware;
      limiters.set(name, limiter);
    }
    return limiter;
  };

  const policyOf = (rule: LimitRule) => `"${rule.policy}";q=${rule.max};w=${windowSeconds}`;
  const stateOf = (rule: LimitRule, remaining: number, reset: number) =>
    `"${rule.policy}";r=${remaining};t=${Math.max(0, reset - Math.floor(Date.now() / 1000))}`;

  return async function limited(ctx: Context, next: Next): Promise<void> {
    const rule = ruleFor(ctx);
    if (!rule) return next();
    const outer = snapshot(ctx);
    let passed = false;
    let usedDriver: 'memory' | 'redis' = 'memory';
    const setHeaders = (): void => {
      const remaining = Number(ctx.response.get('X-RateLimit-Remaining') || 0);
      const reset = Math.ceil(Number(ctx.response.get('X-RateLimit-Reset') || 0));
      ctx.set('X-RateLimit-Reset', String(reset));
      ctx.set('RateLimit-Policy', policyOf(rule));
      ctx.set('RateLimit', stateOf(rule, remaining, reset));
      if (outer) stack(ctx, outer);
    };
    const inner = async (): Promise<void> => {
      passed = true;
      setHeaders();
      (ctx.state as { rateLimitSpend?: RateLimitSpend }).rateLimitSpend = spendOne;
      await next();
    };
    /** One more unit of the same budget, for a request that is several calls (a batch). */
    const spendOne: RateLimitSpend = async () => {
      ctx.state.rateLimitRule = rule;
      try {
        await limiterFor(usedDriver, rule.max)(ctx, async () => undefined);
        setHeaders();
        return true;
      } catch (err) {
        if ((err as LimiterError).status !== 429) {
          // The shared store failed mid-request: the group's outage policy decides.
          store.warn(err, `rate-limit store unreachable: group "${rule.policy}" fails ${onStoreFailure}`);
          return onStoreFailure === 'open';
        }
        // Over the budget: the limiter wrote a 429 onto the context; the request itself goes on.
        ctx.status = 200;
        ctx.remove('Retry-After');
        ctx.set('X-RateLimit-Remaining', '0');
        setHeaders();
        return false;
      }
    };
    const run = async (driver: 'memory' | 'redis'): Promise<void> => {
      usedDriver = driver;
      ctx.state.rateLimitRule = rule; // read synchronously by the limiter's `id`
      try {
        await limiterFor(driver, rule.max)(ctx, inner);
      } catch (err) {
        const e = err as LimiterError;
        if (!passed && e.status === 429) {
          ctx.state.rateLimitedGroup = rule.policy; // counted by group in /metrics
          // Refused here: this limiter's headers only, integers throughout.
          const reset = Math.ceil(Number(e.headers?.['X-RateLimit-Reset'] ?? 0));
          e.headers = {
            ...e.headers,
            'X-RateLimit-Reset': reset,
            'Retry-After': Math.max(1, reset - Math.floor(Date.now() / 1000)),
            'RateLimit-Policy': policyOf(rule),
            RateLimit: stateOf(rule, 0, reset),
          };
        }
        throw err;
      }
    };

    if (!store.redis) return run('memory');
    try {
      await run('redis');
    } catch (err) {
      if (passed || (err as LimiterError).status === 429) throw err;
      // The shared store failed before the request was let through.
      store.warn(err, `rate-limit store unreachable: group "${rule.policy}" fails ${onStoreFailure}`);
      if (onStoreFailure === 'closed') {
        ctx.set('Retry-After', String(CLOSED_RETRY_AFTER_SECONDS));
        throw new DomainError('UNAVAILABLE', 'The rate-limit store is unreachable; this endpoint is briefly unavailable. Retry shortly.');
      }
      await run('memory');
    }
  };
}

function snapshot(ctx: Context): Snapshot | undefined {
  if (!ctx.response.get('RateLimit')) return undefined;
  return Object.fromEntries(LIMIT_HEADERS.map((h) => [h, ctx.response.get(h)])) as Snapshot;
}

/** An inner limiter passed within an outer one: X-RateLimit-* of the tighter, draft headers of both. */
function stack(ctx: Context, outer: Snapshot): void {
  if (Number(outer['X-RateLimit-Remaining']) < Number(ctx.response.get('X-RateLimit-Remaining'))) {
    for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const) ctx.set(h, outer[h]);
  }
  ctx.set('RateLimit-Policy', `${outer['RateLimit-Policy']}, ${ctx.response.get('RateLimit-Policy')}`);
  ctx.set('RateLimit', `${outer.RateLimit}, ${ctx.response.get('RateLimit')}`);
}
