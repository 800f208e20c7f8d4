import { type Kysely, sql } from 'kysely';

/**
 * FTS5 over knowledge chunks: contentless (the text lives in `knowledge_chunks`, whose
 * `chunk_seq` is the rowid), deletable, folding case and accents like the calls index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE knowledge_fts USING fts5(
    text,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2'
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE knowledge_fts`.execute(db);
}
