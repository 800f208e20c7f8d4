import { type Kysely, sql } from 'kysely';

/**
 * The full-text index over knowledge chunks: `knowledge_chunks.search` is a `tsvector` with
 * word positions (ts_rank uses how often a word occurs), under a GIN index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE knowledge_chunks ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector`.execute(db);
  await sql`CREATE INDEX knowledge_chunks_search ON knowledge_chunks USING gin (search)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX knowledge_chunks_search`.execute(db);
  await sql`ALTER TABLE knowledge_chunks DROP COLUMN search`.execute(db);
}
