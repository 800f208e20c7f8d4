import type { Kysely } from 'kysely';
import type { SearchTerm } from '../../core/shared/search-query.js';
import type { Chunk, KnowledgeContentType, KnowledgeDocument, KnowledgePosition, SearchHit, ItemStatus } from '../../core/knowledge/knowledge.model.js';
import type { KnowledgeStore } from '../../core/knowledge/ports.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import type { Database, KnowledgeItemsTable, SqlKnowledgeIndex } from './database.js';
import { appendOutboxEvents } from './sql-event-outbox.js';
import { conflictOnDuplicate } from './unique-violation.js';

const ITEM_COLUMNS = ['tenant_id', 'item_id', 'title', 'content_type', 'size_bytes', 'sha256', 'status', 'error', 'created_at', 'indexed_at'] as const;
const EMPTY = new Uint8Array(0);

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
 * Knowledge documents over any Kysely dialect, composed with the dialect's full-text index
 * over their chunks (`SqlCapabilities.knowledgeIndex`): the index is written atomically with
 * the item (`markIndexed`) and leaves with it (`delete`).
 */
export class SqlKnowledgeStore implements KnowledgeStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly index: SqlKnowledgeIndex,
  ) {}

  markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string, events: readonly OutboxEvent[] = []): Promise<boolean> {
    return this.index.markIndexed(this.db, tenantId, itemId, chunks, indexedAt, events);
  }

  search(tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]> {
    return this.index.search(this.db, tenantId, terms, limit);
  }

  async insert(doc: KnowledgeDocument): Promise<void> {
    await conflictOnDuplicate(this.db.insertInto('knowledge_items').values({ ...doc, content: doc.content }).execute(), () => `Knowledge item ${doc.item_id} exists already.`);
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
      await this.index.unindex(trx, tenantId, itemId);
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

  async markFailed(tenantId: string, itemId: string, error: string, events?: readonly OutboxEvent[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('knowledge_items').set({ status: 'failed', error }).where('tenant_id', '=', tenantId).where('item_id', '=', itemId).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) await appendOutboxEvents(trx, events);
    });
  }
}
