import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import * as postingsMigration from '../../adapters/postgres/migrations/0008-hardening.pg-knowledge-postings.js';
import { PostgresKnowledgeIndex } from '../../adapters/postgres/postgres-knowledge-index.js';
import { termRange } from '../../adapters/postgres/knowledge-postings.js';
import { tsvectorWithPositions } from '../../adapters/postgres/tsvector.js';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import { SqlKnowledgeStore } from '../../adapters/sql/sql-knowledge.store.js';
import { parseSearchQuery } from '../../core/shared/search-query.js';
import { openFreshPostgres, postgresCluster } from '../support/postgres.js';
import { seedTenants } from '../support/contract-suite.js';

const opened: SqlDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});
const fresh = async () => {
  const d = await seedTenants(await openFreshPostgres());
  opened.push(d);
  return d;
};

const DOCS = [
  { item_id: 'kb_a', chunks: ['Le café est chaud. Café café.', 'Tea is warm, the refund is late.'] },
  { item_id: 'kb_b', chunks: ['A refund for the parcel, refund again.'] },
  { item_id: 'kb_c', chunks: ['Caffeine and cafés, late at night.', 'nothing here'] },
];
const item = (tenant: string, item_id: string) => ({
  tenant_id: tenant,
  item_id,
  title: item_id,
  content_type: 'text/plain' as const,
  size_bytes: 1,
  sha256: 'a'.repeat(64),
  status: 'indexed',
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  indexed_at: '2026-01-02T00:00:00.000Z',
  content: new Uint8Array(1),
});
const QUERIES = ['cafe', 'caf*', 'refund late', 'the', 'parcel caf* night'];

describe.skipIf(postgresCluster === null)('PostgreSQL knowledge postings (migration 0008-hardening.pg-knowledge-postings, formerly 0009)', () => {
  it('builds the postings and statistics of chunks indexed before it: searches rank as on a store indexed after it', async () => {
    // Before: chunks with their tsvector, as 0004-knowledge-agents-workspace.pg-search left them (down restores it).
    const before = await fresh();
    await postingsMigration.down(before.db);
    for (const tenant of ['t1', 't2']) {
      for (const d of DOCS) {
        await before.db.insertInto('knowledge_items').values(item(tenant, d.item_id)).execute();
        for (const [chunk_index, text] of d.chunks.entries()) {
          await sql`INSERT INTO knowledge_chunks (tenant_id, item_id, chunk_index, text, search)
            VALUES (${tenant}, ${d.item_id}, ${chunk_index}, ${text}, ${tsvectorWithPositions(text)}::tsvector)`.execute(before.db);
        }
      }
    }
    await postingsMigration.up(before.db);

    const after = await fresh();
    const indexed = new SqlKnowledgeStore(after.db, new PostgresKnowledgeIndex());
    for (const d of DOCS) {
      await indexed.insert({ ...item('t1', d.item_id), status: 'pending', indexed_at: null });
      await indexed.markIndexed('t1', d.item_id, d.chunks.map((text, chunk_index) => ({ chunk_index, text })), '2026-01-02T00:00:00.000Z');
    }
    const migrated = new SqlKnowledgeStore(before.db, new PostgresKnowledgeIndex());
    for (const q of QUERIES) {
      const want = await indexed.search('t1', parseSearchQuery(q), 10);
      expect(want.length).toBeGreaterThan(0);
      expect(await migrated.search('t1', parseSearchQuery(q), 10)).toEqual(want);
      expect(await migrated.search('t2', parseSearchQuery(q), 10)).toEqual(want);
    }
    const stats = await sql<{ tenant_id: string; chunks: number; tokens: number }>`SELECT tenant_id, chunks, tokens FROM knowledge_stats ORDER BY tenant_id`.execute(before.db);
    const { rows: want } = await sql<{ tenant_id: string; chunks: number; tokens: number }>`SELECT tenant_id, chunks, tokens FROM knowledge_stats`.execute(after.db);
    expect(stats.rows).toEqual([want[0], { ...want[0], tenant_id: 't2' }]);
  });

  it('keeps the statistics exact through re-indexing and deletes', async () => {
    const d = await fresh();
    const store = new SqlKnowledgeStore(d.db, new PostgresKnowledgeIndex());
    for (const doc of DOCS) {
      await store.insert({ ...item('t1', doc.item_id), status: 'pending', indexed_at: null });
      await store.markIndexed('t1', doc.item_id, doc.chunks.map((text, chunk_index) => ({ chunk_index, text })), '2026-01-02T00:00:00.000Z');
    }
    await store.markIndexed('t1', 'kb_a', [{ chunk_index: 0, text: 'one two three' }], '2026-01-03T00:00:00.000Z');
    await store.delete('t1', 'kb_b');
    const totals = await sql<{ chunks: number; tokens: number; postings: number }>`
      SELECT (SELECT chunks FROM knowledge_stats WHERE tenant_id = 't1') AS chunks, (SELECT tokens FROM knowledge_stats WHERE tenant_id = 't1') AS tokens,
        (SELECT count(*) FROM knowledge_postings WHERE tenant_id = 't1') AS postings`.execute(d.db);
    const counted = await sql<{ chunks: number; tokens: number; postings: number }>`
      SELECT count(*) AS chunks, sum(tokens) AS tokens, (SELECT count(*) FROM knowledge_postings p JOIN knowledge_chunks c USING (chunk_seq)) AS postings
      FROM knowledge_chunks WHERE tenant_id = 't1'`.execute(d.db);
    expect(totals.rows[0]).toEqual(counted.rows[0]);
    expect(counted.rows[0].chunks).toBe(3);
  });

  it('reads a prefix as the key range of the words it starts, whole words as themselves', () => {
    expect(termRange({ text: 'caf', prefix: true })).toEqual({ from: 'caf', to: 'cag' });
    expect(termRange({ text: 'cafe', prefix: false })).toEqual({ from: 'cafe', to: 'cafe\u0001' });
    expect(termRange({ text: 'a\ud7ff', prefix: true }).to).toBe('a\ue000');
  });
});
