import type { AgentConfigs } from '../../../core/agents/use-cases/agent-configs.js';
import type { CallIngest } from '../../../core/calls/use-cases/call-ingest.js';
import type { KnowledgeBase } from '../../../core/knowledge/use-cases/knowledge-base.js';
import type { KnowledgeSync } from '../../../core/knowledge/use-cases/knowledge-sync.js';
import { DomainError } from '../../../core/shared/errors.js';
import type { Clock, IdGenerator } from '../../../core/shared/ports.js';
import type { TenantAdmin } from '../../../core/tenancy/use-cases/tenant-admin.js';
import { generateDemoCalls } from './demo-calls.js';
import { seedDemoAgents, seedDemoKnowledge } from './demo-knowledge.js';
import type { DemoLanguage } from './demo-scripts.js';

export const DEMO_TENANT_ID = 'demo';
export const DEMO_ADMIN_EMAIL = 'admin@demo.example';
export const DEMO_CALL_COUNT = 300;

export interface DemoSeed {
  tenant_id: string;
  email: string;
  /** Generated, shown once, stored only as a hash. */
  password: string;
  calls: number;
  /** The demo agents (one per language, each named by that language's calls) and the synchronised knowledge documents. */
  agent_ids?: Record<DemoLanguage, string>;
  documents?: number;
}

/** What seeding the demo tenant writes through: resolved by the runtime's composition root. */
export interface DemoDeps {
  admin: TenantAdmin;
  ids: IdGenerator;
  clock: Clock;
  ingest: CallIngest;
  agents: AgentConfigs;
  knowledge: KnowledgeBase;
  sync: KnowledgeSync;
}

/**
 * On an empty database (no tenant at all), creates the demo tenant, its admin with a
 * generated password and a few hundred sample calls. Returns null when there was
 * something already (or another process seeded first): seeding happens once, ever.
 */
export async function seedDemoIfEmpty(deps: DemoDeps, options: { count?: number } = {}): Promise<DemoSeed | null> {
  const { admin, ids, clock, ingest } = deps;
  if (!(await admin.isEmpty())) return null;
  try {
    await admin.createTenant(DEMO_TENANT_ID, 'Demo call centre');
  } catch (err) {
    if (err instanceof DomainError && err.code === 'CONFLICT') return null;
    throw err;
  }
  const password = ids.secret(18);
  await admin.createUser({ tenant_id: DEMO_TENANT_ID, email: DEMO_ADMIN_EMAIL, role: 'admin', password });
  const agentIds = await seedDemoAgents(deps.agents, DEMO_TENANT_ID);
  const calls = generateDemoCalls({ count: options.count ?? DEMO_CALL_COUNT, anchor: clock.now(), agentIds });
  const outcome = await ingest.importBatch(DEMO_TENANT_ID, calls);
  await ingest.finishImport();
  const knowledge = await seedDemoKnowledge(deps, DEMO_TENANT_ID);
  return { tenant_id: DEMO_TENANT_ID, email: DEMO_ADMIN_EMAIL, password, calls: outcome.imported, agent_ids: agentIds, ...knowledge };
}

/** What `npm start` prints once, on stdout, after seeding. */
export function demoBanner(seed: DemoSeed, baseUrl: string): string {
  return [
    '',
    '================================================================',
    ` Demo tenant "${seed.tenant_id}" created with ${seed.calls} sample calls.`,
    ` Admin login (shown once; only a hash is stored):`,
    `   email:    ${seed.email}`,
    `   password: ${seed.password}`,
    ' Log in (keeps the access token in $TOKEN) and list calls:',
    `   TOKEN=$(curl -s ${baseUrl}/api/v1/auth/login -H 'content-type: application/json' \\`,
    `     -d '{"email":"${seed.email}","password":"${seed.password}"}' \\`,
    `     | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
    `   curl -s ${baseUrl}/api/v1/tenants/${seed.tenant_id}/calls -H "authorization: Bearer $TOKEN"`,
    '================================================================',
    '',
  ].join('\n');
}
