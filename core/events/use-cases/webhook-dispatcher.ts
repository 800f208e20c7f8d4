import type { Clock } from '../../shared/ports.js';
import type { ClaimCaps } from '../delivery-fairness.js';
import type { RetentionMetrics } from '../../shared/ports.js';
import type { AttemptOutcome, DeliveryLease, DeliveryMetrics, EventOutbox, SubscriptionStore, WebhookSigner, WebhookTransport } from '../ports.js';
import { nextAttemptAt, type RetryPolicy } from '../retry-policy.js';
import type { DeliveryAttempt, DeliveryOutcome, DueDelivery } from '../webhook.model.js';

export interface DispatcherSettings {
  /** Unique per process: the lease owner written on the deliveries this dispatcher claims. */
  owner: string;
  /** How long a claim lasts; well above the transport's timeout. */
  leaseMs: number;
  /** Events fanned out per step, and deliveries in flight at most (claimed as slots free up). */
  batch: number;
  /**
   * Deliveries in flight at once (across processes) per subscription and per owner: a receiver
   * that never answers holds that many attempts, never the other subscriptions' slots.
   */
  caps: ClaimCaps;
  retry: RetryPolicy;
  /** A subscription whose deliveries have all failed for this long is disabled. */
  disableAfterMs: number;
  /** Finished deliveries (and events without any left) older than this are removed. */
  retentionMs: number;
  /** How often a dispatcher applies the retention (each instance; the work is shared). */
  purgeEveryMs: number;
}

/** Rows removed per purge statement: a large backlog goes in several purges, never one long transaction. */
const PURGE_LIMIT = 1000;

/** How an attempt ended, as the dashboard counts it. */
const attemptOutcome = (d: DueDelivery, outcome: DeliveryOutcome): AttemptOutcome => {
  if (!d.subscription_enabled) return 'skipped';
  return outcome.status === 'pending' ? 'retrying' : outcome.status;
};

const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;
const DISABLED_ERROR = 'The subscription is disabled; the event was not sent.';

/**
 * Delivers the outbox: fans new events out into deliveries, claims due deliveries under a
 * lease, signs and sends each, records the attempt, and schedules a retry (exponential backoff
 * with jitter) or gives up when the retry window is over. A subscription failing for longer
 * than `disableAfterMs` is disabled with a reason. Several processes may run this on one
 * store; each delivery is sent by the one holding its lease (a duplicate is possible only when
 * a send outlasts the lease or a process dies after sending and before recording).
 */
export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly outbox: EventOutbox,
    private readonly subscriptions: SubscriptionStore,
    private readonly transport: WebhookTransport,
    private readonly signer: WebhookSigner,
    private readonly clock: Clock,
    private readonly random: () => number,
    private readonly newDeliveryId: () => string,
    private readonly settings: DispatcherSettings,
    /** A delivery that could not be recorded (the store failed); its lease expires and it is sent again. */
    private readonly onError: (err: unknown) => void = () => {},
    /** When given, attempts, disabled subscriptions and the retention's deletions are reported. */
    private readonly metrics?: DeliveryMetrics & RetentionMetrics,
  ) {}

  /**
   * One step: fans new events out, claims as many due deliveries as there are free slots (fairly
   * across owners and subscriptions, within the caps) and starts sending them, without waiting
   * for them: a slow receiver holds its own capped slots, not the others' deliveries. Returns how much it started (0 when there was nothing to do).
   */
  async step(): Promise<number> {
    await this.purgeWhenDue();
    const fanned = await this.outbox.fanOut(this.clock.now().toISOString(), this.settings.batch, this.newDeliveryId);
    const free = this.settings.batch - this.inFlight.size;
    const due = free > 0 ? await this.outbox.claimDue(this.lease(), free, this.settings.caps) : [];
    for (const d of due) {
      const sending: Promise<void> = this.deliver(d)
        .catch((err: unknown) => this.onError(err))
        .finally(() => this.inFlight.delete(sending));
      this.inFlight.add(sending);
    }
    return fanned + due.length;
  }

  /** Applies the retention every `purgeEveryMs` (at the first step, then on that period). */
  private async purgeWhenDue(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastPurge < this.settings.purgeEveryMs) return;
    this.lastPurge = now;
    const purged = await this.outbox.purge(new Date(now - this.settings.retentionMs).toISOString(), PURGE_LIMIT);
    this.metrics?.deleted('webhook_deliveries', purged.deliveries);
    this.metrics?.deleted('webhook_events', purged.events);
  }

  /** Resolves when one of the deliveries in flight is recorded; null when none is in flight. */
  settledOne(): Promise<void> | null {
    return this.inFlight.size > 0 ? Promise.race(this.inFlight) : null;
  }

  /** Resolves when every delivery started has been recorded. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** `step`, then `drain`: one complete round (tests, tools). */
  async round(): Promise<number> {
    const done = await this.step();
    await this.drain();
    return done;
  }

  private async deliver(d: DueDelivery): Promise<void> {
    const started = this.clock.now();
    const response = d.subscription_enabled
      ? await this.transport.post({ url: d.url, headers: this.headers(d, started), body: d.payload })
      : { status_code: null, latency_ms: 0, error: DISABLED_ERROR };
    const at = this.clock.now();
    const ok = is2xx(response.status_code);
    const attempt: DeliveryAttempt = {
      attempt: d.attempts + 1,
      attempted_at: started.toISOString(),
      status_code: response.status_code,
      latency_ms: response.latency_ms,
      error: ok ? null : (response.error ?? `The receiver answered ${response.status_code}.`),
    };
    const outcome: DeliveryOutcome = ok
      ? { status: 'succeeded', next_attempt_at: null, attempt }
      : this.retryOrFail(d, attempt, at);
    if (!(await this.outbox.settle(d.delivery_id, this.lease(), outcome))) return;
    this.metrics?.attempted(attemptOutcome(d, outcome), d.subscription_enabled ? response.latency_ms : null);
    if (!d.subscription_enabled) return;
    if (ok) {
      if (d.failing_since !== null) await this.subscriptions.recordSuccess(d.subscription_id);
    } else {
      const disableBefore = new Date(at.getTime() - this.settings.disableAfterMs).toISOString();
      if (await this.subscriptions.recordFailure(d.subscription_id, at.toISOString(), disableBefore, this.disabledReason())) this.metrics?.subscriptionDisabled();
    }
  }

  private retryOrFail(d: DueDelivery, attempt: DeliveryAttempt, at: Date): DeliveryOutcome {
    if (!d.subscription_enabled) return { status: 'failed', next_attempt_at: null, attempt };
    const next = nextAttemptAt(this.settings.retry, attempt.attempt, at, new Date(d.window_started_at), this.random);
    return next ? { status: 'pending', next_attempt_at: next.toISOString(), attempt } : { status: 'failed', next_attempt_at: null, attempt };
  }

  private disabledReason(): string {
    const hours = Math.round(this.settings.disableAfterMs / 3_600_000);
    return `Every delivery failed for more than ${hours} hours; fix the receiver, then enable the subscription again.`;
  }

  /** Standard Webhooks headers; the timestamp is the attempt's, so a retry is signed afresh. */
  private headers(d: DueDelivery, at: Date): Record<string, string> {
    const timestamp = Math.floor(at.getTime() / 1000);
    const secrets = [d.secrets.current];
    if (d.secrets.previous && d.secrets.previous_expires_at && d.secrets.previous_expires_at > at.toISOString()) secrets.push(d.secrets.previous);
    return {
      'content-type': 'application/json',
      'user-agent': 'svc-platform-webhooks/1',
      'webhook-id': d.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': this.signer.sign(secrets, d.event_id, timestamp, d.payload),
    };
  }

  private lease(): DeliveryLease {
    const now = this.clock.now();
    return { owner: this.settings.owner, now: now.toISOString(), until: new Date(now.getTime() + this.settings.leaseMs).toISOString() };
  }
}
