import { type Kysely, sql } from 'kysely';

/**
 * SQLite's full-text index over calls. `calls_fts` is FTS5, contentless (the text lives in
 * `calls`; the index keeps only what matching needs); `unicode61 remove_diacritics 2` folds
 * case and accents; prefix indexes of 1 and 2 characters make short `x*` prefixes cheap.
 * Its rowid is a search key that sorts like the list (see sqlite-call-search.ts);
 * `calls_search_keys` maps each key to its call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE calls_fts USING fts5(
    summary, transcript,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2'
  )`.execute(db);
  await sql`CREATE TABLE calls_search_keys (
    key INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE calls_search_keys`.execute(db);
  await sql`DROP TABLE calls_fts`.execute(db);
}
