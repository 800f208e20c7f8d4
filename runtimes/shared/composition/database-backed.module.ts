import type { Container } from 'inversify';
import { bindAgentsServices, bindAgentsSql } from './agents.module.js';
import { bindAttestationServices, bindAttestationSql } from './attestation.module.js';
import { bindBillingServices, bindBillingSql } from './billing.module.js';
import { bindCallsServices, bindCallsSql } from './calls.module.js';
import { bindKnowledgeServices, bindKnowledgeSql } from './knowledge.module.js';
import { bindResearchOrdersServices, bindResearchOrdersSql } from './research-orders.module.js';
import { bindStewardship } from './stewardship.module.js';
import { bindAuth, bindTenancyServices, bindTenancySql } from './tenancy.module.js';
import { bindWebhooksServices, bindWebhooksSql } from './webhooks.module.js';
import { bindWorkspaceServices, bindWorkspaceSql } from './workspace.module.js';

/**
 * Every area's SQL adapters and use cases, over the database bound by `bindPlatform`. The HTTP
 * server and svc-admin share it, so both runtimes wire the same ports to the same adapters.
 * (Bindings resolve on first use: the order here is for reading, not for resolution.)
 */
export function bindDatabaseBackedAreas(container: Container): void {
  bindWebhooksSql(container);
  bindWebhooksServices(container);
  bindAttestationSql(container);
  bindAttestationServices(container);
  bindResearchOrdersSql(container);
  bindResearchOrdersServices(container);
  bindBillingSql(container);
  bindBillingServices(container);
  bindTenancySql(container);
  bindTenancyServices(container);
  bindAuth(container);
  bindCallsSql(container);
  bindCallsServices(container);
  bindKnowledgeSql(container);
  bindKnowledgeServices(container);
  bindAgentsSql(container);
  bindAgentsServices(container);
  bindWorkspaceSql(container);
  bindWorkspaceServices(container);
  bindStewardship(container);
}
