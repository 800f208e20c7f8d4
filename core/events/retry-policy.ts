/**
 * When to try a failed delivery again: exponential backoff with full jitter around the nominal
 * delay, capped, within a retry window (about a day) that starts at the delivery's creation (or
 * its last manual retry). With the defaults the nominal delays are 5 s, 20 s, 80 s, 5 min,
 * 21 min, 1.4 h, then 5.7 h (the cap), so about ten attempts fit in a day.
 */
export interface RetryPolicy {
  /** Nominal delay after the first failed attempt. */
  baseMs: number;
  /** Each further attempt waits this many times longer. */
  factor: number;
  /** No single wait is longer. */
  maxDelayMs: number;
  /** An attempt that would start later than this after the window began is not made: failed. */
  windowMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 5_000, factor: 4, maxDelayMs: 6 * 3_600_000, windowMs: 24 * 3_600_000 };

/**
 * The instant of the next attempt after `attemptsMade` failed ones, or null when it would fall
 * outside the window (the delivery has failed). `random` is in [0, 1): the wait is between half
 * and one and a half times the nominal delay, so receivers coming back are not hit by every
 * delivery at the same instant.
 */
export function nextAttemptAt(policy: RetryPolicy, attemptsMade: number, now: Date, windowStartedAt: Date, random: () => number): Date | null {
  const nominal = Math.min(policy.maxDelayMs, policy.baseMs * policy.factor ** Math.max(0, attemptsMade - 1));
  const wait = Math.round(nominal * (0.5 + random()));
  const at = new Date(now.getTime() + wait);
  return at.getTime() - windowStartedAt.getTime() > policy.windowMs ? null : at;
}
