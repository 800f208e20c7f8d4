import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

/**
 * Webhooks (docs/decisions/0017-webhooks.md): subscriptions of a tenant or an API key, the
 * transactional outbox of events, the deliveries fanned out from it (claimed under a lease,
 * like the sync runs) and the attempts of each delivery.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('subscription_id', t.text, (c) => c.primaryKey())
    .addColumn('owner_kind', t.text, (c) => c.notNull())
    .addColumn('owner_id', t.text, (c) => c.notNull())
    .addColumn('url', t.text, (c) => c.notNull())
    .addColumn('description', t.text)
    .addColumn('events_json', t.text, (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', t.text)
    .addColumn('failing_since', t.text)
    .addColumn('secret', t.text, (c) => c.notNull())
    .addColumn('previous_secret', t.text)
    .addColumn('previous_secret_expires_at', t.text)
    .addColumn('created_at', t.text, (c) => c.notNull())
    .addColumn('updated_at', t.text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_subscriptions_owner').on('webhook_subscriptions').columns(['owner_kind', 'owner_id', 'created_at', 'subscription_id']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('event_id', t.text, (c) => c.primaryKey())
    .addColumn('owner_kind', t.text, (c) => c.notNull())
    .addColumn('owner_id', t.text, (c) => c.notNull())
    .addColumn('type', t.text, (c) => c.notNull())
    .addColumn('created_at', t.text, (c) => c.notNull())
    .addColumn('payload', t.text, (c) => c.notNull())
    .addColumn('fanned_out_at', t.text)
    .execute();
  await sql`CREATE INDEX webhook_events_new ON webhook_events (created_at, event_id) WHERE fanned_out_at IS NULL`.execute(db);

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('delivery_id', t.text, (c) => c.primaryKey())
    .addColumn('subscription_id', t.text, (c) => c.notNull())
    .addColumn('event_id', t.text, (c) => c.notNull())
    .addColumn('event_type', t.text, (c) => c.notNull())
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.text, (c) => c.notNull())
    .addColumn('window_started_at', t.text, (c) => c.notNull())
    .addColumn('next_attempt_at', t.text)
    .addColumn('lease_owner', t.text)
    .addColumn('lease_expires_at', t.text)
    .addUniqueConstraint('webhook_deliveries_once', ['event_id', 'subscription_id'])
    .execute();
  await sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await db.schema.createIndex('webhook_deliveries_log').on('webhook_deliveries').columns(['subscription_id', 'created_at', 'delivery_id']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('delivery_id', t.text, (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', t.text, (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('error', t.text)
    .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_subscriptions']) {
    await db.schema.dropTable(table).execute();
  }
}
