import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

/**
 * Issue 14 (ADR 0014): a key's archived verifications by month in served order (invoice
 * reconciliation, `GET /verify/requests?month=`), and users that can be disabled (a disabled
 * user's tokens are refused; `svc-admin user disable|enable`).
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.createIndex('verification_archive_key_served').on('verification_archive').columns(['key_id', 'served_at', 'request_id']).execute();
  await db.schema.alterTable('users').addColumn('disabled_at', t.text).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.dropIndex('verification_archive_key_served').execute();
}
