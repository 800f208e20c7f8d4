import { type Kysely, sql } from 'kysely';
import type { SearchTerm } from '../../core/shared/search-query.js';
import type { Chunk } from '../../core/knowledge/knowledge.model.js';
import type { Database } from '../sql/database.js';
import type { SqlKnowledgeIndex } from '../sql/sql-dialect.js';

const ROWS_PER_STATEMENT = 300;

/**
 * "Any of the terms", each a quoted FTS5 string (quotes doubled) in a bound parameter:
 * nothing a caller types is FTS syntax or SQL. BM25 ranks chunks with more and rarer terms first.
 */
export const fts5AnyQuery = (terms: SearchTerm[]) => terms.map((t) => `"${t.text.replace(/"/g, '""')}"${t.prefix ? '*' : ''}`).join(' OR ');

/** The FTS5 index over knowledge chunks in SQLite (migration 0004-knowledge-agents-workspace.sqlite-fts), stateless. */
export const sqliteKnowledgeIndex: SqlKnowledgeIndex = {
  /** Inside the store's transaction: the item's old chunks and their FTS5 rows out, the new ones in. */
  async replace(trx, tenantId, itemId, chunks) {
    await sqliteKnowledgeIndex.unindex(trx, tenantId, itemId);
    await insertChunks(trx, tenantId, itemId, chunks);
  },

  async search(db, tenantId, terms, limit) {
    if (terms.length === 0) return [];
    const { rows } = await sql<{ item_id: string; title: string; chunk_index: number; text: string; rank: number }>`
      SELECT c.item_id, i.title, c.chunk_index, c.text, bm25(knowledge_fts) AS rank
      FROM knowledge_fts
        CROSS JOIN knowledge_chunks AS c ON c.chunk_seq = knowledge_fts.rowid
        CROSS JOIN knowledge_items AS i ON i.tenant_id = c.tenant_id AND i.item_id = c.item_id
      WHERE knowledge_fts MATCH ${fts5AnyQuery(terms)} AND c.tenant_id = ${tenantId}
      ORDER BY rank, c.item_id, c.chunk_index
      LIMIT ${limit}`.execute(db);
    return rows.map((r) => ({ item_id: r.item_id, title: r.title, chunk_index: Number(r.chunk_index), text: r.text, score: Math.round(-Number(r.rank) * 1e6) / 1e6 }));
  },

  async unindex(trx, tenantId, itemId) {
    await sql`DELETE FROM knowledge_fts WHERE rowid IN (SELECT chunk_seq FROM knowledge_chunks WHERE tenant_id = ${tenantId} AND item_id = ${itemId})`.execute(trx);
    await trx.deleteFrom('knowledge_chunks').where('tenant_id', '=', tenantId).where('item_id', '=', itemId).execute();
  },

  async forgetTenant() {
    // FTS5 keeps nothing per tenant beyond the chunks' rows, which unindex removed.
  },

  async settle() {
    // FTS5 needs no upkeep after a write.
  },
};

/** The chunks and their FTS5 rows, in statements of ROWS_PER_STATEMENT rows. */
async function insertChunks(trx: Kysely<Database>, tenantId: string, itemId: string, chunks: Chunk[]): Promise<void> {
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
