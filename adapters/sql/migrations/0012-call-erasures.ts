import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

/**
 * Issue 30 (ADR 0037): erasure records (who asked, when, how, how many calls; no personal data)
 * and the index that finds a caller's calls in a tenant without reading the others.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('call_erasures')
    .addColumn('erasure_id', t.text, (c) => c.primaryKey())
    .addColumn('tenant_id', t.text, (c) => c.notNull())
    .addColumn('requested_by', t.text, (c) => c.notNull())
    .addColumn('requested_at', t.text, (c) => c.notNull())
    .addColumn('selector', t.text, (c) => c.notNull())
    .addColumn('calls_erased', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('call_erasures_tenant').on('call_erasures').columns(['tenant_id', 'requested_at', 'erasure_id']).execute();
  await db.schema.createIndex('calls_tenant_caller').on('calls').columns(['tenant_id', 'caller']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('calls_tenant_caller').execute();
  await db.schema.dropTable('call_erasures').execute();
}
