/**
 * The limiter port of the HTTP runtime (docs/decisions/0023-route-contracts-and-limiter-port.md).
 * It lives in the runtime, not in core: no use case limits anything, budgets are an edge concern
 * keyed by what the edge sees (client IP, token tenant, API key).
 */

/** One budget: `limit` points per window, and what happens while a shared store is unreachable. */
export interface RateLimitBudget {
  /** Policy name: the `RateLimit-Policy` label, the metrics group and the counters' namespace. */
  name: string;
  limit: number;
  windowMs: number;
  /**
   * `open`: keep counting in this process's memory (a per-instance budget) until the store is back;
   * `closed`: `consume` throws `RateLimitStoreUnavailable` (the caller answers 503).
   */
  whenStoreDown: 'open' | 'closed';
}

export interface RateLimitOutcome {
  /** The points fit in what was left of the window. */
  allowed: boolean;
  /** Points left in the window after this consume (0 when refused). */
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** A budget's counters: one per key (client IP, tenant, API key). */
export interface RateLimiter {
  consume(key: string, points?: number): Promise<RateLimitOutcome>;
}

/** Where the counters live: memory (one instance) or Redis (several, one budget). */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  limiter(budget: RateLimitBudget): RateLimiter;
  /** Waits (at most `timeoutMs`) for the shared store; true when ready or memory-only. Never throws. */
  ready(timeoutMs: number): Promise<boolean>;
  /** True while the shared store is unreachable (budgets fall back: fail-open ones count in memory); false for memory. */
  degraded(): boolean;
  close(): Promise<void>;
}

/** A fail-closed budget's store is unreachable: the request must not pass uncounted. */
export class RateLimitStoreUnavailable extends Error {
  constructor(budget: string, cause: unknown) {
    super(`rate-limit store unreachable for budget "${budget}"`, { cause });
    this.name = 'RateLimitStoreUnavailable';
  }
}
