import type { SearchTerm } from '../../core/shared/search-query.js';
import { searchTokens } from '../../core/shared/search-query.js';
import { type Chunk, compareItems, type KnowledgeDocument, type KnowledgePosition, type SearchHit, type StoredSyncRun } from '../../core/knowledge/knowledge.model.js';
import type { KnowledgeStore, SyncLease, SyncRunStore } from '../../core/knowledge/ports.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import { conflict } from '../../core/shared/errors.js';
import { MemoryEventOutbox } from './memory-webhook.stores.js';

const key = (tenantId: string, id: string) => `${tenantId}\u0000${id}`;
const EMPTY = new Uint8Array(0);

/** In-memory fake; passes the same contract suite as the SQLite store (BM25 as FTS5 computes it, statistics over all tenants). */
export class MemoryKnowledgeStore implements KnowledgeStore {
  private readonly docs = new Map<string, KnowledgeDocument>();
  private readonly chunks = new Map<string, (Chunk & { tokens: string[] })[]>();

  constructor(private readonly outbox = new MemoryEventOutbox()) {}

  async insert(doc: KnowledgeDocument): Promise<void> {
    if (this.docs.has(key(doc.tenant_id, doc.item_id))) throw conflict(`Knowledge item ${doc.item_id} exists already.`);
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
  async markIndexed(tenantId: string, itemId: string, chunks: Chunk[], indexedAt: string, events?: readonly OutboxEvent[]) {
    const d = this.docs.get(key(tenantId, itemId));
    if (!d) return false;
    Object.assign(d, { status: 'indexed', error: null, indexed_at: indexedAt });
    this.chunks.set(key(tenantId, itemId), chunks.map((c) => ({ ...c, tokens: searchTokens(c.text) })));
    this.outbox.add(events);
    return true;
  }
  async markFailed(tenantId: string, itemId: string, error: string, events?: readonly OutboxEvent[]) {
    const d = this.docs.get(key(tenantId, itemId));
    if (!d) return;
    Object.assign(d, { status: 'failed', error });
    this.outbox.add(events);
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
        // FTS5's idf: a word in more than half the chunks weighs 1e-6.
        const idf = Math.max(Math.log((n - df[i] + 0.5) / (df[i] + 0.5)), 0) || 1e-6;
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * c.tokens.length) / avg));
      });
      if (score > 0) hits.push({ item_id: doc.item_id, title: doc.title, chunk_index: c.chunk_index, text: c.text, score: Math.round(score * 1e6) / 1e6 });
    }
    return hits.sort((a, b) => b.score - a.score || (a.item_id < b.item_id ? -1 : a.item_id > b.item_id ? 1 : a.chunk_index - b.chunk_index)).slice(0, limit);
  }
}

interface LeasedRun {
  run: StoredSyncRun;
  lease_owner: string | null;
  lease_expires_at: string | null;
}

const isActive = (r: StoredSyncRun) => r.status === 'queued' || r.status === 'running';
/** Queued, or running under a lease that expired (or none): the SQL store's condition. */
const isClaimable = (l: LeasedRun, now: string) =>
  l.run.status === 'queued' || (l.run.status === 'running' && (l.lease_expires_at === null || l.lease_expires_at < now));

/** In-memory fake with the SQL store's lease semantics; each method is atomic (no await inside). */
export class MemorySyncRunStore implements SyncRunStore {
  private readonly runs = new Map<string, LeasedRun>();

  constructor(private readonly outbox = new MemoryEventOutbox()) {}

  async openOrGetActive(run: StoredSyncRun) {
    const active = [...this.runs.values()].find((l) => l.run.tenant_id === run.tenant_id && isActive(l.run));
    if (active) return { run: { ...active.run }, created: false };
    if (this.runs.has(run.sync_id)) throw conflict(`Sync run ${run.sync_id} exists already.`);
    this.runs.set(run.sync_id, { run: { ...run }, lease_owner: null, lease_expires_at: null });
    return { run: { ...run }, created: true };
  }
  async find(tenantId: string, syncId: string) {
    const l = this.runs.get(syncId);
    return l && l.run.tenant_id === tenantId ? { ...l.run } : null;
  }
  async claim(tenantId: string, syncId: string, lease: SyncLease) {
    const l = this.runs.get(syncId);
    if (!l || l.run.tenant_id !== tenantId || !isClaimable(l, lease.now)) return null;
    Object.assign(l.run, { status: 'running', started_at: l.run.started_at ?? lease.now });
    Object.assign(l, { lease_owner: lease.owner, lease_expires_at: lease.until });
    return { ...l.run };
  }
  async update(run: StoredSyncRun, lease: SyncLease, events?: readonly OutboxEvent[]) {
    const l = this.held(run.tenant_id, run.sync_id, lease);
    if (!l) return false;
    l.run = { ...run };
    l.lease_expires_at = lease.until;
    this.outbox.add(events);
    return true;
  }
  async renew(tenantId: string, syncId: string, lease: SyncLease) {
    const l = this.held(tenantId, syncId, lease);
    if (!l) return false;
    l.lease_expires_at = lease.until;
    return true;
  }
  /** The run while it is running under `lease.owner` (the fence), else null. */
  private held(tenantId: string, syncId: string, lease: SyncLease): LeasedRun | null {
    const l = this.runs.get(syncId);
    return l && l.run.tenant_id === tenantId && l.run.status === 'running' && l.lease_owner === lease.owner ? l : null;
  }
  async claimable(now: string, limit: number) {
    return [...this.runs.values()]
      .filter((l) => isClaimable(l, now))
      .map((l) => l.run)
      .sort((a, b) => (a.requested_at === b.requested_at ? (a.sync_id < b.sync_id ? -1 : 1) : a.requested_at < b.requested_at ? -1 : 1))
      .slice(0, limit)
      .map(({ tenant_id, sync_id }) => ({ tenant_id, sync_id }));
  }
}
