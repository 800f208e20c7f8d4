import type { Kysely } from 'kysely';
import type { SearchTerm } from '../../core/shared/search-query.js';
import type { Chunk, KnowledgeContentType, KnowledgeDocument, KnowledgePosition, SearchHit, ItemStatus } from '../../core/knowledge/knowledge.model.js';
import type { KnowledgeStore } from '../../core/knowledge/ports.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import type { Database } from './database.js';
import type { KnowledgeItemsTable } from './knowledge.tables.js';
import type { SqlKnowledgeIndex } from './sql-dialect.js';
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
 * over their chunks (`SqlCapabilities.knowledgeIndex`), which only indexes: this store changes
 * the item's status and writes the outbox, and calls the index inside the same transaction, so
 * the index is written atomically with the item (`markIndexed`) and leaves with it (`delete`).
 */
export class SqlKnowledgeStore implements KnowledgeStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly index: SqlKnowledgeIndex,
  ) {}

  /** The item marked indexed, its chunks replaced in the index and `events` into the outbox: one transaction, only while the item exists. */
  async markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string, events: readonly OutboxEvent[] = []): Promise<boolean> {
    const indexed = await this.db.transaction().execute(async (trx) => {
      if (!(await this.setStatus(trx, tenantId, itemId, { status: 'indexed', error: null, indexed_at: indexedAt }))) return false;
      await this.index.replace(trx, tenantId, itemId, chunks);
      await appendOutboxEvents(trx, events);
      return true;
    });
    if (indexed) await this.index.settle(this.db);
    return indexed;
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
      if (await this.setStatus(trx, tenantId, itemId, { status: 'failed', error })) await appendOutboxEvents(trx, events);
    });
  }

  /** The item's status (and what goes with it) set; false when the item does not exist. */
  private async setStatus(trx: Kysely<Database>, tenantId: string, itemId: string, change: Partial<Pick<KnowledgeItemsTable, 'status' | 'error' | 'indexed_at'>>): Promise<boolean> {
    const r = await trx.updateTable('knowledge_items').set(change).where('tenant_id', '=', tenantId).where('item_id', '=', itemId).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
