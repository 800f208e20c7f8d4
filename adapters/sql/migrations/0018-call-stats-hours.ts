import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

const COUNTS = [
  ['channel', ['voice', 'chat', 'whatsapp', 'sms', 'email']],
  ['direction', ['inbound', 'outbound']],
  ['status', ['completed', 'missed', 'failed', 'transferred']],
] as const;
const COUNT_COLUMNS = COUNTS.flatMap(([column, values]) => values.map((v) => ({ name: `${column}_${v}`, column, value: v })));

/**
 * Issue 27 (ADR 0058): each tenant's calls per UTC hour and agent (`agent_key`: the agent_id, ''
 * for calls without one, which no agent_id is), kept by every transaction that inserts or deletes
 * calls, so that the call analytics read a year's periods and agents from a row per hour and agent
 * instead of every call. Filled here from the calls already stored.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  let table = db.schema
    .createTable('call_stats_hours')
    .addColumn('tenant_id', t.text, (c) => c.notNull())
    .addColumn('hour', t.text, (c) => c.notNull())
    .addColumn('agent_key', t.text, (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('total_seconds', 'bigint', (c) => c.notNull());
  for (const { name } of COUNT_COLUMNS) table = table.addColumn(name, 'integer', (c) => c.notNull());
  await table
    .addColumn('durations', t.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('call_stats_hours_pk', ['tenant_id', 'hour', 'agent_key'])
    .execute();
  const counts = COUNT_COLUMNS.map(({ name, column, value }) => sql`count(*) FILTER (WHERE ${sql.ref(column)} = ${sql.lit(value)}) AS ${sql.ref(name)}`);
  await sql`
    INSERT INTO call_stats_hours (tenant_id, hour, agent_key, calls, total_seconds, ${sql.join(COUNT_COLUMNS.map(({ name }) => sql.ref(name)))}, durations)
    SELECT tenant_id, substr(started_at, 1, 13), coalesce(agent_id, ''), count(*), sum(duration_seconds), ${sql.join(counts)}, string_agg(duration_seconds || '', ',')
    FROM calls GROUP BY tenant_id, substr(started_at, 1, 13), coalesce(agent_id, '')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('call_stats_hours').execute();
}
