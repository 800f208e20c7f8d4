import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

/**
 * Research orders and key plans (docs/decisions/0015, 0016): the orders table, a key's plan
 * (`production` for every existing key), and an index on the archive by key and time for a pilot
 * that ends in the middle of a month. Portable types only; one column per ALTER (SQLite).
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('plan', t.text, (c) => c.notNull().defaultTo('production')).execute();
  await db.schema.alterTable('api_keys').addColumn('plan_until', t.text).execute();
  await db.schema.alterTable('api_keys').addColumn('price_list_json', t.text).execute();

  await db.schema
    .createTable('research_orders')
    .addColumn('order_id', t.text, (c) => c.primaryKey())
    .addColumn('key_id', t.text, (c) => c.notNull().references('api_keys.key_id'))
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('tier', t.text, (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', t.text, (c) => c.notNull())
    .addColumn('subject_artist', t.text, (c) => c.notNull())
    .addColumn('subject_title', t.text, (c) => c.notNull())
    .addColumn('subject_ref', t.text)
    .addColumn('request_id', t.text)
    .addColumn('client_reference', t.text)
    .addColumn('note', t.text)
    .addColumn('created_at', t.text, (c) => c.notNull())
    .addColumn('updated_at', t.text, (c) => c.notNull())
    .addColumn('accepted_at', t.text)
    .addColumn('declined_at', t.text)
    .addColumn('decline_reason', t.text)
    .addColumn('cancelled_at', t.text)
    .addColumn('delivered_at', t.text)
    .addColumn('import_id', t.text)
    .addColumn('corpus_revision', t.text)
    .addColumn('idempotency_key', t.text)
    .addColumn('request_fingerprint', t.text)
    .execute();
  // One order per key and Idempotency-Key (NULLs never collide on either database).
  await db.schema.createIndex('research_orders_idempotency').on('research_orders').columns(['key_id', 'idempotency_key']).unique().execute();
  await db.schema.createIndex('research_orders_key_created').on('research_orders').columns(['key_id', 'created_at', 'order_id']).execute();
  await db.schema.createIndex('research_orders_status_created').on('research_orders').columns(['status', 'created_at', 'order_id']).execute();
  await db.schema.createIndex('research_orders_delivered').on('research_orders').columns(['delivered_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('research_orders').execute();
  await db.schema.alterTable('api_keys').dropColumn('price_list_json').execute();
  await db.schema.alterTable('api_keys').dropColumn('plan_until').execute();
  await db.schema.alterTable('api_keys').dropColumn('plan').execute();
}
