import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Where the rate-limit counters live: one store per process, shared by every limited group.
 * Memory (one instance) always exists: it is the store without `REDIS_URL`, and the fallback of
 * the fail-open groups while Redis is unreachable. With `REDIS_URL`, one ioredis client per
 * process holds the shared counters, so that several instances spend one budget.
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  readonly memory: Map<string, unknown>;
  readonly redis: Redis | undefined;
  /** Logs a store failure at warn level, at most once per interval (the rest are counted). */
  warn(err: unknown, message: string): void;
  /** Waits (at most `timeoutMs`) for the Redis connection; true when ready or memory-only. Never throws. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface RateLimitStoreOptions {
  redisUrl?: string | undefined;
  logger: Logger;
  /** Window of the limits; the memory sweep runs at this interval. */
  windowMs: number;
  /** Fail fast: a Redis outage must cost a request milliseconds, not seconds. */
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
  /** At most one warning per this interval. */
  logEveryMs?: number;
}

export function createRateLimitStore(options: RateLimitStoreOptions): RateLimitStore {
  const { logger } = options;
  const memory = new Map<string, unknown>();
  const sweep = setInterval(() => {
    const now = Date.now() / 1000;
    for (const [key, entry] of memory) {
      if ((entry as { reset: number }).reset < now) memory.delete(key);
    }
  }, Math.max(1000, options.windowMs));
  sweep.unref();

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
    const error = err instanceof Error ? err.message : String(err);
    logger.warn({ err: error, suppressed_since_last: suppressed }, message);
    suppressed = 0;
  };

  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      connectTimeout: options.connectTimeoutMs ?? 1000,
      commandTimeout: options.commandTimeoutMs ?? 500,
      maxRetriesPerRequest: 0,
      // Keep reconnecting (capped at 2 s between attempts): limits come back on their own.
      retryStrategy: (times) => Math.min(times * 100, 2000),
    });
    redis.on('error', (err) => warn(err, 'rate-limit store: redis error'));
    redis.on('ready', () => {
      if (lastLog > 0) logger.warn('rate-limit store: redis reachable again; shared limits restored');
    });
  }

  let closed = false;
  return {
    kind: redis ? 'redis' : 'memory',
    memory,
    redis,
    warn,
    async ready(timeoutMs) {
      const client = redis;
      if (!client || client.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          resolve(ok);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        timer.unref();
        client.once('ready', onReady);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
      if (redis) {
        try {
          await redis.quit();
        } catch {
          redis.disconnect();
        }
      }
    },
  };
}
