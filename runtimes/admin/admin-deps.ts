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
import type { OperatorResearchImport } from '../shared/composition/attestation.module.js';
import { resolveAll } from '../shared/composition/resolve-all.js';
import { ATTESTATION } from '../shared/composition/attestation.tokens.js';
import { BILLING } from '../shared/composition/billing.tokens.js';
import { CALLS } from '../shared/composition/calls.tokens.js';
import { KNOWLEDGE } from '../shared/composition/knowledge.tokens.js';
import { PLATFORM } from '../shared/composition/platform.tokens.js';
import { STEWARDSHIP } from '../shared/composition/stewardship.tokens.js';
import { TENANCY } from '../shared/composition/tenancy.tokens.js';
import type { Config } from '../shared/config.js';

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

/** The one place the admin runtime reads its container (docs/decisions/0020). */
export function resolveAdminDeps(container: Container): AdminDeps {
  return resolveAll<AdminDeps>(container, {
    config: PLATFORM.Config,
    apiKeys: ATTESTATION.ApiKeys,
    tenantAdmin: TENANCY.TenantAdmin,
    callIngest: CALLS.CallIngest,
    callErasure: CALLS.CallErasure,
    offboarding: STEWARDSHIP.TenantOffboarding,
    agents: KNOWLEDGE.AgentConfigs,
    researchOrders: BILLING.ResearchOrders,
    invoicing: BILLING.Invoicing,
    operatorResearch: ATTESTATION.OperatorResearchStore,
    corpusImport: ATTESTATION.OperatorResearchImport,
  });
}
