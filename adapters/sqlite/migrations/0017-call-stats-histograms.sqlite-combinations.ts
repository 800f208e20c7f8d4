import type { Kysely } from 'kysely';

/**
 * SQLite's per-period counts (ADR 0057, `SqlCapabilities.periodCounts`): each (period, channel ×
 * direction × status) is one range of this index, so a period's counts by channel, direction and
 * status are a `count` and a `sum` per range instead of eight `FILTER`ed counts per call.
 * PostgreSQL keeps the filtered counts (its planner scans the window per range) and has no need of it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('calls_tenant_combination_stats')
    .on('calls')
    .columns(['tenant_id', 'channel', 'direction', 'status', 'started_at', 'duration_seconds'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('calls_tenant_combination_stats').execute();
}
