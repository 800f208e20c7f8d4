import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

/** Tenants, their users and their calls. The full-text index is each dialect's own step. */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('tenant_id', t.text, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('created_at', t.text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('user_id', t.text, (c) => c.primaryKey())
    .addColumn('tenant_id', t.text, (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('email', t.text, (c) => c.notNull().unique())
    .addColumn('role', t.text, (c) => c.notNull())
    .addColumn('password_hash', t.text, (c) => c.notNull())
    .addColumn('created_at', t.text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_tenant').on('users').column('tenant_id').execute();

  await db.schema
    .createTable('calls')
    .addColumn('seq', t.serialKey, t.serialKeyOptions)
    .addColumn('tenant_id', t.text, (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('call_id', t.text, (c) => c.notNull())
    .addColumn('agent_id', t.text)
    .addColumn('channel', t.text, (c) => c.notNull())
    .addColumn('direction', t.text, (c) => c.notNull())
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('caller', t.text, (c) => c.notNull())
    .addColumn('started_at', t.text, (c) => c.notNull())
    .addColumn('ended_at', t.text, (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('summary', t.text)
    .addColumn('transcript_json', t.text, (c) => c.notNull())
    .addColumn('metadata_json', t.text, (c) => c.notNull())
    .addUniqueConstraint('calls_tenant_call_id', ['tenant_id', 'call_id'])
    .execute();
  // The list order (started_at desc, call_id desc) within a tenant, and the channel filter.
  await db.schema.createIndex('calls_tenant_started').on('calls').columns(['tenant_id', 'started_at desc', 'call_id desc']).execute();
  await db.schema
    .createIndex('calls_tenant_channel_started')
    .on('calls')
    .columns(['tenant_id', 'channel', 'started_at desc', 'call_id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calls').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('tenants').execute();
}
