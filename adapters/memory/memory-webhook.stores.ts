import { type ClaimCaps, fairClaimOrder } from '../../core/events/delivery-fairness.js';
import type { EventOwner, EventType, OutboxEvent } from '../../core/events/event.model.js';
import type { DeliveryLease, EventOutbox, SubscriptionStore } from '../../core/events/ports.js';
import {
  type Delivery,
  type DeliveryAttempt,
  type DeliveryOutcome,
  type DeliveryPosition,
  type DeliveryStatus,
  type DueDelivery,
  listensTo,
  type StoredSubscription,
  type SubscriptionPosition,
  type SubscriptionSecrets,
} from '../../core/events/webhook.model.js';
import { conflict } from '../../core/shared/errors.js';

const copy = <T>(v: T): T => structuredClone(v);
const owns = (owner: EventOwner, s: StoredSubscription) => s.owner_kind === owner.kind && s.owner_id === owner.id;

/** In-memory fake; passes the same contract suite as the SQL store. Each method is atomic (no await inside). */
export class MemorySubscriptionStore implements SubscriptionStore {
  /** Read by the outbox fake for fan-out and claims. */
  readonly rows = new Map<string, StoredSubscription>();
  /** Set by the outbox fake: a subscription's deliveries go with it. */
  onDelete: (subscriptionId: string) => void = () => {};

  async insert(sub: StoredSubscription) {
    if (this.rows.has(sub.subscription_id)) throw conflict(`Webhook subscription ${sub.subscription_id} already exists.`);
    this.rows.set(sub.subscription_id, copy(sub));
  }
  async find(owner: EventOwner, subscriptionId: string) {
    const s = this.rows.get(subscriptionId);
    return s && owns(owner, s) ? copy(s) : null;
  }
  async list(owner: EventOwner, after: SubscriptionPosition | null, limit: number) {
    const key = (s: { created_at: string; subscription_id: string }) => `${s.created_at}\u0000${s.subscription_id}`;
    return [...this.rows.values()]
      .filter((s) => owns(owner, s) && (!after || key(s) > key(after)))
      .sort((a, b) => (key(a) < key(b) ? -1 : 1))
      .slice(0, limit)
      .map(copy);
  }
  async count(owner: EventOwner) {
    return [...this.rows.values()].filter((s) => owns(owner, s)).length;
  }
  async delete(owner: EventOwner, subscriptionId: string) {
    const s = this.rows.get(subscriptionId);
    if (!s || !owns(owner, s)) return false;
    this.rows.delete(subscriptionId);
    this.onDelete(subscriptionId);
    return true;
  }
  async setSecrets(owner: EventOwner, subscriptionId: string, secrets: SubscriptionSecrets, now: string) {
    return this.change(owner, subscriptionId, { secrets: { ...secrets }, updated_at: now });
  }
  async enable(owner: EventOwner, subscriptionId: string, now: string) {
    return this.change(owner, subscriptionId, { enabled: true, disabled_reason: null, failing_since: null, updated_at: now });
  }
  private change(owner: EventOwner, subscriptionId: string, values: Partial<StoredSubscription>): boolean {
    const s = this.rows.get(subscriptionId);
    if (!s || !owns(owner, s)) return false;
    Object.assign(s, values);
    return true;
  }
  async recordSuccess(subscriptionId: string) {
    const s = this.rows.get(subscriptionId);
    if (s) s.failing_since = null;
  }
  async recordFailure(subscriptionId: string, at: string, disableBefore: string, reason: string) {
    const s = this.rows.get(subscriptionId);
    if (!s) return false;
    s.failing_since ??= at;
    if (!s.enabled || !(s.failing_since < disableBefore)) return false;
    Object.assign(s, { enabled: false, disabled_reason: reason, updated_at: at });
    return true;
  }
}

interface StoredDelivery {
  delivery_id: string;
  subscription_id: string;
  event_id: string;
  event_type: EventType;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  created_at: string;
  window_started_at: string;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
}

const logKey = (d: { created_at: string; delivery_id: string }) => `${d.created_at}\u0000${d.delivery_id}`;
const viewOf = (d: StoredDelivery): Delivery => ({
  delivery_id: d.delivery_id,
  subscription_id: d.subscription_id,
  event_id: d.event_id,
  event_type: d.event_type,
  status: d.status,
  created_at: d.created_at,
  next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null,
  attempts: copy(d.attempts),
});
/** In flight: pending, was due when claimed, and under a lease that has not expired (as the SQL outbox counts it). */
const isHeld = (d: StoredDelivery, now: string) =>
  d.status === 'pending' && d.next_attempt_at !== null && d.next_attempt_at <= now && d.lease_expires_at !== null && d.lease_expires_at >= now;
const isDue = (d: StoredDelivery, now: string) =>
  d.status === 'pending' && d.next_attempt_at !== null && d.next_attempt_at <= now && (d.lease_expires_at === null || d.lease_expires_at < now);

/**
 * In-memory outbox; passes the same contract suite as the SQL one. The memory stores that
 * cause events (calls, knowledge, sync runs, agents) take it and `add` their events with
 * their change, in the same synchronous step.
 */
export class MemoryEventOutbox implements EventOutbox {
  private readonly events = new Map<string, OutboxEvent & { fanned_out_at: string | null }>();
  private readonly rows = new Map<string, StoredDelivery>();

  constructor(private readonly subscriptions: MemorySubscriptionStore = new MemorySubscriptionStore()) {
    subscriptions.onDelete = (id) => {
      for (const [k, d] of this.rows) if (d.subscription_id === id) this.rows.delete(k);
    };
  }

  /** Synchronous, for the memory stores' own atomic changes. */
  add(events: readonly OutboxEvent[] | undefined): void {
    for (const e of events ?? []) this.events.set(e.event_id, { ...e, fanned_out_at: null });
  }

  /** Every event ever added, oldest first (tests). */
  all(): OutboxEvent[] {
    return [...this.events.values()].map(({ fanned_out_at: _f, ...e }) => e);
  }

  async append(events: readonly OutboxEvent[]) {
    this.add(events);
  }

  async fanOut(now: string, limit: number, newDeliveryId: () => string) {
    const fresh = [...this.events.values()]
      .filter((e) => e.fanned_out_at === null)
      .sort((a, b) => (a.created_at === b.created_at ? (a.event_id < b.event_id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1))
      .slice(0, limit);
    let made = 0;
    for (const e of fresh) {
      e.fanned_out_at = now;
      for (const s of this.subscriptions.rows.values()) {
        if (!listensTo(s, e)) continue;
        const id = newDeliveryId();
        this.rows.set(id, {
          delivery_id: id,
          subscription_id: s.subscription_id,
          event_id: e.event_id,
          event_type: e.type,
          status: 'pending',
          attempts: [],
          created_at: now,
          window_started_at: now,
          next_attempt_at: now,
          lease_owner: null,
          lease_expires_at: null,
        });
        made++;
      }
    }
    return made;
  }

  async claimDue(lease: DeliveryLease, limit: number, caps: ClaimCaps): Promise<DueDelivery[]> {
    const ownerOf = (d: StoredDelivery) => {
      const s = this.subscriptions.rows.get(d.subscription_id);
      return s ? `${s.owner_kind}\u0000${s.owner_id}` : null;
    };
    const candidates = [...this.rows.values()].flatMap((d) => {
      const owner = ownerOf(d);
      return owner !== null && isDue(d, lease.now) ? [{ delivery_id: d.delivery_id, subscription_id: d.subscription_id, owner, next_attempt_at: d.next_attempt_at ?? '' }] : [];
    });
    const held = [...this.rows.values()].flatMap((d) => {
      const owner = ownerOf(d);
      return owner !== null && isHeld(d, lease.now) ? [{ subscription_id: d.subscription_id, owner }] : [];
    });
    return fairClaimOrder(candidates, held, caps, limit).flatMap(({ delivery_id }) => {
      const d = this.rows.get(delivery_id)!;
      const s = this.subscriptions.rows.get(d.subscription_id);
      const e = this.events.get(d.event_id);
      if (!s || !e) return [];
      Object.assign(d, { lease_owner: lease.owner, lease_expires_at: lease.until });
      return [
        {
          delivery_id: d.delivery_id,
          subscription_id: d.subscription_id,
          event_id: d.event_id,
          attempts: d.attempts.length,
          window_started_at: d.window_started_at,
          payload: e.payload,
          url: s.url,
          secrets: { ...s.secrets },
          subscription_enabled: s.enabled,
          failing_since: s.failing_since,
        },
      ];
    });
  }

  async settle(deliveryId: string, lease: DeliveryLease, outcome: DeliveryOutcome) {
    const d = this.rows.get(deliveryId);
    if (!d || d.status !== 'pending' || d.lease_owner !== lease.owner || d.attempts.length !== outcome.attempt.attempt - 1) return false;
    Object.assign(d, { status: outcome.status, next_attempt_at: outcome.next_attempt_at, lease_owner: null, lease_expires_at: null });
    d.attempts.push({ ...outcome.attempt });
    return true;
  }

  async deliveries(subscriptionId: string, after: DeliveryPosition | null, limit: number) {
    return [...this.rows.values()]
      .filter((d) => d.subscription_id === subscriptionId && (!after || logKey(d) < logKey(after)))
      .sort((a, b) => (logKey(a) > logKey(b) ? -1 : 1))
      .slice(0, limit)
      .map(viewOf);
  }

  async findDelivery(subscriptionId: string, deliveryId: string) {
    const d = this.rows.get(deliveryId);
    return d && d.subscription_id === subscriptionId ? viewOf(d) : null;
  }

  async purge(before: string, limit: number) {
    const old = [...this.rows.values()].filter((d) => d.status !== 'pending' && d.created_at < before).slice(0, limit);
    for (const d of old) this.rows.delete(d.delivery_id);
    const referenced = new Set([...this.rows.values()].map((d) => d.event_id));
    const events = [...this.events.values()].filter((e) => e.fanned_out_at !== null && e.fanned_out_at < before && !referenced.has(e.event_id)).slice(0, limit);
    for (const e of events) this.events.delete(e.event_id);
    return { deliveries: old.length, events: events.length };
  }

  async redeliver(subscriptionId: string, deliveryId: string, now: string) {
    const d = this.rows.get(deliveryId);
    if (!d || d.subscription_id !== subscriptionId) return null;
    Object.assign(d, { status: 'pending', next_attempt_at: now, window_started_at: now, lease_owner: null, lease_expires_at: null });
    return viewOf(d);
  }
}
