import { type Kysely, sql } from 'kysely';
import type { SearchTerm } from '../../core/calls/call.model.js';
import type { Chunk, SearchHit } from '../../core/knowledge/knowledge.model.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import type { Database } from '../sql/database.js';
import { SqlKnowledgeStore } from '../sql/sql-knowledge.store.js';
import { tsqueryAny, tsvectorWithPositions } from './tsvector.js';

/**
 * Knowledge documents in PostgreSQL: chunks carry a positional `tsvector` under a GIN index
 * (migration 0004-knowledge-search). A search matches chunks holding any of the terms and
 * ranks them with ts_rank normalised by length (flag 1), the closest PostgreSQL has to the
 * BM25 ranking of the SQLite store: more and rarer occurrences in shorter chunks first.
 */
export class PostgresKnowledgeStore extends SqlKnowledgeStore {
  /**
   * One statement instead of a transaction of four (update, delete, insert, commit): a sync
   * writes one of these per document, and on PostgreSQL each statement is a round trip. The
   * chunks travel as three arrays, so a document of any size is one statement; so do the
   * outbox events (written only when the item was), which makes them part of the same change.
   */
  async markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string, events: readonly OutboxEvent[] = []): Promise<boolean> {
    const { rows } = await sql<{ updated: number }>`
      WITH item AS (
        UPDATE knowledge_items SET status = 'indexed', error = NULL, indexed_at = ${indexedAt}
        WHERE tenant_id = ${tenantId} AND item_id = ${itemId}
        RETURNING 1
      ), gone AS (
        DELETE FROM knowledge_chunks
        WHERE tenant_id = ${tenantId} AND item_id = ${itemId} AND EXISTS (SELECT 1 FROM item)
      ), added AS (
        INSERT INTO knowledge_chunks (tenant_id, item_id, chunk_index, text, search)
        SELECT ${tenantId}, ${itemId}, v.chunk_index, v.text, v.search::tsvector
        FROM unnest(${chunks.map((c) => c.chunk_index)}::int[], ${chunks.map((c) => c.text)}::text[], ${chunks.map((c) => tsvectorWithPositions(c.text))}::text[])
          AS v(chunk_index, text, search)
        WHERE EXISTS (SELECT 1 FROM item)
      ), evented AS (
        INSERT INTO webhook_events (event_id, owner_kind, owner_id, type, created_at, payload, fanned_out_at)
        SELECT v.event_id, v.owner_kind, v.owner_id, v.type, v.created_at, v.payload, NULL
        FROM unnest(${events.map((e) => e.event_id)}::text[], ${events.map((e) => e.owner_kind)}::text[], ${events.map((e) => e.owner_id)}::text[],
          ${events.map((e) => e.type)}::text[], ${events.map((e) => e.created_at)}::text[], ${events.map((e) => e.payload)}::text[])
          AS v(event_id, owner_kind, owner_id, type, created_at, payload)
        WHERE EXISTS (SELECT 1 FROM item)
      )
      SELECT count(*)::int AS updated FROM item`.execute(this.db);
    return rows[0]?.updated === 1;
  }

  protected async unindex(trx: Kysely<Database>, tenantId: string, itemId: string): Promise<void> {
    await trx.deleteFrom('knowledge_chunks').where('tenant_id', '=', tenantId).where('item_id', '=', itemId).execute();
  }

  async search(tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]> {
    if (terms.length === 0) return [];
    // Rank first on the chunks alone (top `limit` by rank), then fetch text and titles for
    // those: the ranking step carries no text or join through thousands of matches.
    const { rows } = await sql<{ item_id: string; title: string; chunk_index: number; text: string; rank: number }>`
      SELECT c.item_id, i.title, c.chunk_index, c.text, top.rank
      FROM (
        SELECT c.chunk_seq, c.item_id, c.chunk_index, ts_rank(c.search, q, 1) AS rank
        FROM knowledge_chunks AS c CROSS JOIN CAST(${tsqueryAny(terms)} AS tsquery) AS q
        WHERE c.tenant_id = ${tenantId} AND c.search @@ q
        ORDER BY rank DESC, c.item_id, c.chunk_index
        LIMIT ${limit}
      ) AS top
        JOIN knowledge_chunks AS c ON c.chunk_seq = top.chunk_seq
        JOIN knowledge_items AS i ON i.tenant_id = c.tenant_id AND i.item_id = c.item_id
      ORDER BY top.rank DESC, c.item_id, c.chunk_index`.execute(this.db);
    return rows.map((r) => ({ item_id: r.item_id, title: r.title, chunk_index: Number(r.chunk_index), text: r.text, score: Math.round(Number(r.rank) * 1e6) / 1e6 }));
  }
}
