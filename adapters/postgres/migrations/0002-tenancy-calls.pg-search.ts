import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL's full-text index over calls: `calls.search` holds the call's words, folded in
 * the application exactly as the SQLite index and the in-memory fake fold them (see
 * postgres-call-search.ts), as a `tsvector`; a GIN index answers `@@` queries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE calls ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector`.execute(db);
  await sql`CREATE INDEX calls_search ON calls USING gin (search)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX calls_search`.execute(db);
  await sql`ALTER TABLE calls DROP COLUMN search`.execute(db);
}
