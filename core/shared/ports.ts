/** Ports every area shares. */
export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /**
   * A new RFC 9562 UUID. Ids key B-tree indexes written in time order (the verification
   * archive above all), so the adapter's are version 7: ordered by creation time, their inserts
   * append to an index's last page instead of touching a random one (ADR 0056). Only the last 16
   * hex digits (62 bits) are random: a shortened id takes those.
   */
  uuid(): string;
  /** A random opaque token of at least 128 bits, URL-safe. */
  secret(bytes?: number): string;
}

/**
 * Seals a short text so that it comes back unchanged or not at all (an HMAC adapter):
 * what keeps list cursors opaque. `context` is bound into the seal without being carried in
 * the token.
 */
export interface CursorSealer {
  seal(payload: string, context: string): string;
  /** The payload, or null when the token was not sealed here for this context. */
  open(token: string, context: string): string | null;
}

/**
 * Tells a long computation that its result is no longer wanted (its client went away). Only
 * `aborted` is read, so the standard `AbortSignal` is one, and so is a plain object in a test.
 */
export interface CancelSignal {
  readonly aborted: boolean;
}

/**
 * Shares the processor between a long computation and everything else its runtime serves (for
 * a server: the other requests on its event loop). The computation asks before each step.
 */
export interface Scheduler {
  /** Nothing when the caller may go on now; otherwise a promise that resolves when it may. */
  pause(): Promise<void> | undefined;
}

/** What a retention pass deletes: calls past their workspace's retention, finished webhook deliveries and their events. */
export type RetentionKind = 'calls' | 'webhook_deliveries' | 'webhook_events';

/**
 * What retention passes delete, reported where they delete it for the operators' dashboard (a
 * metrics adapter counts it). Recording never fails and never waits.
 */
export interface RetentionMetrics {
  deleted(kind: RetentionKind, count: number): void;
}
