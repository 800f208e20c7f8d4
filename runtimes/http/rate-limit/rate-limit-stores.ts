import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type IRateLimiterOptions, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type RateLimitBudget, type RateLimitOutcome, type RateLimiter, type RateLimitStore, RateLimitStoreUnavailable } from './ports.js';

/**
 * The limiter port on rate-limiter-flexible (docs/decisions/0010-rate-limits.md): a fixed window
 * per key from its first point, counted in this process's memory (RateLimiterMemory) or in Redis
 * (RateLimiterRedis, one Lua script per consume: exact across instances). A Redis budget that
 * fails open carries a RateLimiterMemory as its `insuranceLimiter`, which the library consults
 * whenever Redis errs or is not connected; one that fails closed has none, and a Redis error
 * becomes `RateLimitStoreUnavailable`.
 */
type Flexible = RateLimiterMemory | RateLimiterRedis;

const NAMESPACE = 'svc-rl';

const optionsOf = (budget: RateLimitBudget): IRateLimiterOptions => ({
  keyPrefix: `${NAMESPACE}:${budget.name}`,
  points: budget.limit,
  // Whole seconds: Redis keeps TTLs in seconds here, and the window is at least one (config).
  duration: Math.max(1, Math.round(budget.windowMs / 1000)),
});

const passed = (res: RateLimiterRes): RateLimitOutcome => ({ allowed: true, remaining: res.remainingPoints, resetMs: res.msBeforeNext });

/** Over the budget (the library rejects with its result), or the store failing (any other error). */
function refusedOr(budget: RateLimitBudget, onStoreError: (err: unknown) => void) {
  return (err: unknown): RateLimitOutcome => {
    if (err instanceof RateLimiterRes) return { allowed: false, remaining: 0, resetMs: err.msBeforeNext };
    onStoreError(err);
    throw new RateLimitStoreUnavailable(budget.name, err);
  };
}

function adapt(flexible: Flexible, budget: RateLimitBudget, onStoreError: (err: unknown) => void): RateLimiter {
  const refused = refusedOr(budget, onStoreError);
  return { consume: (key, points = 1) => flexible.consume(key, points).then(passed, refused) };
}

/** One limiter per budget (name, limit, window): every route declaring a policy spends one count. */
function oncePerBudget(make: (budget: RateLimitBudget) => RateLimiter): (budget: RateLimitBudget) => RateLimiter {
  const limiters = new Map<string, RateLimiter>();
  return (budget) => {
    const id = `${budget.name}\u0000${budget.limit}\u0000${budget.windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) limiters.set(id, (limiter = make(budget)));
    return limiter;
  };
}

/** One instance: every budget's counters in this process. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const rethrow = () => undefined; // memory does not fail; a bug surfaces as the error it is
  return {
    kind: 'memory',
    limiter: oncePerBudget((budget) => adapt(new RateLimiterMemory(optionsOf(budget)), budget, rethrow)),
    ready: async () => true,
    degraded: () => false,
    close: async () => undefined,
  };
}

export interface RedisRateLimitStoreOptions {
  redisUrl: string;
  logger: Logger;
  /** Fail fast: a Redis outage must cost a request milliseconds, not seconds. */
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
  /** At most one warning per this interval (the rest are counted). */
  logEveryMs?: number;
}

/** Several instances: one ioredis client per process holds the shared counters. */
export function createRedisRateLimitStore(options: RedisRateLimitStoreOptions): RateLimitStore {
  const { logger } = options;
  const logEveryMs = options.logEveryMs ?? 30_000;
  let lastLog = 0;
  let suppressed = 0;
  const warn = (err: unknown, message: string): void => {
    const now = Date.now();
    if (now - lastLog < logEveryMs) {
      suppressed++;
      return;
    }
    lastLog = now;
    logger.warn({ err: err instanceof Error ? err.message : String(err), suppressed_since_last: suppressed }, message);
    suppressed = 0;
  };

  const redis = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    connectTimeout: options.connectTimeoutMs ?? 1000,
    commandTimeout: options.commandTimeoutMs ?? 500,
    maxRetriesPerRequest: 0,
    // Keep reconnecting (capped at 2 s between attempts): limits come back on their own.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // Connection errors are logged here; fail-open budgets go on counting in memory meanwhile.
  redis.on('error', (err) => warn(err, 'rate-limit store: redis error; fail-open budgets count per instance'));
  redis.on('ready', () => {
    if (lastLog > 0) logger.warn('rate-limit store: redis reachable again; shared limits restored');
  });

  let closed = false;
  return {
    kind: 'redis',
    limiter: oncePerBudget((budget) => {
      const flexible = new RateLimiterRedis({
        ...optionsOf(budget),
        storeClient: redis,
        // Not connected: straight to the insurance (or the refusal), no command queued.
        rejectIfRedisNotReady: true,
        ...(budget.whenStoreDown === 'open' ? { insuranceLimiter: new RateLimiterMemory(optionsOf(budget)) } : {}),
      });
      return adapt(flexible, budget, (err) => warn(err, `rate-limit store unreachable: budget "${budget.name}" fails closed`));
    }),
    degraded: () => !closed && redis.status !== 'ready',
    async ready(timeoutMs) {
      if (redis.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          redis.off('ready', onReady);
          resolve(ok);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        timer.unref();
        redis.once('ready', onReady);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

/** Redis when `REDIS_URL` is set (several instances share one budget), memory otherwise. */
export const createRateLimitStore = (options: { redisUrl?: string | undefined; logger: Logger }): RateLimitStore =>
  options.redisUrl ? createRedisRateLimitStore({ redisUrl: options.redisUrl, logger: options.logger }) : createMemoryRateLimitStore();
