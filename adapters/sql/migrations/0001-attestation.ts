import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('key_id', t.text, (c) => c.primaryKey())
    .addColumn('key_hash', t.text, (c) => c.notNull().unique())
    .addColumn('label', t.text, (c) => c.notNull())
    .addColumn('per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.text, (c) => c.notNull())
    .addColumn('revoked_at', t.text)
    .execute();

  await db.schema
    .createTable('verification_archive')
    .addColumn('request_id', t.text, (c) => c.primaryKey())
    .addColumn('served_at', t.text, (c) => c.notNull())
    .addColumn('tier', t.text, (c) => c.notNull())
    .addColumn('key_id', t.text)
    .addColumn('request_json', t.text, (c) => c.notNull())
    .addColumn('response_json', t.text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_usage')
    .addColumn('meter_id', t.text, (c) => c.notNull())
    .addColumn('month', t.text, (c) => c.notNull())
    .addColumn('served_calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('verification_usage_pk', ['meter_id', 'month'])
    .execute();

}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('verification_usage').execute();
  await db.schema.dropTable('verification_archive').execute();
  await db.schema.dropTable('api_keys').execute();
}
