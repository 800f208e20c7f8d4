import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { InProcessSyncWorker } from '../../adapters/node/in-process-sync-worker.js';
import type { WebhookDeliveryWorker } from '../../adapters/node/webhook-delivery.worker.js';
import type { SqlDatabase } from '../../adapters/sql/database.js';
import type { AgentConfigs } from '../../core/agents/use-cases/agent-configs.js';
import type { CorpusProvider, VerificationLedger } from '../../core/attestation/ports.js';
import type { ResearchOrders } from '../../core/attestation/research-orders/research-orders.js';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import type { AuditTrail } from '../../core/attestation/use-cases/audit-trail.js';
import type { BilledRequests } from '../../core/attestation/use-cases/billed-requests.js';
import type { OperatorResearchSync } from '../../core/attestation/use-cases/operator-research.js';
import type { VerifyAttribution } from '../../core/attestation/use-cases/verify-attribution.js';
import type { Login } from '../../core/auth/use-cases/login.js';
import type { TokenHolders } from '../../core/auth/use-cases/token-holders.js';
import type { Invoicing } from '../../core/billing/use-cases/invoicing.js';
import type { CallIngest } from '../../core/calls/use-cases/call-ingest.js';
import type { CallQueries } from '../../core/calls/use-cases/call-queries.js';
import type { CallRetention } from '../../core/calls/use-cases/call-retention.js';
import type { WebhookSubscriptions } from '../../core/events/use-cases/webhook-subscriptions.js';
import type { KnowledgeBase } from '../../core/knowledge/use-cases/knowledge-base.js';
import type { KnowledgeSync } from '../../core/knowledge/use-cases/knowledge-sync.js';
import type { Clock, CursorSealer, IdGenerator } from '../../core/shared/ports.js';
import type { TenantAdmin } from '../../core/tenancy/use-cases/tenant-admin.js';
import type { WorkspaceSettingsService } from '../../core/workspace/use-cases/workspace-settings.js';
import { ATTESTATION } from '../shared/composition/attestation.tokens.js';
import { BILLING } from '../shared/composition/billing.tokens.js';
import { CALLS } from '../shared/composition/calls.tokens.js';
import { KNOWLEDGE } from '../shared/composition/knowledge.tokens.js';
import { PLATFORM } from '../shared/composition/platform.tokens.js';
import { TENANCY } from '../shared/composition/tenancy.tokens.js';
import { WEBHOOKS } from '../shared/composition/webhooks.tokens.js';
import { WORKSPACE } from '../shared/composition/workspace.tokens.js';
import type { Config } from '../shared/config.js';
import type { DemoDeps } from '../shared/demo/seed-demo.js';
import { HTTP_RUNTIME } from './http.tokens.js';
import type { RateLimitStore } from './middleware/rate-limit-store.js';
import type { AttestationRouteDeps } from './routes/attestation.routes.js';

/** What the route handlers call: use cases and the ports they read directly. */
export interface HttpServices extends Omit<AttestationRouteDeps, 'onVerdict'> {
  researchOrders: ResearchOrders;
  webhookSubscriptions: WebhookSubscriptions;
  login: Login;
  callQueries: CallQueries;
  callIngest: CallIngest;
  knowledge: KnowledgeBase;
  agents: AgentConfigs;
  workspace: WorkspaceSettingsService;
}

/**
 * Everything the HTTP runtime uses, resolved once by its composition root: `server.ts`, the
 * route groups and the background jobs take this plain object, never the container.
 */
export interface HttpDeps extends HttpServices {
  config: Config;
  logger: Logger;
  database: SqlDatabase;
  /** The process's rate-limit counters (memory, or Redis with `REDIS_URL`); closed on shutdown. */
  rateLimitStore: RateLimitStore;
  /** Bearer tokens: the signing secret and the check that their holder still exists. */
  authSecret: string;
  tokenHolders: TokenHolders;
  /** Background work started with the server and drained on shutdown. */
  syncs: InProcessSyncWorker;
  deliveries: WebhookDeliveryWorker;
  operatorResearch: OperatorResearchSync;
  callRetention: CallRetention;
  /** `DEMO_SEED`: what seeding the demo tenant on an empty database writes through. */
  demo: DemoDeps;
}

/** The one place the HTTP runtime reads its container (docs/decisions/0020). */
export function resolveHttpDeps(container: Container): HttpDeps {
  return {
    config: container.get<Config>(PLATFORM.Config),
    logger: container.get<Logger>(PLATFORM.Logger),
    database: container.get<SqlDatabase>(PLATFORM.SqlDatabase),
    clock: container.get<Clock>(PLATFORM.Clock),
    rateLimitStore: container.get<RateLimitStore>(HTTP_RUNTIME.RateLimitStore),
    verify: container.get<VerifyAttribution>(ATTESTATION.VerifyAttribution),
    audit: container.get<AuditTrail>(ATTESTATION.AuditTrail),
    billed: container.get<BilledRequests>(ATTESTATION.BilledRequests),
    keys: container.get<ApiKeys>(ATTESTATION.ApiKeys),
    ledger: container.get<VerificationLedger>(ATTESTATION.VerificationLedger),
    corpus: container.get<CorpusProvider>(ATTESTATION.CorpusProvider),
    operatorResearch: container.get<OperatorResearchSync>(ATTESTATION.OperatorResearchSync),
    cursors: container.get<CursorSealer>(CALLS.CursorSealer),
    callQueries: container.get<CallQueries>(CALLS.CallQueries),
    callIngest: container.get<CallIngest>(CALLS.CallIngest),
    callRetention: container.get<CallRetention>(CALLS.CallRetention),
    invoicing: container.get<Invoicing>(BILLING.Invoicing),
    researchOrders: container.get<ResearchOrders>(BILLING.ResearchOrders),
    webhookSubscriptions: container.get<WebhookSubscriptions>(WEBHOOKS.Subscriptions),
    deliveries: container.get<WebhookDeliveryWorker>(WEBHOOKS.DeliveryWorker),
    authSecret: container.get<string>(TENANCY.AuthSecret),
    tokenHolders: container.get<TokenHolders>(TENANCY.TokenHolders),
    login: container.get<Login>(TENANCY.Login),
    knowledge: container.get<KnowledgeBase>(KNOWLEDGE.KnowledgeBase),
    agents: container.get<AgentConfigs>(KNOWLEDGE.AgentConfigs),
    syncs: container.get<InProcessSyncWorker>(KNOWLEDGE.SyncWorker),
    workspace: container.get<WorkspaceSettingsService>(WORKSPACE.WorkspaceSettings),
    demo: {
      admin: container.get<TenantAdmin>(TENANCY.TenantAdmin),
      ids: container.get<IdGenerator>(PLATFORM.IdGenerator),
      clock: container.get<Clock>(PLATFORM.Clock),
      ingest: container.get<CallIngest>(CALLS.CallIngest),
      agents: container.get<AgentConfigs>(KNOWLEDGE.AgentConfigs),
      knowledge: container.get<KnowledgeBase>(KNOWLEDGE.KnowledgeBase),
      sync: container.get<KnowledgeSync>(KNOWLEDGE.KnowledgeSync),
    },
  };
}
