/** Tables of webhooks and the event outbox (migration 0007), as Kysely sees them. */
export interface WebhookTables {
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export interface WebhookSubscriptionsTable {
  subscription_id: string;
  owner_kind: string;
  owner_id: string;
  url: string;
  description: string | null;
  events_json: string;
  /** 1 or 0. */
  enabled: number;
  disabled_reason: string | null;
  failing_since: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  event_id: string;
  owner_kind: string;
  owner_id: string;
  type: string;
  created_at: string;
  /** The envelope JSON, exactly the bytes sent and signed. */
  payload: string;
  /** Null until its deliveries are made. */
  fanned_out_at: string | null;
}

export interface WebhookDeliveriesTable {
  delivery_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  created_at: string;
  window_started_at: string;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}
