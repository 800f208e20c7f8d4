import type { Kysely } from 'kysely';

/**
 * Issue 27 (ADR 0051): the call analytics' percentiles over a window that holds most of the
 * tenant's calls read the durations in order, from these indexes, instead of sorting them: the
 * window's total by (tenant_id, duration_seconds), each agent's by (tenant_id, agent_id,
 * duration_seconds). SQLite's `percentile_cont` then skips its sort (the values arrive sorted),
 * PostgreSQL's sort finds its input already ordered. Every column the figures read follows, so
 * the index alone answers. PostgreSQL, asked for the order, weighs them against a sort by its
 * statistics; SQLite reads them when told (`SqlCapabilities.orderedRead`), for unfiltered
 * windows covering at least half of the tenant's span.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('calls_tenant_duration_stats')
    .on('calls')
    .columns(['tenant_id', 'duration_seconds', 'started_at', 'channel', 'direction', 'status', 'agent_id'])
    .execute();
  await db.schema
    .createIndex('calls_tenant_agent_duration_stats')
    .on('calls')
    .columns(['tenant_id', 'agent_id', 'duration_seconds', 'started_at', 'channel', 'direction', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('calls_tenant_agent_duration_stats').execute();
  await db.schema.dropIndex('calls_tenant_duration_stats').execute();
}
