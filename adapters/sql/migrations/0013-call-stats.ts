import type { Kysely } from 'kysely';

/**
 * Issue 27 (ADR 0043): the call analytics read, for each call of a window, its channel,
 * direction, status, duration and agent. With them in the index after (tenant_id, started_at),
 * every stats query reads the index alone, never the rows (whose transcripts make each one a
 * page of its own).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('calls_tenant_started_stats')
    .on('calls')
    .columns(['tenant_id', 'started_at', 'channel', 'direction', 'status', 'duration_seconds', 'agent_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('calls_tenant_started_stats').execute();
}
