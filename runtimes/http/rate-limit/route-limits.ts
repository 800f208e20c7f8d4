import type { Context } from 'koa';
import { DomainError } from '../../../core/shared/errors.js';
import { asCheck, type CheckMiddleware } from '../middleware/check.js';
import { type LimitStage, type Limits, POLICIES, type RateLimitPolicy } from './policies.js';
import type { RateLimitPolicyName } from './policy-names.js';
import { type RateLimiter, type RateLimitStore, RateLimitStoreUnavailable } from './ports.js';

const CLOSED_RETRY_AFTER_SECONDS = 5;

/** A policy bound to the process's store: one limiter per limit value, shared by every route. */
interface BoundPolicy extends RateLimitPolicy {
  limiterFor(limit: number): RateLimiter;
  /** `"<name>";q=<limit>;w=<seconds>`, computed once per limit value. */
  policyHeader(limit: number): string;
  /** The 429 detail. */
  refusal(limit: number): string;
}

/** A budget the request spent, kept on `ctx.state.rateLimits` for the headers and `spendOneMore`. */
interface Spent {
  policy: BoundPolicy;
  key: string;
  limit: number;
  limiter: RateLimiter;
  remaining: number;
  /** Epoch seconds, whole. */
  resetAt: number;
}

type LimitState = { rateLimits?: Spent[]; rateLimitedGroup?: string };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * X-RateLimit-* of the tightest budget spent (the later one on a tie), the IETF draft headers of
 * every budget spent, in order: written once per stage, from the outcomes, not read back.
 */
function writeHeaders(ctx: Context, spent: Spent[]): void {
  const now = nowSeconds();
  let tight = spent[0];
  let policy = tight.policy.policyHeader(tight.limit);
  let state = `"${tight.policy.name}";r=${tight.remaining};t=${Math.max(0, tight.resetAt - now)}`;
  for (let i = 1; i < spent.length; i++) {
    const s = spent[i];
    if (s.remaining <= tight.remaining) tight = s;
    policy += `, ${s.policy.policyHeader(s.limit)}`;
    state += `, "${s.policy.name}";r=${s.remaining};t=${Math.max(0, s.resetAt - now)}`;
  }
  ctx.set('X-RateLimit-Limit', String(tight.limit));
  ctx.set('X-RateLimit-Remaining', String(tight.remaining));
  ctx.set('X-RateLimit-Reset', String(tight.resetAt));
  ctx.set('RateLimit-Policy', policy);
  ctx.set('RateLimit', state);
}

/** Refused here: this budget's headers only, a Retry-After of at least one second, a 429. */
function refuse(ctx: Context, policy: BoundPolicy, limit: number, resetAt: number): never {
  (ctx.state as LimitState).rateLimitedGroup = policy.name; // counted by group in /metrics
  const wait = resetAt - nowSeconds();
  ctx.set('X-RateLimit-Limit', String(limit));
  ctx.set('X-RateLimit-Remaining', '0');
  ctx.set('X-RateLimit-Reset', String(resetAt));
  ctx.set('RateLimit-Policy', policy.policyHeader(limit));
  ctx.set('RateLimit', `"${policy.name}";r=0;t=${Math.max(0, wait)}`);
  ctx.set('Retry-After', String(Math.max(1, wait)));
  throw new DomainError('RATE_LIMITED', policy.refusal(limit));
}

function storeDown(ctx: Context): never {
  ctx.set('Retry-After', String(CLOSED_RETRY_AFTER_SECONDS));
  throw new DomainError('UNAVAILABLE', 'The rate-limit store is unreachable; this endpoint is briefly unavailable. Retry shortly.');
}

const resetAtOf = (resetMs: number) => Math.ceil((Date.now() + resetMs) / 1000);

/** One stage's policies as one check: one consume per budget that applies, headers written once. */
function stageCheck(policies: BoundPolicy[], limits: Limits): CheckMiddleware {
  return asCheck(async function rateLimited(ctx: Context): Promise<void> {
    const state = ctx.state as LimitState;
    let added = false;
    for (const policy of policies) {
      const key = policy.subject(ctx);
      if (key === null) continue;
      const limit = policy.limit(ctx, limits);
      const limiter = policy.limiterFor(limit);
      let outcome;
      try {
        outcome = await limiter.consume(key);
      } catch (err) {
        if (err instanceof RateLimitStoreUnavailable) storeDown(ctx);
        throw err;
      }
      const resetAt = resetAtOf(outcome.resetMs);
      if (!outcome.allowed) refuse(ctx, policy, limit, resetAt);
      (state.rateLimits ??= []).push({ policy, key, limit, limiter, remaining: outcome.remaining, resetAt });
      added = true;
    }
    if (added) writeHeaders(ctx, state.rateLimits as Spent[]);
  });
}

/**
 * One more unit of the last budget the request spent, for a request that is several calls (a
 * sandbox batch): true when the budget covered it (or none applies), false when it is spent.
 */
export async function spendOneMore(ctx: Context): Promise<boolean> {
  const spent = (ctx.state as LimitState).rateLimits;
  if (!spent || spent.length === 0) return true;
  const last = spent[spent.length - 1];
  let outcome;
  try {
    outcome = await last.limiter.consume(last.key);
  } catch (err) {
    if (err instanceof RateLimitStoreUnavailable) return last.policy.whenStoreDown === 'open';
    throw err;
  }
  last.remaining = outcome.remaining;
  last.resetAt = resetAtOf(outcome.resetMs);
  writeHeaders(ctx, spent);
  return outcome.allowed;
}

/** The checks of one route, by stage (`createApp` places each). */
export type RouteLimitChecks = Partial<Record<LimitStage, CheckMiddleware>>;

/** Builds a route's limit checks from the policies its contract declares. */
export type RouteLimiter = (declared: readonly RateLimitPolicyName[]) => RouteLimitChecks;

/**
 * The process's budgets over one store and window: every route declaring a policy spends the
 * same budget (the agents/workspace routes share the per-IP one).
 */
export function routeLimiter(store: RateLimitStore, limits: Limits): RouteLimiter {
  const windowMs = limits.windowMs;
  const windowSeconds = Math.max(1, Math.round(windowMs / 1000));
  const per = windowMs === 60_000 ? 'minute' : `${windowSeconds} s`;
  const bound = new Map<RateLimitPolicyName, BoundPolicy>();
  const bind = (name: RateLimitPolicyName): BoundPolicy => {
    let policy = bound.get(name);
    if (policy) return policy;
    const spec = POLICIES[name];
    const limiters = new Map<number, RateLimiter>();
    const headers = new Map<number, string>();
    policy = {
      ...spec,
      limiterFor(limit) {
        let limiter = limiters.get(limit);
        if (!limiter) limiters.set(limit, (limiter = store.limiter({ name, limit, windowMs, whenStoreDown: spec.whenStoreDown })));
        return limiter;
      },
      policyHeader(limit) {
        let header = headers.get(limit);
        if (header === undefined) headers.set(limit, (header = `"${name}";q=${limit};w=${windowSeconds}`));
        return header;
      },
      refusal: (limit) => `Rate limit of ${limit} requests per ${per} exceeded.`,
    };
    bound.set(name, policy);
    return policy;
  };
  return (declared) => {
    const checks: RouteLimitChecks = {};
    for (const stage of ['client', 'caller', 'body'] as const) {
      const policies = declared.map(bind).filter((p) => p.stage === stage);
      if (policies.length > 0) checks[stage] = stageCheck(policies, limits);
    }
    return checks;
  };
}
