import type { Kysely } from 'kysely';

/**
 * Issue 27 (ADR 0048): the call analytics' per-agent figures read each agent's calls of the
 * window as one range of this index, agent after agent, in agent order: neither database sorts
 * the window's calls by agent to group them (PostgreSQL's sort of 100,000 calls spilled to disk).
 * Every column the figures read follows, so the index alone answers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('calls_tenant_agent_started_stats')
    .on('calls')
    .columns(['tenant_id', 'agent_id', 'started_at', 'channel', 'direction', 'status', 'duration_seconds'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('calls_tenant_agent_started_stats').execute();
}
