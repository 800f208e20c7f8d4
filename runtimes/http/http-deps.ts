import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { InProcessSyncWorker } from '../../adapters/node/in-process-sync-worker.js';
import type { WebhookDeliveryWorker } from '../../adapters/node/webhook-delivery.worker.js';
import type { SqlDatabase } from '../../adapters/sql/database.js';
import type { AgentConfigs } from '../../core/agents/use-cases/agent-configs.js';
import type { ResearchOrders } from '../../core/attestation/research-orders/research-orders.js';
import type { OperatorResearchSync } from '../../core/attestation/use-cases/operator-research.js';
import type { AccessTokens } from '../../core/auth/ports.js';
import type { Login } from '../../core/auth/use-cases/login.js';
import type { TokenHolders } from '../../core/auth/use-cases/token-holders.js';
import type { CallErasure } from '../../core/calls/use-cases/call-erasure.js';
import type { CallIngest } from '../../core/calls/use-cases/call-ingest.js';
import type { CallQueries } from '../../core/calls/use-cases/call-queries.js';
import type { CallRetention } from '../../core/calls/use-cases/call-retention.js';
import type { WebhookSubscriptions } from '../../core/events/use-cases/webhook-subscriptions.js';
import type { KnowledgeBase } from '../../core/knowledge/use-cases/knowledge-base.js';
import type { WorkspaceSettingsService } from '../../core/workspace/use-cases/workspace-settings.js';
import { resolveAll } from '../shared/composition/resolve-all.js';
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
import type { RateLimitStore } from './rate-limit/ports.js';
import type { AttestationRouteDeps } from './routes/attestation.routes.js';
import type { CatalogueFiles } from '../../core/attestation/ports.js';

/** What the route handlers call: use cases and the ports they read directly. */
export interface HttpServices extends Omit<AttestationRouteDeps, 'onVerdict' | 'unavailability'> {
  catalogueFiles: CatalogueFiles;
  researchOrders: ResearchOrders;
  webhookSubscriptions: WebhookSubscriptions;
  login: Login;
  callQueries: CallQueries;
  callIngest: CallIngest;
  callErasure: CallErasure;
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
  /** Bearer tokens: their verification, and the check that their holder still exists. */
  accessTokens: AccessTokens;
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
    ...resolveAll<Omit<HttpDeps, 'demo'>>(container, {
      config: PLATFORM.Config,
      logger: PLATFORM.Logger,
      database: PLATFORM.SqlDatabase,
      clock: PLATFORM.Clock,
      scheduler: PLATFORM.Scheduler,
      rateLimitStore: HTTP_RUNTIME.RateLimitStore,
      verify: ATTESTATION.VerifyAttribution,
      audit: ATTESTATION.AuditTrail,
      billed: ATTESTATION.BilledRequests,
      keys: ATTESTATION.ApiKeys,
      ledger: ATTESTATION.VerificationLedger,
      corpus: ATTESTATION.CorpusProvider,
      catalogueFiles: ATTESTATION.CatalogueFiles,
      operatorResearch: ATTESTATION.OperatorResearchSync,
      cursors: CALLS.CursorSealer,
      callQueries: CALLS.CallQueries,
      callIngest: CALLS.CallIngest,
      callErasure: CALLS.CallErasure,
      callRetention: CALLS.CallRetention,
      invoicing: BILLING.Invoicing,
      researchOrders: BILLING.ResearchOrders,
      webhookSubscriptions: WEBHOOKS.Subscriptions,
      deliveries: WEBHOOKS.DeliveryWorker,
      accessTokens: TENANCY.AccessTokens,
      tokenHolders: TENANCY.TokenHolders,
      login: TENANCY.Login,
      knowledge: KNOWLEDGE.KnowledgeBase,
      agents: KNOWLEDGE.AgentConfigs,
      syncs: KNOWLEDGE.SyncWorker,
      workspace: WORKSPACE.WorkspaceSettings,
    }),
    demo: resolveAll<DemoDeps>(container, {
      admin: TENANCY.TenantAdmin,
      ids: PLATFORM.IdGenerator,
      clock: PLATFORM.Clock,
      ingest: CALLS.CallIngest,
      agents: KNOWLEDGE.AgentConfigs,
      knowledge: KNOWLEDGE.KnowledgeBase,
      sync: KNOWLEDGE.KnowledgeSync,
    }),
  };
}
