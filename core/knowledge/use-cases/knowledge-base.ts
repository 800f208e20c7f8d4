import { authorize, type Principal } from '../../auth/auth.model.js';
import { type Highlight, highlightsOf, parseSearchQuery } from '../../calls/search-query.js';
import { NUL_MESSAGE, notFound, validationError } from '../../shared/errors.js';
import { mapPage, type Page, type PageRequest, pageOf } from '../../shared/keyset-cursor.js';
import type { Clock, CursorSealer, IdGenerator } from '../../shared/ports.js';
import { baseMediaType, judgeContent } from '../content-sniff.js';
import {
  ITEM_ID_PATTERN,
  KNOWLEDGE_TITLE_MAX,
  SYNC_ID_PATTERN,
  type KnowledgeDocument,
  type KnowledgeItem,
  type SearchHit,
  type StoredSyncRun,
  type SyncRun,
  toItem,
} from '../knowledge.model.js';
import type { ContentDigest, KnowledgeStore, SyncRunStore, SyncScheduler } from '../ports.js';
import type { KnowledgeSync } from './knowledge-sync.js';

export interface NewDocument {
  title?: string;
  /** As declared by the client (parameters such as charset allowed). */
  content_type?: string | null;
  content: Uint8Array;
  /** A file name, the title's fallback. */
  filename?: string;
}

/**
 * A search as a runtime asks for it: `limit` already in range (1 to `SEARCH_LIMIT_MAX`, its
 * default applied) by the runtime's schema (`KnowledgeSearchQuerySchema`); `q` is read here.
 */
export interface KnowledgeSearchQuery {
  q?: string;
  limit: number;
}

const toRun = ({ tenant_id: _t, ...run }: StoredSyncRun): SyncRun => run;

/** The knowledge base of a tenant: documents, sync runs and retrieval. */
export class KnowledgeBase {
  constructor(
    private readonly store: KnowledgeStore,
    private readonly runs: SyncRunStore,
    private readonly scheduler: SyncScheduler,
    private readonly digest: ContentDigest,
    private readonly sealer: CursorSealer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async upload(principal: Principal, tenantId: string, doc: NewDocument): Promise<KnowledgeItem> {
    authorize(principal, tenantId, 'write');
    return this.add(tenantId, doc);
  }

  /** Operator path (demo seed, benchmarks): no principal. */
  async add(tenantId: string, doc: NewDocument): Promise<KnowledgeItem> {
    const contentType = judgeContent(baseMediaType(doc.content_type), doc.content);
    const title = (doc.title ?? doc.filename ?? '').trim();
    if (title.length === 0 || title.length > KNOWLEDGE_TITLE_MAX) {
      throw validationError('The document needs a title.', [{ path: 'title', message: `must be 1 to ${KNOWLEDGE_TITLE_MAX} characters` }]);
    }
    if (title.includes('\u0000')) throw validationError('The title is invalid.', [{ path: 'title', message: NUL_MESSAGE }]);
    const stored = {
      tenant_id: tenantId,
      item_id: `kb_${this.ids.uuid().replace(/-/g, '')}`,
      title,
      content_type: contentType,
      size_bytes: doc.content.length,
      sha256: this.digest.sha256(doc.content),
      status: 'pending' as const,
      error: null,
      created_at: this.clock.now().toISOString(),
      indexed_at: null,
      content: doc.content,
    };
    await this.store.insert(stored);
    return toItem(stored);
  }

  async list(principal: Principal, tenantId: string, query: PageRequest): Promise<Page<KnowledgeItem>> {
    authorize(principal, tenantId, 'read');
    const keyset = {
      context: JSON.stringify(['knowledge', tenantId]),
      shape: ['string', 'string'] as const,
      positionOf: (d: KnowledgeDocument) => [d.created_at, d.item_id] as [string, string],
    };
    const page = await pageOf(this.sealer, keyset, query, (after, limit) =>
      this.store.list(tenantId, after && { created_at: after[0], item_id: after[1] }, limit),
    );
    return mapPage(page, toItem);
  }

  async get(principal: Principal, tenantId: string, itemId: string): Promise<KnowledgeItem> {
    authorize(principal, tenantId, 'read');
    const doc = ITEM_ID_PATTERN.test(itemId) ? await this.store.find(tenantId, itemId) : null;
    if (!doc) throw notFound(`No knowledge item ${itemId} in tenant ${tenantId}.`);
    return toItem(doc);
  }

  async delete(principal: Principal, tenantId: string, itemId: string): Promise<void> {
    authorize(principal, tenantId, 'write');
    const deleted = ITEM_ID_PATTERN.test(itemId) && (await this.store.delete(tenantId, itemId));
    if (!deleted) throw notFound(`No knowledge item ${itemId} in tenant ${tenantId}.`);
  }

  /** The best passages, each with where its text shows the query's words (`highlights`, for a reader to mark). */
  async search(principal: Principal, tenantId: string, query: KnowledgeSearchQuery): Promise<{ data: (SearchHit & { highlights: Highlight[] })[] }> {
    authorize(principal, tenantId, 'read');
    if (query.q === undefined || query.q.trim().length === 0) {
      throw validationError('q is required.', [{ path: 'q', message: 'is required' }]);
    }
    const terms = parseSearchQuery(query.q);
    if (terms.length === 0) return { data: [] };
    const hits = await this.store.search(tenantId, terms, query.limit);
    return { data: hits.map((hit) => ({ ...hit, highlights: highlightsOf(hit.text, terms) })) };
  }

  /**
   * A new queued run, or the tenant's queued/running one (`created` false). A run this process
   * does not get to (busy, or stopped) is claimed by any runner polling the store.
   */
  async requestSync(principal: Principal, tenantId: string): Promise<{ run: SyncRun; created: boolean }> {
    authorize(principal, tenantId, 'write');
    const { run, created } = await this.open(tenantId);
    if (created) this.scheduler.schedule(tenantId, run.sync_id);
    return { run: toRun(run), created };
  }

  async getSync(principal: Principal, tenantId: string, syncId: string): Promise<SyncRun> {
    authorize(principal, tenantId, 'read');
    const run = SYNC_ID_PATTERN.test(syncId) ? await this.runs.find(tenantId, syncId) : null;
    if (!run) throw notFound(`No sync run ${syncId} in tenant ${tenantId}.`);
    return toRun(run);
  }

  /**
   * Operator path: a sync run executed before returning (demo seed, benchmark); the tenant's
   * active run as it stands when another live runner holds it.
   */
  async syncNow(tenantId: string, sync: KnowledgeSync): Promise<SyncRun> {
    const { run } = await this.open(tenantId);
    await sync.run(tenantId, run.sync_id);
    return toRun((await this.runs.find(tenantId, run.sync_id)) ?? run);
  }

  private open(tenantId: string) {
    return this.runs.openOrGetActive({
      tenant_id: tenantId,
      sync_id: `sync_${this.ids.uuid().replace(/-/g, '')}`,
      status: 'queued',
      requested_at: this.clock.now().toISOString(),
      started_at: null,
      finished_at: null,
      documents_indexed: 0,
      documents_failed: 0,
      chunks: 0,
    });
  }
}
