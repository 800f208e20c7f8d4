import { type Kysely, sql } from 'kysely';
import type { SearchTerm } from '../../core/shared/search-query.js';
import type { Chunk, SearchHit } from '../../core/knowledge/knowledge.model.js';
import type { Database } from '../sql/database.js';
import type { SqlKnowledgeIndex } from '../sql/sql-dialect.js';
import { chunkPostings, termRange } from './knowledge-postings.js';

/**
 * BM25 as SQLite's FTS5 computes it (k1 = 1.2, b = 0.75; a word in more than half the chunks
 * weighs 1e-6): `idf(n) = ln((N − n + 0.5) / (n + 0.5))`, and per word of the query
 * `idf · tf · (k1 + 1) / (tf + k1 · (1 − b + b · dl / avgdl))`, summed over the query's words.
 */
const K1 = 1.2;
const B = 0.75;

/**
 * A search reads posting lists from the primary key alone (an index-only scan) where the
 * table's pages are marked all-visible, which only VACUUM does; autovacuum wakes once a minute
 * at best. So the store vacuums the postings itself after every this many it wrote (an
 * insert-only vacuum visits the new pages only: 15–40 ms each in the benchmark's sync).
 */
const VACUUM_EVERY_POSTINGS = 100_000;

/**
 * The knowledge index in PostgreSQL: BM25 over an inverted index the adapter keeps
 * (migration 0008-hardening.pg-knowledge-postings, ADR 0019): `knowledge_postings` holds a row per (tenant,
 * word, chunk) with the word's count and the chunk's length, `knowledge_stats` each tenant's
 * chunk and word totals. A search reads its words' posting lists by key and nothing else until
 * the top chunks are known, so it costs by those lists' lengths, and ranks as the SQLite index
 * does (the same formula and constants; statistics per tenant, where FTS5's span the table).
 */
export class PostgresKnowledgeIndex implements SqlKnowledgeIndex {
  private postingsSinceVacuum = 0;

  /**
   * One statement for the whole replacement (chunks out, chunks in, their postings, the
   * tenant's statistics), inside the store's transaction: a sync writes one per document, and on
   * PostgreSQL each statement is a round trip. The chunks and their postings travel as arrays,
   * so a document of any size is one statement. The store's UPDATE of the item row locked it
   * first; the tenant's statistics row comes second, the order `unindex` keeps too.
   */
  async replace(trx: Kysely<Database>, tenantId: string, itemId: string, chunks: Chunk[]): Promise<void> {
    const indexed = chunks.map((c) => ({ chunk_index: c.chunk_index, ...chunkPostings(c.text) }));
    const postings = indexed.flatMap((c) => c.terms.map((term, i) => ({ chunk_index: c.chunk_index, term, tf: c.tfs[i] })));
    await sql`
      WITH gone AS (
        DELETE FROM knowledge_chunks WHERE tenant_id = ${tenantId} AND item_id = ${itemId}
        RETURNING chunk_seq, tokens
      ), unposted AS (
        DELETE FROM knowledge_postings WHERE chunk_seq IN (SELECT chunk_seq FROM gone)
      ), added AS (
        INSERT INTO knowledge_chunks (tenant_id, item_id, chunk_index, text, tokens)
        SELECT ${tenantId}, ${itemId}, v.chunk_index, v.text, v.tokens
        FROM unnest(${chunks.map((c) => c.chunk_index)}::int[], ${chunks.map((c) => c.text)}::text[], ${indexed.map((c) => c.tokens)}::int[])
          AS v(chunk_index, text, tokens)
        RETURNING chunk_seq, chunk_index, tokens
      ), posted AS (
        INSERT INTO knowledge_postings (tenant_id, term, chunk_seq, tf, dl)
        SELECT ${tenantId}, v.term, a.chunk_seq, v.tf, a.tokens
        FROM unnest(${postings.map((p) => p.chunk_index)}::int[], ${postings.map((p) => p.term)}::text[], ${postings.map((p) => p.tf)}::int[]) AS v(chunk_index, term, tf)
          JOIN added AS a ON a.chunk_index = v.chunk_index
      )
      INSERT INTO knowledge_stats AS s (tenant_id, chunks, tokens)
      SELECT ${tenantId}, (SELECT count(*) FROM added) - (SELECT count(*) FROM gone),
        (SELECT coalesce(sum(tokens), 0) FROM added) - (SELECT coalesce(sum(tokens), 0) FROM gone)
      ON CONFLICT (tenant_id) DO UPDATE SET chunks = s.chunks + excluded.chunks, tokens = s.tokens + excluded.tokens`.execute(trx);
    this.postingsSinceVacuum += postings.length;
  }

  /**
   * Past VACUUM_EVERY_POSTINGS written, vacuums the postings (skipped while another vacuum
   * holds the table). A failure here (a timeout on a huge table) is left to autovacuum: the
   * postings are written, only their pages are not marked visible yet.
   */
  async settle(db: Kysely<Database>): Promise<void> {
    if (this.postingsSinceVacuum < VACUUM_EVERY_POSTINGS) return;
    this.postingsSinceVacuum = 0;
    await sql`VACUUM (SKIP_LOCKED) knowledge_postings`.execute(db).catch(() => undefined);
  }

  /** The tenant's BM25 statistics row, once its items are unindexed (a tenant's offboarding). */
  async forgetTenant(trx: Kysely<Database>, tenantId: string): Promise<void> {
    await sql`DELETE FROM knowledge_stats WHERE tenant_id = ${tenantId}`.execute(trx);
  }

  /** Inside `delete`'s transaction: locks the item row first, as `markIndexed` does, then the statistics. */
  async unindex(trx: Kysely<Database>, tenantId: string, itemId: string): Promise<void> {
    await sql`
      WITH item AS (
        SELECT 1 FROM knowledge_items WHERE tenant_id = ${tenantId} AND item_id = ${itemId} FOR UPDATE
      ), gone AS (
        DELETE FROM knowledge_chunks WHERE tenant_id = ${tenantId} AND item_id = ${itemId} RETURNING chunk_seq, tokens
      ), unposted AS (
        DELETE FROM knowledge_postings WHERE chunk_seq IN (SELECT chunk_seq FROM gone)
      ), counted AS (
        UPDATE knowledge_stats SET chunks = chunks - (SELECT count(*) FROM gone), tokens = tokens - (SELECT coalesce(sum(tokens), 0) FROM gone)
        WHERE tenant_id = ${tenantId} AND EXISTS (SELECT 1 FROM gone)
      )
      SELECT count(*) FROM item`.execute(trx);
  }

  async search(db: Kysely<Database>, tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]> {
    if (terms.length === 0) return [];
    // Per query word: its idf, from the number of chunks holding it (n, a count over its key
    // range, computed once: an init plan), then its postings read by that range (a prefix's
    // words summed per chunk, as FTS5 counts a prefix's hits) and each chunk's BM25 term. Summed
    // per chunk, the top `limit` (with ties, ordered as SQLite orders them below), and only then
    // text and titles.
    const weighted = sql.join(
      terms.map((term) => {
        const { from, to } = termRange(term);
        const range = sql`tenant_id = ${tenantId} AND term >= ${from} AND term < ${to}`;
        const n = term.prefix ? sql`count(DISTINCT chunk_seq)` : sql`count(*)`;
        const idf = sql`(SELECT CASE WHEN x > 0 THEN x ELSE 1e-6::float8 END FROM (
          SELECT ln((s.n - k.n + 0.5) / (k.n + 0.5)) AS x FROM stats AS s, (SELECT ${n}::float8 AS n FROM knowledge_postings WHERE ${range}) AS k) AS z)`;
        const postings = term.prefix
          ? sql`SELECT chunk_seq, sum(tf)::float8 AS tf, min(dl)::float8 AS dl FROM knowledge_postings WHERE ${range} GROUP BY chunk_seq`
          : sql`SELECT chunk_seq, tf::float8 AS tf, dl::float8 AS dl FROM knowledge_postings WHERE ${range}`;
        return sql`SELECT p.chunk_seq, ${idf} * (p.tf * ${K1 + 1}::float8) / (p.tf + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * p.dl / (SELECT avgdl FROM stats))) AS w
          FROM (${postings}) AS p`;
      }),
      sql` UNION ALL `,
    );
    const { rows } = await sql<{ item_id: string; title: string; chunk_index: number; text: string; score: number }>`
      WITH stats AS (
        SELECT chunks::float8 AS n, tokens::float8 / chunks::float8 AS avgdl FROM knowledge_stats WHERE tenant_id = ${tenantId} AND chunks > 0
      ), top AS (
        SELECT m.chunk_seq, sum(m.w) AS score FROM (${weighted}) AS m
        GROUP BY m.chunk_seq
        ORDER BY score DESC
        FETCH FIRST ${limit} ROWS WITH TIES
      )
      SELECT c.item_id, i.title, c.chunk_index, c.text, top.score
      FROM top
        JOIN knowledge_chunks AS c ON c.chunk_seq = top.chunk_seq
        JOIN knowledge_items AS i ON i.tenant_id = c.tenant_id AND i.item_id = c.item_id
      ORDER BY top.score DESC, c.item_id, c.chunk_index
      LIMIT ${limit}`.execute(db);
    return rows.map((r) => ({ item_id: r.item_id, title: r.title, chunk_index: Number(r.chunk_index), text: r.text, score: Math.round(Number(r.score) * 1e6) / 1e6 }));
  }
}
