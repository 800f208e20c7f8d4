import type { Kysely } from 'kysely';

/** Tenants, their users and their calls. The full-text index is each dialect's own step. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_tenant').on('users').column('tenant_id').execute();

  await db.schema
    .createTable('calls')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('call_id', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('transcript_json', 'text', (c) => c.notNull())
    .addColumn('metadata_json', 'text', (c) => c.notNull())
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
