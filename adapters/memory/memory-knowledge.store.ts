import type { SearchTerm } from '../../core/calls/call.model.js';
import { searchTokens } from '../../core/calls/search-query.js';
import { type Chunk, compareItems, type KnowledgeDocument, type KnowledgePosition, type SearchHit, type StoredSyncRun } from '../../core/knowledge/knowledge.model.js';
import type { KnowledgeStore, SyncRunStore } from '../../core/knowledge/ports.js';

const key = (tenantId: string, id: string) => `${tenantId}\u0000${id}`;
const EMPTY = new Uint8Array(0);

/** In-memory fake; passes the same contract suite as the SQLite store (a simple BM25). */
export class MemoryKnowledgeStore implements KnowledgeStore {
  private readonly docs = new Map<string, KnowledgeDocument>();
  private readonly chunks = new Map<string, (Chunk & { tokens: string[] })[]>();

  async insert(doc: KnowledgeDocument): Promise<void> {
    this.docs.set(key(doc.tenant_id, doc.item_id), { ...doc });
  }
  async find(tenantId: string, itemId: string) {
    const d = this.docs.get(key(tenantId, itemId));
    return d ? { ...d, content: EMPTY } : null;
  }
  async load(tenantId: string, itemId: string) {
    const d = this.docs.get(key(tenantId, itemId));
    return d ? { ...d } : null;
  }
  async list(tenantId: string, after: KnowledgePosition | null, limit: number) {
    return [...this.docs.values()]
      .filter((d) => d.tenant_id === tenantId && (!after || compareItems(d, after) > 0))
      .sort(compareItems)
      .slice(0, limit)
      .map((d) => ({ ...d, content: EMPTY }));
  }
  async delete(tenantId: string, itemId: string) {
    this.chunks.delete(key(tenantId, itemId));
    return this.docs.delete(key(tenantId, itemId));
  }
  async pendingIds(tenantId: string) {
    return [...this.docs.values()]
      .filter((d) => d.tenant_id === tenantId && d.status === 'pending')
      .sort((a, b) => (a.created_at === b.created_at ? (a.item_id < b.item_id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1))
      .map((d) => d.item_id);
  }
  async markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string) {
    const d = this.docs.get(key(tenantId, itemId));
    if (!d) return false;
    Object.assign(d, { status: 'indexed', error: null, indexed_at: indexedAt });
    this.chunks.set(key(tenantId, itemId), chunks.map((c) => ({ ...c, tokens: searchTokens(c.text) })));
    return true;
  }
  async markFailed(tenantId: string, itemId: string, error: string) {
    const d = this.docs.get(key(tenantId, itemId));
    if (d) Object.assign(d, { status: 'failed', error });
  }
  async search(tenantId: string, terms: SearchTerm[], limit: number): Promise<SearchHit[]> {
    const all = [...this.chunks.entries()].flatMap(([k, cs]) => cs.map((c) => ({ k, c })));
    const n = Math.max(all.length, 1);
    const avg = all.reduce((s, x) => s + x.c.tokens.length, 0) / n || 1;
    const hit = (tok: string, t: SearchTerm) => (t.prefix ? tok.startsWith(t.text) : tok === t.text);
    const df = terms.map((t) => all.filter((x) => x.c.tokens.some((tok) => hit(tok, t))).length);
    const hits: SearchHit[] = [];
    for (const { k, c } of all) {
      const doc = this.docs.get(k);
      if (!doc || doc.tenant_id !== tenantId) continue;
      let score = 0;
      terms.forEach((t, i) => {
        const tf = c.tokens.filter((tok) => hit(tok, t)).length;
        if (tf === 0) return;
        const idf = Math.log(1 + (n - df[i] + 0.5) / (df[i] + 0.5));
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * c.tokens.length) / avg));
      });
      if (score > 0) hits.push({ item_id: doc.item_id, title: doc.title, chunk_index: c.chunk_index, text: c.text, score: Math.round(score * 1e6) / 1e6 });
    }
    return hits.sort((a, b) => b.score - a.score || (a.item_id < b.item_id ? -1 : a.item_id > b.item_id ? 1 : a.chunk_index - b.chunk_index)).slice(0, limit);
  }
}

export class MemorySyncRunStore implements SyncRunStore {
  private readonly runs = new Map<string, StoredSyncRun>();

  async openOrGetActive(run: StoredSyncRun) {
    const active = [...this.runs.values()].find((r) => r.tenant_id === run.tenant_id && (r.status === 'queued' || r.status === 'running'));
    if (active) return { run: { ...active }, created: false };
    this.runs.set(run.sync_id, { ...run });
    return { run: { ...run }, created: true };
  }
  async find(tenantId: string, syncId: string) {
    const r = this.runs.get(syncId);
    return r && r.tenant_id === tenantId ? { ...r } : null;
  }
  async update(run: StoredSyncRun) {
    if (this.runs.has(run.sync_id)) this.runs.set(run.sync_id, { ...run });
  }
  async failUnfinished(finishedAt: string) {
    let n = 0;
    for (const r of this.runs.values()) {
      if (r.status === 'queued' || r.status === 'running') {
        Object.assign(r, { status: 'failed', finished_at: finishedAt });
        n++;
      }
    }
    return n;
  }
}
