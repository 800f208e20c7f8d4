import type { Kysely } from 'kysely';
import * as durationIndexes from './0015-call-stats-durations.js';

/**
 * Issue 27 (ADR 0057): the call analytics read each agent's durations as a histogram per status,
 * `GROUP BY agent_id, status, duration_seconds`, which this index gives in order (no sort): the
 * agents' counts by status, durations and percentiles and the window's percentiles all follow
 * from it. It replaces migration 0015's two duration-ordered indexes, which no read takes any
 * more (the window's and each agent's durations in order for `percentile_cont`, ADR 0051).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('calls_tenant_agent_status_duration_stats')
    .on('calls')
    .columns(['tenant_id', 'agent_id', 'status', 'duration_seconds', 'started_at', 'channel', 'direction'])
    .execute();
  await durationIndexes.down(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await durationIndexes.up(db);
  await db.schema.dropIndex('calls_tenant_agent_status_duration_stats').execute();
}
