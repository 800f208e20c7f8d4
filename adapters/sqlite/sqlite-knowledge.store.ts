import { type Kysely, sql } from 'kysely';
import type { SearchTerm } from '../../core/calls/call.model.js';
import type { Chunk, KnowledgeContentType, KnowledgeDocument, KnowledgePosition, SearchHit, ItemStatus } from '../../core/knowledge/knowledge.model.js';
import type { KnowledgeStore } from '../../core/knowledge/ports.js';
import type { Database, KnowledgeItemsTable } from '../sql/database.js';

const ITEM_COLUMNS = ['tenant_id', 'item_id', 'title', 'content_type', 'size_bytes', 'sha256', 'status', 'error', 'created_at', 'indexed_at'] as const;
const EMPTY = new Uint8Array(0);
const ROWS_PER_STATEMENT = 300;

const fromRow = (r: Omit<KnowledgeItemsTable, 'content'> & { content?: Uint8Array }): KnowledgeDocument => ({
  tenant_id: r.tenant_id,
  item_id: r.item_id,
  title: r.title,
  content_type: r.content_type as KnowledgeContentType,
  size_bytes: Number(r.size_bytes),
  sha256: r.sha256,
  status: r.status as ItemStatus,
  error: r.error,
  created_at: r.created_at,
  indexed_at: r.indexed_at,
  content: r.content ? new Uint8Array(r.content) : EMPTY,
});

/**
 * "Any of the terms", each a quoted FTS5 string (quotes doubled) in a bound parameter:
 * nothing a caller types is FTS syntax or SQL. BM25 ranks chunks with more and rarer terms first.
 */
export const fts5AnyQuery = (terms: SearchTerm[]) => terms.map((t) => `"${t.text.replace(/"/g, '""')}"${t.prefix ? '*' : ''}`).join(' OR ');

/** Knowledge documents and their FTS5 index (migration 0004-knowledge-fts) in SQLite. */
export class SqliteKnowledgeStore implements KnowledgeStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(doc: KnowledgeDocument): Promise<void> {
    await this.db.insertInto('knowledge_items').values({ ...doc, content: doc.content }).execute();
  }

  async find(tenantId: string, itemId: string): Promise<KnowledgeDocument | null> {
    const row = await this.db.selectFrom('knowledge_items').select(ITEM_COLUMNS).where('tenant_id', '=', tenantId).where('item_id', '=', itemId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async load(tenantId: string, itemId: string): Promise<KnowledgeDocument | null> {
    const row = await this.db.selectFrom('knowledge_items').selectAll().where('tenant_id', '=', tenantId).where('item_id', '=', itemId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async list(tenantId: string, after: KnowledgePosition | null, limit: number): Promise<KnowledgeDocument[]> {
    let q = this.db.selectFrom('knowledge_items').select(ITEM_COLUMNS).where('tenant_id', '=', tenantId);
    if (after) {
      q = q.where((eb) => eb.or([eb('created_at', '<', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('item_id', '<', after.item_id)])]));
    }
    return (await q.orderBy('created_at', 'desc').orderBy('item_id', 'desc').limit(limit).execute()).map(fromRow);
  }

  async delete(tenantId: string, itemId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await this.unindex(trx, tenantId, itemId);
      const r = await trx.deleteFrom('knowledge_items').where('tenant_id', '=', tenantId).where('item_id', '=', itemId).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    });
  }

  async pendingIds(tenantId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('knowledge_items')
      .select('item_id')
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('item_id')
      .execute();
    return rows.map((r) => r.item_id);
  }

  async markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('knowledge_items')
        .set({ status: 'indexed', error: null, indexed_at: indexedAt })
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await this.unindex(trx, tenantId, itemId);
      for (let i = 0; i < chunks.length; i += ROWS_PER_STATEMENT) {
        const part = chunks.slice(i, i + ROWS_PER_STATEMENT);
        const inserted = await trx
          .insertInto('knowledge_chunks')
          .values(part.map((c) => ({ tenant_id: tenantId, item_id: itemId, chunk_index: c.chunk_index, text: c.text })))
          .returning('chunk_seq')
          .execute();
        await sql`INSERT INTO knowledge_fts (rowid, text) VALUES ${sql.join(part.map((c, j) => sql`(${inserted[j].chunk_seq}, ${c.text})`))}`.execute(trx);
      }
      return true;
    });
  }

  async markFailed(tenantId: string, itemId: string, error: string): Promise<void> {
    await this.db.updateTable('knowledge_items').set({ status: 'failed', error }).where('tenant_id', '=', tenantId).where('item_id', '=', itemId).execute();
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

  private async unindex(trx: Kysely<Database>, tenantId: string, itemId: string): Promise<void> {
    await sql`DELETE FROM knowledge_fts WHERE rowid IN (SELECT chunk_seq FROM knowledge_chunks WHERE tenant_id = ${tenantId} AND item_id = ${itemId})`.execute(trx);
    await trx.deleteFrom('knowledge_chunks').where('tenant_id', '=', tenantId).where('item_id', '=', itemId).execute();
  }
}
