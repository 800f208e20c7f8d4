import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../runtimes/shared/demo/seed-demo.js';
import { KnowledgeSearchQuerySchema } from '../../runtimes/shared/schemas/knowledge.schemas.js';
import { PageQuerySchema } from '../../runtimes/shared/schemas/page.schemas.js';
import { type Harness, startHarness } from '../support/http-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ snapshot: { build_id: 'demo-kb', artists: [], works: [] } });
});
afterAll(async () => {
  await h?.stop();
});

it('the demo tenant gets an agent per language and knowledge documents, already indexed and searchable', async () => {
  const seed = await seedDemoIfEmpty(h.deps.demo, { count: 5 });
  expect(seed?.documents).toBe(4);
  const principal = { user_id: 'u', tenant_id: 'demo', role: 'member' as const };
  const agents = await h.deps.agents.list(principal, PageQuerySchema.parse({}));
  expect(agents.data.map((a) => a.agent_id).sort()).toEqual(Object.values(seed!.agent_ids!).sort());
  expect(agents.data.map((a) => a.language).sort()).toEqual(['de-DE', 'en-GB', 'es-ES', 'fr-FR', 'it-IT']);
  const kb = h.deps.knowledge;
  const items = await kb.list(principal, 'demo', PageQuerySchema.parse({}));
  expect(items.data.map((d) => d.status)).toEqual(['indexed', 'indexed', 'indexed', 'indexed']);
  const hits = await kb.search(principal, 'demo', KnowledgeSearchQuerySchema.parse({ q: 'refund' }));
  expect(hits.data[0].title).toBe('Refund policy');
});
