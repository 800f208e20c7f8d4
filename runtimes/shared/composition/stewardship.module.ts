import type { Container } from 'inversify';
import { TenantOffboarding } from '../../../core/tenancy/use-cases/tenant-offboarding.js';
import { SqlTenantDataEraser } from '../../../adapters/sql/sql-tenant-data.eraser.js';
import { AGENTS } from './agents.tokens.js';
import { CALLS } from './calls.tokens.js';
import { KNOWLEDGE } from './knowledge.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { STEWARDSHIP } from './stewardship.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { provide } from './token.js';
import { WEBHOOKS } from './webhooks.tokens.js';
import { WORKSPACE } from './workspace.tokens.js';

/** A tenant's export and deletion, over the bound database and every area's ports. */
export function bindStewardship(container: Container): void {
  provide(
    container,
    STEWARDSHIP.TenantDataEraser,
    [PLATFORM.SqlDatabase],
    (database) => new SqlTenantDataEraser(database.db, database.capabilities.callSearch, database.capabilities.knowledgeIndex),
  );
  provide(
    container,
    STEWARDSHIP.TenantOffboarding,
    [TENANCY.TenantRepository, CALLS.CallRepository, KNOWLEDGE.KnowledgeStore, AGENTS.AgentRepository, WORKSPACE.WorkspaceRepository, WEBHOOKS.SubscriptionStore, STEWARDSHIP.TenantDataEraser],
    (tenants, calls, knowledge, agents, workspaces, subscriptions, eraser) => new TenantOffboarding({ tenants, calls, knowledge, agents, workspaces, subscriptions, eraser }),
  );
}
