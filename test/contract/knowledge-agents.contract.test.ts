import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type Agent, defaultAgentSettings } from '../../core/agents/agent.model.js';
import type { AgentRepository } from '../../core/agents/ports.js';
import { parseSearchQuery, searchTokens } from '../../core/calls/search-query.js';
import type { SearchTerm } from '../../core/calls/call.model.js';
import type { KnowledgeDocument } from '../../core/knowledge/knowledge.model.js';
import type { KnowledgeStore } from '../../core/knowledge/ports.js';
import type { WorkspaceRepository } from '../../core/workspace/ports.js';
import { MemoryAgentRepository } from '../../adapters/memory/memory-agent.repository.js';
import { MemoryWorkspaceRepository } from '../../adapters/memory/memory-workspace.repository.js';
import { MemoryKnowledgeStore } from '../../adapters/memory/memory-knowledge.store.js';
import { KNOWLEDGE } from '../../runtimes/shared/composition/knowledge.tokens.js';
import { AGENTS } from '../../runtimes/shared/composition/agents.tokens.js';
import { WORKSPACE } from '../../runtimes/shared/composition/workspace.tokens.js';
import { boundAdapters, contractSuite, type Adapter } from '../support/contract-suite.js';

interface Ports {
  store: KnowledgeStore;
  agents: AgentRepository;
  workspaces: WorkspaceRepository;
}
const ADAPTERS: Adapter<Ports>[] = [
  { name: 'memory', make: async () => ({ store: new MemoryKnowledgeStore(), agents: new MemoryAgentRepository(), workspaces: new MemoryWorkspaceRepository() }) },
  ...boundAdapters<Ports>({ store: KNOWLEDGE.KnowledgeStore, agents: AGENTS.AgentRepository, workspaces: WORKSPACE.WorkspaceRepository }, { tenants: ['t1', 't2'] }),
];

let n = 0;
const doc = (tenant: string, over: Partial<KnowledgeDocument> = {}): KnowledgeDocument => {
  n++;
  return {
    tenant_id: tenant,
    item_id: `kb_${n.toString(16).padStart(32, '0')}`,
    title: `Doc ${n}`,
    content_type: 'text/plain',
    size_bytes: 3,
    sha256: 'a'.repeat(64),
    status: 'pending',
    error: null,
    // One second apart, in creation order (a seconds field of n % 60 wrapped after 60 documents).
    created_at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    indexed_at: null,
    content: new TextEncoder().encode('abc'),
    ...over,
  };
};
/**
 * BM25 as SQLite's FTS5 computes it (k1 1.2, b 0.75, idf ln((N − n + 0.5) / (n + 0.5)) or 1e-6
 * when not positive; a prefix counts every word it starts), over one tenant's chunks: the
 * reference every store's ranking is compared with.
 */
function referenceBm25(chunks: { item_id: string; chunk_index: number; text: string }[], terms: SearchTerm[]) {
  const tokenized = chunks.map((c) => ({ ...c, tokens: searchTokens(c.text) }));
  const avgdl = tokenized.reduce((s, c) => s + c.tokens.length, 0) / tokenized.length;
  const tfs = tokenized.map((c) => terms.map((t) => c.tokens.filter((tok) => (t.prefix ? tok.startsWith(t.text) : tok === t.text)).length));
  const idf = terms.map((_, i) => {
    const n = tfs.filter((tf) => tf[i] > 0).length;
    const x = Math.log((tokenized.length - n + 0.5) / (n + 0.5));
    return x > 0 ? x : 1e-6;
  });
  return tokenized
    .map((c, k) => ({
      item_id: c.item_id,
      chunk_index: c.chunk_index,
      matched: tfs[k].some((tf) => tf > 0),
      score: tfs[k].reduce((s, tf, i) => s + (idf[i] * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * c.tokens.length) / avgdl)), 0),
    }))
    .filter((c) => c.matched)
    .sort((a, b) => b.score - a.score);
}

const agent = (tenant: string, id: string): Agent => ({ agent_id: id, tenant_id: tenant, ...defaultAgentSettings('A'), version: 1, updated_at: '2026-01-01T00:00:00.000Z' });

contractSuite('knowledge, agent and workspace ports', ADAPTERS, ({ make }) => {
  it('stores, loads content, lists in order with keyset paging, deletes', async () => {
    const { store } = await make();
    const docs = [doc('t1'), doc('t1'), doc('t1'), doc('t2')];
    for (const d of docs) await store.insert(d);
    expect((await store.load('t1', docs[0].item_id))?.content).toEqual(docs[0].content);
    expect((await store.find('t2', docs[0].item_id))).toBeNull();
    const all = await store.list('t1', null, 10);
    expect(all.map((d) => d.item_id)).toEqual([docs[2], docs[1], docs[0]].map((d) => d.item_id));
    const after = await store.list('t1', all[0], 10);
    expect(after.map((d) => d.item_id)).toEqual(all.slice(1).map((d) => d.item_id));
    expect(await store.pendingIds('t1')).toEqual(docs.slice(0, 3).map((d) => d.item_id));
    expect(await store.delete('t1', docs[0].item_id)).toBe(true);
    expect(await store.delete('t1', docs[0].item_id)).toBe(false);
    expect(await store.delete('t1', docs[3].item_id)).toBe(false);
  });

  it('a taken item id is a CONFLICT in its tenant and keeps the first document; another tenant may use it', async () => {
    const { store } = await make();
    const first = doc('t1');
    await store.insert(first);
    await expect(store.insert({ ...first, title: 'Other' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await store.find('t1', first.item_id))?.title).toBe(first.title);
    await store.insert({ ...first, tenant_id: 't2' });
    expect((await store.find('t2', first.item_id))?.tenant_id).toBe('t2');
  });

  it('a taken agent id is a CONFLICT, in any tenant, and keeps the first agent', async () => {
    const { agents } = await make();
    const first = agent('t1', 'agt_dup');
    await agents.insert(first);
    await expect(agents.insert({ ...first, name: 'Other' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(agents.insert(agent('t2', 'agt_dup'))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await agents.find('t1', 'agt_dup')).toEqual(first);
    expect(await agents.find('t2', 'agt_dup')).toBeNull();
  });

  it('indexes chunks, searches per tenant ranked by score, unindexes on delete, refuses deleted items', async () => {
    const { store } = await make();
    const a = doc('t1');
    const b = doc('t1');
    const c = doc('t2');
    for (const d of [a, b, c]) await store.insert(d);
    expect(await store.markIndexed('t1', a.item_id, [{ chunk_index: 0, text: 'Le café est chaud. Café café.' }, { chunk_index: 1, text: 'Tea is warm.' }], '2026-01-02T00:00:00.000Z')).toBe(true);
    expect(await store.markIndexed('t1', b.item_id, [{ chunk_index: 0, text: 'A long text where cafe appears once among many other words here.' }], '2026-01-02T00:00:00.000Z')).toBe(true);
    expect(await store.markIndexed('t2', c.item_id, [{ chunk_index: 0, text: 'cafe of tenant two' }], '2026-01-02T00:00:00.000Z')).toBe(true);
    const hits = await store.search('t1', parseSearchQuery('CAFE'), 10);
    expect(hits.map((h) => [h.item_id, h.chunk_index])).toEqual([[a.item_id, 0], [b.item_id, 0]]);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
    expect(hits[0]).toMatchObject({ title: a.title, text: 'Le café est chaud. Café café.' });
    expect((await store.search('t1', parseSearchQuery('warm OR nothing'), 10)).map((h) => h.chunk_index)).toEqual([1]);
    expect((await store.search('t1', parseSearchQuery('caf*'), 1))).toHaveLength(1);
    expect((await store.find('t1', a.item_id))?.status).toBe('indexed');
    await store.delete('t1', a.item_id);
    expect((await store.search('t1', parseSearchQuery('cafe'), 10)).map((h) => h.item_id)).toEqual([b.item_id]);
    expect(await store.markIndexed('t1', a.item_id, [{ chunk_index: 0, text: 'cafe' }], '2026-01-02T00:00:00.000Z')).toBe(false);
    expect((await store.search('t1', parseSearchQuery('cafe'), 10)).map((h) => h.item_id)).toEqual([b.item_id]);
    await store.markFailed('t1', b.item_id, 'boom');
    expect(await store.find('t1', b.item_id)).toMatchObject({ status: 'failed', error: 'boom' });
  });

  // A fresh database per case: FTS5 keeps counting deleted rows in its statistics (contentless
  // delete) and counts every tenant's, where PostgreSQL's are per tenant and exact (ADR 0019).
  it('ranks by BM25 as SQLite FTS5 does: the top hits and their scores agree with the reference', async () => {
    const word = fc.constantFrom('refund', 'parcel', 'late', 'café', 'Cafe', 'CAFÉS', 'order', 'the', 'the', 'the', 'a', 'Ärger');
    const chunkText = fc.array(word, { minLength: 1, maxLength: 14 }).map((w) => w.join(' '));
    const queryWord = fc.constantFrom('refund', 'parcel', 'late', 'cafe', 'caf*', 'the', 'order', 'ar*', 'ärger', 'nothing');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(chunkText, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }), fc.array(queryWord, { minLength: 1, maxLength: 3 }), async (docs, words) => {
        const { store } = await make();
        const items = docs.map(() => doc('t1'));
        const chunks = docs.flatMap((texts, d) => texts.map((text, chunk_index) => ({ item_id: items[d].item_id, chunk_index, text })));
        for (const [d, item] of items.entries()) {
          await store.insert(item);
          await store.markIndexed('t1', item.item_id, docs[d].map((text, chunk_index) => ({ chunk_index, text })), '2026-01-02T00:00:00.000Z');
        }
        const terms = parseSearchQuery(words.join(' '));
        const reference = referenceBm25(chunks, terms);
        const hits = await store.search('t1', terms, 5);
        expect(hits).toHaveLength(Math.min(5, reference.length));
        hits.forEach((hit, k) => {
          // Position by position the same scores (ties may order alike-scored chunks either way)...
          expect(hit.score).toBeCloseTo(reference[k].score, 5);
          // ...and each hit is a chunk with that reference score.
          const own = reference.find((r) => r.item_id === hit.item_id && r.chunk_index === hit.chunk_index);
          expect(own?.score).toBeCloseTo(hit.score, 5);
        });
      }),
      { numRuns: 15 },
    );
  });

  it('search never matches FTS syntax or fails on any query', async () => {
    const { store } = await make();
    const d = doc('t1');
    await store.insert(d);
    await store.markIndexed('t1', d.item_id, [{ chunk_index: 0, text: 'near and or not' }], '2026-01-02T00:00:00.000Z');
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (q) => {
        const hits = await store.search('t1', parseSearchQuery(q), 5);
        expect(hits.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 100 },
    );
  });

  it('agents: compare-and-set replace archives the previous version; exactly one of two same-version writers wins', async () => {
    const { agents } = await make();
    const a = agent('t1', 'agt_1');
    await agents.insert(a);
    expect(await agents.find('t2', 'agt_1')).toBeNull();
    const results = await Promise.all([agents.replace({ ...a, name: 'X', version: 2 }, 1), agents.replace({ ...a, name: 'Y', version: 2 }, 1)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await agents.replace({ ...a, tenant_id: 't2', version: 3 }, 2)).toBe(false);
    const now = await agents.find('t1', 'agt_1');
    expect(now?.version).toBe(2);
    expect(await agents.versions('t1', 'agt_1', null, 10)).toEqual([a]);
    await agents.insert(agent('t1', 'agt_0'));
    await agents.insert(agent('t2', 'agt_2'));
    expect((await agents.list('t1', null, 10)).map((x) => x.agent_id)).toEqual(['agt_0', 'agt_1']);
    expect((await agents.list('t1', 'agt_0', 10)).map((x) => x.agent_id)).toEqual(['agt_1']);
  });

  it('workspaces: save upserts, find per tenant', async () => {
    const { workspaces } = await make();
    expect(await workspaces.find('t1')).toBeNull();
    const w = { tenant_id: 't1', name: 'N', timezone: 'UTC', locale: 'en-US', retention_days: 30 };
    await workspaces.save(w);
    await workspaces.save({ ...w, retention_days: 31 });
    expect(await workspaces.find('t1')).toEqual({ ...w, retention_days: 31 });
    expect(await workspaces.find('t2')).toBeNull();
  });
});
