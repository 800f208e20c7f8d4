import type { Container } from 'inversify';
import type { AgentConfigs } from '../../core/agents/use-cases/agent-configs.js';
import type { OperatorResearchStore } from '../../core/attestation/ports.js';
import type { ResearchOrders } from '../../core/attestation/research-orders/research-orders.js';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import type { Invoicing } from '../../core/billing/use-cases/invoicing.js';
import type { CallErasure } from '../../core/calls/use-cases/call-erasure.js';
import type { CallIngest } from '../../core/calls/use-cases/call-ingest.js';
import type { TenantOffboarding } from '../../core/stewardship/use-cases/tenant-offboarding.js';
import type { TenantAdmin } from '../../core/tenancy/use-cases/tenant-admin.js';
import { AGENTS } from '../shared/composition/agents.tokens.js';
import { ATTESTATION, type OperatorResearchImport } from '../shared/composition/attestation.tokens.js';
import { BILLING } from '../shared/composition/billing.tokens.js';
import { CALLS } from '../shared/composition/calls.tokens.js';
import { PLATFORM } from '../shared/composition/platform.tokens.js';
import { RESEARCH_ORDERS } from '../shared/composition/research-orders.tokens.js';
import { STEWARDSHIP } from '../shared/composition/stewardship.tokens.js';
import { TENANCY } from '../shared/composition/tenancy.tokens.js';
import { resolverOf } from '../shared/composition/token.js';
import type { Config } from '../shared/settings/config.js';

/** What svc-admin's commands use: resolved once by its composition root (`run-admin.ts`). */
export interface AdminDeps {
  config: Config;
  apiKeys: ApiKeys;
  tenantAdmin: TenantAdmin;
  callIngest: CallIngest;
  callErasure: CallErasure;
  offboarding: TenantOffboarding;
  agents: AgentConfigs;
  researchOrders: ResearchOrders;
  invoicing: Invoicing;
  operatorResearch: OperatorResearchStore;
  /** `corpus import`: validates and applies operator research (the corpus is read on first use). */
  corpusImport: OperatorResearchImport;
}

/** The one place the admin runtime reads its container (docs/decisions/0020, 0039): each field typed by its token. */
export function resolveAdminDeps(container: Container): AdminDeps {
  const get = resolverOf(container);
  return {
    config: get(PLATFORM.Config),
    apiKeys: get(ATTESTATION.ApiKeys),
    tenantAdmin: get(TENANCY.TenantAdmin),
    callIngest: get(CALLS.CallIngest),
    callErasure: get(CALLS.CallErasure),
    offboarding: get(STEWARDSHIP.TenantOffboarding),
    agents: get(AGENTS.AgentConfigs),
    researchOrders: get(RESEARCH_ORDERS.ResearchOrders),
    invoicing: get(BILLING.Invoicing),
    operatorResearch: get(ATTESTATION.OperatorResearchStore),
    corpusImport: get(ATTESTATION.OperatorResearchImport),
  };
}
