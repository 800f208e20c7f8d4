import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

/** Knowledge documents, their chunks, sync runs, AI agents (with every earlier version) and workspace settings. */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('knowledge_items')
    .addColumn('tenant_id', t.text, (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('item_id', t.text, (c) => c.notNull())
    .addColumn('title', t.text, (c) => c.notNull())
    .addColumn('content_type', t.text, (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', t.text, (c) => c.notNull())
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('error', t.text)
    .addColumn('created_at', t.text, (c) => c.notNull())
    .addColumn('indexed_at', t.text)
    .addColumn('content', t.blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('knowledge_items_pk', ['tenant_id', 'item_id'])
    .execute();
  await db.schema.createIndex('knowledge_items_list').on('knowledge_items').columns(['tenant_id', 'created_at desc', 'item_id desc']).execute();
  await db.schema.createIndex('knowledge_items_status').on('knowledge_items').columns(['tenant_id', 'status', 'created_at']).execute();

  await db.schema
    .createTable('knowledge_chunks')
    .addColumn('chunk_seq', t.serialKey, t.serialKeyOptions)
    .addColumn('tenant_id', t.text, (c) => c.notNull())
    .addColumn('item_id', t.text, (c) => c.notNull())
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_chunks_item').on('knowledge_chunks').columns(['tenant_id', 'item_id', 'chunk_index']).execute();

  await db.schema
    .createTable('knowledge_sync_runs')
    .addColumn('sync_id', t.text, (c) => c.primaryKey())
    .addColumn('tenant_id', t.text, (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('requested_at', t.text, (c) => c.notNull())
    .addColumn('started_at', t.text)
    .addColumn('finished_at', t.text)
    .addColumn('documents_indexed', 'integer', (c) => c.notNull())
    .addColumn('documents_failed', 'integer', (c) => c.notNull())
    .addColumn('chunks', 'integer', (c) => c.notNull())
    .execute();
  // At most one queued or running run per tenant, enforced by the database itself.
  await sql`CREATE UNIQUE INDEX knowledge_sync_runs_active ON knowledge_sync_runs (tenant_id) WHERE status IN ('queued', 'running')`.execute(db);

  await db.schema
    .createTable('agents')
    .addColumn('agent_id', t.text, (c) => c.primaryKey())
    .addColumn('tenant_id', t.text, (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', t.text, (c) => c.notNull())
    .addColumn('settings_json', t.text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agents_tenant').on('agents').columns(['tenant_id', 'agent_id']).execute();
  await db.schema
    .createTable('agent_versions')
    .addColumn('agent_id', t.text, (c) => c.notNull().references('agents.agent_id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', t.text, (c) => c.notNull())
    .addColumn('updated_at', t.text, (c) => c.notNull())
    .addColumn('settings_json', t.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_versions_pk', ['agent_id', 'version'])
    .execute();

  await db.schema
    .createTable('workspaces')
    .addColumn('tenant_id', t.text, (c) => c.primaryKey().references('tenants.tenant_id'))
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('timezone', t.text, (c) => c.notNull())
    .addColumn('locale', t.text, (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['workspaces', 'agent_versions', 'agents', 'knowledge_sync_runs', 'knowledge_chunks', 'knowledge_items']) {
    await db.schema.dropTable(t).execute();
  }
}
