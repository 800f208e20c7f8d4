import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../sql-dialect.js';

/**
 * Operator research (svc-admin corpus import): one row per applied import, whose `revision` is
 * the operator part of corpus_revision, and the artists, works and claims it added. Portable
 * types only (text, integer), no auto-increment: the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('corpus_imports')
    .addColumn('import_id', t.text, (c) => c.primaryKey())
    .addColumn('revision', 'integer', (c) => c.notNull().unique())
    .addColumn('applied_at', t.text, (c) => c.notNull())
    .addColumn('file', t.text, (c) => c.notNull())
    .addColumn('base_build', t.text, (c) => c.notNull())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('claims', 'integer', (c) => c.notNull())
    .addColumn('works_added', 'integer', (c) => c.notNull())
    .addColumn('artists_added', 'integer', (c) => c.notNull())
    .addColumn('researchers_json', t.text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_artists')
    .addColumn('artist_id', t.text, (c) => c.primaryKey())
    .addColumn('import_id', t.text, (c) => c.notNull().references('corpus_imports.import_id'))
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('birth_year', 'integer')
    .addColumn('death_year', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_works')
    .addColumn('work_id', t.text, (c) => c.primaryKey())
    .addColumn('import_id', t.text, (c) => c.notNull().references('corpus_imports.import_id'))
    .addColumn('artist_id', t.text, (c) => c.notNull())
    .addColumn('title', t.text, (c) => c.notNull())
    .addColumn('inventory_number', t.text)
    .execute();

  await db.schema
    .createTable('operator_claims')
    .addColumn('import_id', t.text, (c) => c.notNull().references('corpus_imports.import_id'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('work_id', t.text, (c) => c.notNull())
    .addColumn('pillar', t.text, (c) => c.notNull())
    .addColumn('kind', t.text, (c) => c.notNull())
    .addColumn('claim', t.text, (c) => c.notNull())
    .addColumn('source_ref', t.text, (c) => c.notNull())
    .addColumn('researcher', t.text, (c) => c.notNull())
    .addColumn('attribution_artist_id', t.text)
    .addColumn('attribution_qualifier', t.text)
    .addPrimaryKeyConstraint('operator_claims_pk', ['import_id', 'line'])
    .execute();
  await db.schema.createIndex('operator_claims_work').on('operator_claims').column('work_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_claims').execute();
  await db.schema.dropTable('operator_works').execute();
  await db.schema.dropTable('operator_artists').execute();
  await db.schema.dropTable('corpus_imports').execute();
}
