import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RateLimitBudget, type RateLimitStore, RateLimitStoreUnavailable } from '../../runtimes/http/rate-limit/ports.js';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from '../../runtimes/http/rate-limit/rate-limit-stores.js';
import { type Adapter, contractSuite } from '../support/contract-suite.js';
import { type RedisServer, redisServerAvailable, startRedisServer } from '../support/redis-server.js';

/**
 * The limiter port (runtimes/http/rate-limit/ports.ts) over its two stores: memory, and Redis on
 * a throwaway redis-server (skipped loudly without the binary, a failure in CI). Each test uses
 * budgets of its own name, so the counters of one never reach another.
 */
const silent = pino({ level: 'silent' });
const redisAvailable = redisServerAvailable();
let redis: RedisServer | undefined;
const opened: RateLimitStore[] = [];

interface Ports {
  store: RateLimitStore;
  /** Window resets: `faked` advances Date for the memory store; Redis keeps TTLs server-side. */
  clock: 'faked' | 'server';
}

const ADAPTERS: Adapter<Ports>[] = [
  { name: 'memory', make: async () => ({ store: createMemoryRateLimitStore(), clock: 'faked' }) },
  ...(redisAvailable
    ? [
        {
          name: 'redis',
          make: async (): Promise<Ports> => {
            const store = createRedisRateLimitStore({ redisUrl: redis!.url, logger: silent });
            opened.push(store);
            expect(await store.ready(10_000)).toBe(true);
            return { store, clock: 'server' };
          },
        },
      ]
    : []),
];

const budget = (limit: number, extra: Partial<RateLimitBudget> = {}): RateLimitBudget => ({
  name: `t-${randomUUID()}`,
  limit,
  windowMs: 60_000,
  whenStoreDown: 'open',
  ...extra,
});

beforeAll(async () => {
  if (redisAvailable) redis = await startRedisServer();
}, 30_000);
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await redis?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

contractSuite('rate limiter contract', ADAPTERS, (adapter) => {
  let store: RateLimitStore;
  let clock: Ports['clock'];
  beforeAll(async () => {
    ({ store, clock } = await adapter.make());
  });

  it('allows up to the limit with the remaining count falling, then refuses with the time to the reset', async () => {
    const limiter = store.limiter(budget(3));
    for (let i = 1; i <= 3; i++) {
      const outcome = await limiter.consume('client-a');
      expect(outcome.allowed).toBe(true);
      expect(outcome.remaining).toBe(3 - i);
      expect(outcome.resetMs).toBeGreaterThan(0);
      expect(outcome.resetMs).toBeLessThanOrEqual(60_000);
    }
    const refused = await limiter.consume('client-a');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetMs).toBeGreaterThan(0);
    expect(refused.resetMs).toBeLessThanOrEqual(60_000);
  });

  it('spends several points at once, refusing what would overdraw the budget', async () => {
    const limiter = store.limiter(budget(5));
    expect(await limiter.consume('k', 3)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await limiter.consume('k', 3)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('keeps keys apart, and budgets of different names apart on the same key', async () => {
    const first = store.limiter(budget(1));
    const second = store.limiter(budget(1));
    expect((await first.consume('ip:1')).allowed).toBe(true);
    expect((await first.consume('ip:1')).allowed).toBe(false);
    expect(await first.consume('ip:2')).toMatchObject({ allowed: true, remaining: 0 });
    expect(await second.consume('ip:1')).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('limiters of one budget spend one count (two routes declaring the same policy)', async () => {
    const shared = budget(2);
    expect((await store.limiter(shared).consume('tenant:acme')).remaining).toBe(1);
    expect((await store.limiter({ ...shared }).consume('tenant:acme')).remaining).toBe(0);
  });

  it('matches a model of the window: a consume passes exactly when the points spent so far plus its own fit the limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 12 }), async (limit, spends) => {
        const limiter = store.limiter(budget(limit));
        let spent = 0;
        for (const points of spends) {
          const outcome = await limiter.consume('subject', points);
          spent += points; // a refused consume is counted too: it was an attempt in the window
          expect(outcome.allowed).toBe(spent <= limit);
          expect(outcome.remaining).toBe(Math.max(0, limit - spent));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('gives the whole budget back once the window has passed', async () => {
    const short = budget(2, { windowMs: 1000 });
    const limiter = store.limiter(short);
    await limiter.consume('w');
    await limiter.consume('w');
    const refused = await limiter.consume('w');
    expect(refused.allowed).toBe(false);
    expect(refused.resetMs).toBeLessThanOrEqual(1000);
    if (clock === 'faked') {
      // The memory store reads Date.now(): moved past the reset, no wall time spent.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + refused.resetMs + 1);
    } else {
      // Redis expires the key by its own clock, which no test can move: the one wait of the
      // suite, bounded by the reset Redis announced (at most the 1 s window) plus 100 ms.
      await new Promise((r) => setTimeout(r, refused.resetMs + 100));
    }
    expect(await limiter.consume('w')).toMatchObject({ allowed: true, remaining: 1 });
  });
});

describe.skipIf(!redisAvailable)('rate limiter contract: redis outage', () => {
  it('fail-open budgets go on counting in memory (the insurance limiter), fail-closed ones throw; both are shared again after the restart', async () => {
    const store = createRedisRateLimitStore({ redisUrl: redis!.url, logger: silent });
    opened.push(store);
    expect(await store.ready(10_000)).toBe(true);
    const open = store.limiter(budget(2));
    const closed = store.limiter(budget(2, { whenStoreDown: 'closed' }));
    expect((await open.consume('ip')).remaining).toBe(1);

    await redis!.kill();
    // The insurance limiter has the budget's own limit and window, counted from zero.
    expect(await open.consume('ip')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await open.consume('ip')).toMatchObject({ allowed: true, remaining: 0 });
    expect(await open.consume('ip')).toMatchObject({ allowed: false, remaining: 0 });
    await expect(closed.consume('ip')).rejects.toBeInstanceOf(RateLimitStoreUnavailable);

    await redis!.start();
    expect(await store.ready(10_000)).toBe(true);
    // Redis restarted empty (nothing persisted): full budgets, counted in Redis again and shared
    // by two instances (two stores, two clients).
    const other = createRedisRateLimitStore({ redisUrl: redis!.url, logger: silent });
    opened.push(other);
    expect(await other.ready(10_000)).toBe(true);
    const name = budget(2);
    expect((await store.limiter(name).consume('ip')).remaining).toBe(1);
    expect((await other.limiter(name).consume('ip')).remaining).toBe(0);
    expect((await closed.consume('ip')).allowed).toBe(true);
  }, 30_000);
});
