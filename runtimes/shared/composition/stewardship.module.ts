import type { Container } from 'inversify';
import type { AgentRepository } from '../../../core/agents/ports.js';
import type { CallRepository } from '../../../core/calls/ports.js';
import type { SubscriptionStore } from '../../../core/events/ports.js';
import type { KnowledgeStore } from '../../../core/knowledge/ports.js';
import type { TenantDataEraser, TenantRepository } from '../../../core/tenancy/ports.js';
import { TenantOffboarding } from '../../../core/tenancy/use-cases/tenant-offboarding.js';
import type { WorkspaceRepository } from '../../../core/workspace/ports.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import { SqlTenantDataEraser } from '../../../adapters/sql/sql-tenant-data.eraser.js';
import { CALLS } from './calls.tokens.js';
import { KNOWLEDGE } from './knowledge.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { STEWARDSHIP } from './stewardship.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { WEBHOOKS } from './webhooks.tokens.js';
import { WORKSPACE } from './workspace.tokens.js';

/** A tenant's export and deletion, over the bound database and every area's ports. */
export function bindStewardship(container: Container): void {
  container
    .bind<TenantDataEraser>(STEWARDSHIP.TenantDataEraser)
    .toResolvedValue((database: SqlDatabase) => new SqlTenantDataEraser(database.db, database.capabilities.callSearch, database.capabilities.knowledgeIndex), [PLATFORM.SqlDatabase])
    .inSingletonScope();
  container
    .bind<TenantOffboarding>(STEWARDSHIP.TenantOffboarding)
    .toResolvedValue(
      (tenants: TenantRepository, calls: CallRepository, knowledge: KnowledgeStore, agents: AgentRepository, workspaces: WorkspaceRepository, subscriptions: SubscriptionStore, eraser: TenantDataEraser) =>
        new TenantOffboarding({ tenants, calls, knowledge, agents, workspaces, subscriptions, eraser }),
      [TENANCY.TenantRepository, CALLS.CallRepository, KNOWLEDGE.KnowledgeStore, KNOWLEDGE.AgentRepository, WORKSPACE.WorkspaceRepository, WEBHOOKS.SubscriptionStore, STEWARDSHIP.TenantDataEraser],
    )
    .inSingletonScope();
}
