import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

/**
 * Sync run leases: the runner holding a run (`lease_owner`, unique per process) and until when
 * (`lease_expires_at`, ISO instant). Another process takes a running run over once its lease
 * expired; a run left running without a lease (before this migration) counts as expired.
 * One column per statement: SQLite's ALTER TABLE adds a single column.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('knowledge_sync_runs').addColumn('lease_owner', t.text).execute();
  await db.schema.alterTable('knowledge_sync_runs').addColumn('lease_expires_at', t.text).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('knowledge_sync_runs').dropColumn('lease_expires_at').execute();
  await db.schema.alterTable('knowledge_sync_runs').dropColumn('lease_owner').execute();
}
