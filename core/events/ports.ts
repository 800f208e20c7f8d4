import type { ClaimCaps } from './delivery-fairness.js';
import type { EventOwner, OutboxEvent } from './event.model.js';
import type {
  Delivery,
  DeliveryOutcome,
  DeliveryPosition,
  DueDelivery,
  StoredSubscription,
  SubscriptionPosition,
  SubscriptionSecrets,
} from './webhook.model.js';

/**
 * A dispatcher's hold on the deliveries it claimed: only `owner` may settle them until `until`
 * (ISO instants compared as text), the lease pattern of the sync runs. A dispatcher that died
 * loses its claims when the lease expires; another instance then delivers them.
 */
export interface DeliveryLease {
  owner: string;
  now: string;
  until: string;
}

/** The subscriptions of every owner (tenant or API key); each operation is scoped by owner. */
export interface SubscriptionStore {
  insert(sub: StoredSubscription): Promise<void>;
  find(owner: EventOwner, subscriptionId: string): Promise<StoredSubscription | null>;
  /** Oldest first, strictly after `after`. */
  list(owner: EventOwner, after: SubscriptionPosition | null, limit: number): Promise<StoredSubscription[]>;
  count(owner: EventOwner): Promise<number>;
  /** Removes the subscription with its deliveries and their attempts; false when there was none. */
  delete(owner: EventOwner, subscriptionId: string): Promise<boolean>;
  /** Replaces the secrets; false when there is no such subscription. */
  setSecrets(owner: EventOwner, subscriptionId: string, secrets: SubscriptionSecrets, now: string): Promise<boolean>;
  /** Enables it again (clears the reason and the failing streak); false when there is none. */
  enable(owner: EventOwner, subscriptionId: string, now: string): Promise<boolean>;
  /** After a successful delivery: the failing streak ends. */
  recordSuccess(subscriptionId: string): Promise<void>;
  /**
   * After a failed delivery: the failing streak starts at `at` unless it runs already; when it
   * started before `disableBefore`, the subscription is disabled with `reason`. True when this
   * call disabled it.
   */
  recordFailure(subscriptionId: string, at: string, disableBefore: string, reason: string): Promise<boolean>;
}

/**
 * The transactional outbox and the deliveries made from it. Events enter it inside the
 * transaction of the change that caused them (each store that causes events takes them as an
 * argument); `append` is for events that have no other change.
 */
export interface EventOutbox {
  append(events: readonly OutboxEvent[]): Promise<void>;
  /**
   * Takes up to `limit` events not yet fanned out (oldest first) and, in one transaction, makes
   * one pending delivery (due at `now`) per enabled subscription of the event's owner that
   * listens to its type and existed when the event was created; marks them fanned out. Several
   * processes may call it at once: each event is fanned out once. Returns the deliveries made.
   */
  fanOut(now: string, limit: number, newDeliveryId: () => string): Promise<number>;
  /**
   * Claims up to `limit` pending deliveries due at `lease.now` whose lease expired (or that have
   * none), under `lease`, in conditional writes: of several processes claiming at once, each
   * delivery goes to one. Fair: the deliveries are chosen in `fairClaimOrder`'s order, and none
   * whose subscription or owner already has `caps` deliveries in flight (under live leases, any
   * process's) is taken.
   */
  claimDue(lease: DeliveryLease, limit: number, caps: ClaimCaps): Promise<DueDelivery[]>;
  /**
   * Records the attempt and the delivery's new state, and releases the lease, only while
   * `lease.owner` holds it (false otherwise: nothing written).
   */
  settle(deliveryId: string, lease: DeliveryLease, outcome: DeliveryOutcome): Promise<boolean>;
  /** The subscription's deliveries, newest first, strictly after `after`, with their attempts. */
  deliveries(subscriptionId: string, after: DeliveryPosition | null, limit: number): Promise<Delivery[]>;
  findDelivery(subscriptionId: string, deliveryId: string): Promise<Delivery | null>;
  /**
   * Makes the delivery pending again, due at `now`, with a new retry window from `now` (a
   * manual redelivery, whatever its state); null when there is no such delivery.
   */
  redeliver(subscriptionId: string, deliveryId: string, now: string): Promise<Delivery | null>;
  /**
   * Retention: removes up to `limit` finished (succeeded or failed) deliveries created before
   * `before`, with their attempts, then up to `limit` events fanned out before `before` that no
   * delivery refers to any more. Returns how many rows of each went.
   */
  purge(before: string, limit: number): Promise<{ deliveries: number; events: number }>;
}

/** Standard Webhooks signing. */
export interface WebhookSigner {
  /** A new secret: `whsec_` and base64 of random bytes. */
  newSecret(): string;
  /** The `webhook-signature` header: `v1,<base64>` per secret, space separated. */
  sign(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string;
}

/** Why a target is refused (syntax, scheme, or an address it resolves to), or null when allowed. */
export interface WebhookTargetPolicy {
  vet(url: string): Promise<string | null>;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookResponse {
  /** Null when no response came. */
  status_code: number | null;
  latency_ms: number;
  /** Why the attempt failed without a response (refused target, timeout, connection error). */
  error: string | null;
}

/**
 * Sends one POST: checks the target again after resolving it and connects to the address it
 * checked, follows no redirect, gives up after its timeout, reads little of the response.
 */
export interface WebhookTransport {
  post(request: WebhookRequest): Promise<WebhookResponse>;
}

/**
 * How a delivery attempt ended: `succeeded` (2xx), `retrying` (failed, another attempt is
 * scheduled), `failed` (failed and the retry window is over), `skipped` (the subscription was
 * disabled meanwhile: nothing sent, the delivery failed).
 */
export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'skipped';

/**
 * What the dispatcher reports for the operators' dashboard, where it happens (a metrics adapter
 * counts it). Recording never fails and never waits.
 */
export interface DeliveryMetrics {
  /** An attempt recorded; `latencyMs` the receiver's (null when nothing was sent). */
  attempted(outcome: AttemptOutcome, latencyMs: number | null): void;
  /** A subscription disabled after failing for longer than the dispatcher allows. */
  subscriptionDisabled(): void;
}
