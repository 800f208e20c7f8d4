import { type Kysely, sql } from 'kysely';

/**
 * Issue 25 point 5 (ADR 0028): fair claims read, per subscription, its earliest pending
 * deliveries, and count the deliveries in flight (pending under a lease); both from an index,
 * so a claim costs the subscriptions and the deliveries in flight, never the backlog.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX webhook_deliveries_pending_by_subscription ON webhook_deliveries (subscription_id, next_attempt_at, delivery_id) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (lease_expires_at) WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_leased').execute();
  await db.schema.dropIndex('webhook_deliveries_pending_by_subscription').execute();
}
