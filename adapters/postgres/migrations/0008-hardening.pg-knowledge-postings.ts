import { type Kysely, sql } from 'kysely';
import { chunkPostings } from '../knowledge-postings.js';
import { tsvectorWithPositions } from '../tsvector.js';

const BACKFILL_PAGE = 500;

/**
 * BM25 over an inverted index the adapter keeps (ADR 0019), replacing the `tsvector` + GIN
 * index of 0004-knowledge-search:
 * - `knowledge_postings`: one row per (tenant, word, chunk) with the word's count in the chunk
 *   (`tf`) and the chunk's length in words (`dl`); its primary key, which carries both, is the
 *   posting list a search reads by word (a prefix is a key range: the words compare byte by
 *   byte) without visiting the table once its pages are marked all-visible (vacuumed: the
 *   store vacuums after each large batch of postings, and autovacuum after 1 % new rows);
 *   the `chunk_seq` index is how a chunk's postings go when the chunk does;
 * - `knowledge_chunks.tokens`: each chunk's length in words;
 * - `knowledge_stats`: per tenant, the chunks and words indexed (BM25's N and average length).
 * Chunks indexed before this migration get their postings here, from their text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE knowledge_postings (
    tenant_id text COLLATE "C" NOT NULL,
    term text COLLATE "C" NOT NULL,
    chunk_seq integer NOT NULL,
    tf integer NOT NULL,
    dl integer NOT NULL,
    CONSTRAINT knowledge_postings_pk PRIMARY KEY (tenant_id, term, chunk_seq) INCLUDE (tf, dl)
  ) WITH (autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(db);
  await sql`CREATE INDEX knowledge_postings_chunk ON knowledge_postings (chunk_seq)`.execute(db);
  await sql`CREATE TABLE knowledge_stats (
    tenant_id text COLLATE "C" PRIMARY KEY,
    chunks bigint NOT NULL,
    tokens bigint NOT NULL
  )`.execute(db);
  await sql`ALTER TABLE knowledge_chunks ADD COLUMN tokens integer NOT NULL DEFAULT 0`.execute(db);

  for (let after = 0; ; ) {
    const { rows } = await sql<{ chunk_seq: number; tenant_id: string; text: string }>`
      SELECT chunk_seq, tenant_id, text FROM knowledge_chunks WHERE chunk_seq > ${after} ORDER BY chunk_seq LIMIT ${BACKFILL_PAGE}`.execute(db);
    if (rows.length === 0) break;
    const postings = rows.map((r) => ({ ...r, ...chunkPostings(r.text) }));
    await sql`UPDATE knowledge_chunks AS c SET tokens = v.tokens
      FROM unnest(${postings.map((p) => p.chunk_seq)}::int[], ${postings.map((p) => p.tokens)}::int[]) AS v(chunk_seq, tokens)
      WHERE c.chunk_seq = v.chunk_seq`.execute(db);
    const flat = postings.flatMap((p) => p.terms.map((term, i) => ({ tenant_id: p.tenant_id, term, chunk_seq: p.chunk_seq, tf: p.tfs[i], dl: p.tokens })));
    await sql`INSERT INTO knowledge_postings (tenant_id, term, chunk_seq, tf, dl)
      SELECT * FROM unnest(${flat.map((f) => f.tenant_id)}::text[], ${flat.map((f) => f.term)}::text[], ${flat.map((f) => f.chunk_seq)}::int[],
        ${flat.map((f) => f.tf)}::int[], ${flat.map((f) => f.dl)}::int[])`.execute(db);
    after = rows[rows.length - 1].chunk_seq;
  }
  await sql`INSERT INTO knowledge_stats (tenant_id, chunks, tokens)
    SELECT tenant_id, count(*), sum(tokens) FROM knowledge_chunks GROUP BY tenant_id`.execute(db);

  await sql`DROP INDEX knowledge_chunks_search`.execute(db);
  await sql`ALTER TABLE knowledge_chunks DROP COLUMN search`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE knowledge_chunks ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector`.execute(db);
  for (let after = 0; ; ) {
    const { rows } = await sql<{ chunk_seq: number; text: string }>`
      SELECT chunk_seq, text FROM knowledge_chunks WHERE chunk_seq > ${after} ORDER BY chunk_seq LIMIT ${BACKFILL_PAGE}`.execute(db);
    if (rows.length === 0) break;
    await sql`UPDATE knowledge_chunks AS c SET search = v.search::tsvector
      FROM unnest(${rows.map((r) => r.chunk_seq)}::int[], ${rows.map((r) => tsvectorWithPositions(r.text))}::text[]) AS v(chunk_seq, search)
      WHERE c.chunk_seq = v.chunk_seq`.execute(db);
    after = rows[rows.length - 1].chunk_seq;
  }
  await sql`CREATE INDEX knowledge_chunks_search ON knowledge_chunks USING gin (search)`.execute(db);
  await sql`ALTER TABLE knowledge_chunks DROP COLUMN tokens`.execute(db);
  await sql`DROP TABLE knowledge_stats`.execute(db);
  await sql`DROP TABLE knowledge_postings`.execute(db);
}
