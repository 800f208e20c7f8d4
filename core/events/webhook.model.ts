import type { EventType, OwnerKind } from './event.model.js';

/** A subscription as the API shows it (never with its secrets). */
export interface WebhookSubscription {
  subscription_id: string;
  owner_kind: OwnerKind;
  owner_id: string;
  url: string;
  description: string | null;
  events: EventType[];
  enabled: boolean;
  /** Why the subscription was disabled (deliveries failing for days), or null. */
  disabled_reason: string | null;
  /** Since when every delivery has failed (null after a success). */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Signing secrets (`whsec_…`). After a rotation the previous secret still signs until
 * `previous_expires_at`, so a receiver can switch secrets without losing a delivery.
 */
export interface SubscriptionSecrets {
  current: string;
  previous: string | null;
  previous_expires_at: string | null;
}

export interface StoredSubscription extends WebhookSubscription {
  secrets: SubscriptionSecrets;
}

export const SUBSCRIPTION_ID_PATTERN = /^whk_[0-9a-f]{32}$/;
export const DELIVERY_ID_PATTERN = /^dlv_[0-9a-f]{32}$/;
export const URL_MAX_LENGTH = 2048;
export const DESCRIPTION_MAX_LENGTH = 500;
/** Subscriptions per owner. */
export const SUBSCRIPTIONS_MAX = 20;

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One try at delivering an event: what the delivery log shows. */
export interface DeliveryAttempt {
  attempt: number;
  attempted_at: string;
  /** The receiver's HTTP status; null when no response came (refused, timeout, connection error). */
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

/** One event for one subscription, with its attempts. */
export interface Delivery {
  delivery_id: string;
  subscription_id: string;
  event_id: string;
  event_type: EventType;
  status: DeliveryStatus;
  created_at: string;
  /** When the next attempt is due (pending only). */
  next_attempt_at: string | null;
  attempts: DeliveryAttempt[];
}

/** A delivery claimed by a dispatcher: everything needed to send it. */
export interface DueDelivery {
  delivery_id: string;
  subscription_id: string;
  event_id: string;
  /** Attempts made so far. */
  attempts: number;
  /** Start of the retry window (creation, or the last manual retry). */
  window_started_at: string;
  payload: string;
  url: string;
  secrets: SubscriptionSecrets;
  subscription_enabled: boolean;
  failing_since: string | null;
}

/** The new state of a delivery after an attempt. */
export interface DeliveryOutcome {
  status: DeliveryStatus;
  next_attempt_at: string | null;
  attempt: DeliveryAttempt;
}

/** Position of a delivery in its log (newest first). */
export interface DeliveryPosition {
  created_at: string;
  delivery_id: string;
}

export interface SubscriptionPosition {
  created_at: string;
  subscription_id: string;
}

/** Whether a fan-out makes a delivery of `event` for `sub`: same owner, enabled, listening, and older than the event. */
export function listensTo(sub: WebhookSubscription, event: { owner_kind: string; owner_id: string; type: string; created_at: string }): boolean {
  return (
    sub.enabled &&
    sub.owner_kind === event.owner_kind &&
    sub.owner_id === event.owner_id &&
    sub.created_at <= event.created_at &&
    (sub.events as string[]).includes(event.type)
  );
}
