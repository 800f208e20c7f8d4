import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('verification_archive')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('served_at', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text')
    .addColumn('request_json', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_usage')
    .addColumn('meter_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('served_calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('verification_usage_pk', ['meter_id', 'month'])
    .execute();

}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('verification_usage').execute();
  await db.schema.dropTable('verification_archive').execute();
  await db.schema.dropTable('api_keys').execute();
}
