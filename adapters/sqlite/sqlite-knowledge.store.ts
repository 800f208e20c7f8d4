import { type Kysely, sql } from 'kysely';
import type { SearchTerm } from '../../core/calls/call.model.js';
import type { Chunk, SearchHit } from '../../core/knowledge/knowledge.model.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import type { Database } from '../sql/database.js';
import { appendOutboxEvents } from '../sql/sql-event-outbox.js';
import { SqlKnowledgeStore } from '../sql/sql-knowledge.store.js';

const ROWS_PER_STATEMENT = 300;

/**
 * "Any of the terms", each a quoted FTS5 string (quotes doubled) in a bound parameter:
 * nothing a caller types is FTS syntax or SQL. BM25 ranks chunks with more and rarer terms first.
 */
export const fts5AnyQuery = (terms: SearchTerm[]) => terms.map((t) => `"${t.text.replace(/"/g, '""')}"${t.prefix ? '*' : ''}`).join(' OR ');

/** Knowledge documents and their FTS5 index (migration 0004-knowledge-fts) in SQLite. */
export class SqliteKnowledgeStore extends SqlKnowledgeStore {
  /** Marks the item indexed and replaces its chunks in one transaction, only while it exists. */
  async markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string, events?: readonly OutboxEvent[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('knowledge_items')
        .set({ status: 'indexed', error: null, indexed_at: indexedAt })
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await this.unindex(trx, tenantId, itemId);
      await this.index(trx, tenantId, itemId, chunks);
      await appendOutboxEvents(trx, events);
      return true;
    });
  }

  private async index(trx: Kysely<Database>, tenantId: string, itemId: string, chunks: Chunk[]): Promise<void> {
    for (let i = 0; i < chunks.length; i += ROWS_PER_STATEMENT) {
      const part = chunks.slice(i, i + ROWS_PER_STATEMENT);
      const inserted = await trx
        .insertInto('knowledge_chunks')
        .values(part.map((c) => ({ tenant_id: tenantId, item_id: itemId, chunk_index: c.chunk_index, text: c.text })))
        .returning('chunk_seq')
        .execute();
      await sql`INSERT INTO knowledge_fts (rowid, text) VALUES ${sql.join(part.map((c, j) => sql`(${inserted[j].chunk_seq}, ${c.text})`))}`.execute(trx);
    }
  }

  async search(tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]> {
    if (terms.length === 0) return [];
    const { rows } = await sql<{ item_id: string; title: string; chunk_index: number; text: string; rank: number }>`
      SELECT c.item_id, i.title, c.chunk_index, c.text, bm25(knowledge_fts) AS rank
      FROM knowledge_fts
        CROSS JOIN knowledge_chunks AS c ON c.chunk_seq = knowledge_fts.rowid
        CROSS JOIN knowledge_items AS i ON i.tenant_id = c.tenant_id AND i.item_id = c.item_id
      WHERE knowledge_fts MATCH ${fts5AnyQuery(terms)} AND c.tenant_id = ${tenantId}
      ORDER BY rank, c.item_id, c.chunk_index
      LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => ({ item_id: r.item_id, title: r.title, chunk_index: Number(r.chunk_index), text: r.text, score: Math.round(-Number(r.rank) * 1e6) / 1e6 }));
  }

  protected async unindex(trx: Kysely<Database>, tenantId: string, itemId: string): Promise<void> {
    await sql`DELETE FROM knowledge_fts WHERE rowid IN (SELECT chunk_seq FROM knowledge_chunks WHERE tenant_id = ${tenantId} AND item_id = ${itemId})`.execute(trx);
    await trx.deleteFrom('knowledge_chunks').where('tenant_id', '=', tenantId).where('item_id', '=', itemId).execute();
  }
}
