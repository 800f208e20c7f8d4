import type { AgentsTables } from './agents.tables.js';
import type { AttestationTables } from './attestation.tables.js';
import type { CallsTables } from './calls.tables.js';
import type { KnowledgeTables } from './knowledge.tables.js';
import type { OperatorResearchTables } from './operator-research.tables.js';
import type { ResearchOrderTables } from './research-order.tables.js';
import type { StewardshipTables } from './stewardship.tables.js';
import type { TenancyTables } from './tenancy.tables.js';
import type { WebhookTables } from './webhook.tables.js';
import type { WorkspaceTables } from './workspace.tables.js';

/**
 * Tables as Kysely sees them, shared by every SQL dialect adapter: each area's tables are
 * declared in its own `<area>.tables.ts`. What differs between dialects is in `sql-dialect.ts`.
 */
export interface Database
  extends AttestationTables,
    TenancyTables,
    CallsTables,
    KnowledgeTables,
    AgentsTables,
    WorkspaceTables,
    OperatorResearchTables,
    ResearchOrderTables,
    WebhookTables,
    StewardshipTables {}
