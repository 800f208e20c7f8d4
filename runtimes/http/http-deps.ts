import type { CatalogueFiles } from '../../core/attestation/ports.js';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { InProcessSyncWorker } from '../../adapters/node/in-process-sync-worker.js';
import type { WebhookDeliveryWorker } from '../../adapters/node/webhook-delivery.worker.js';
import type { PrometheusMetrics } from '../../adapters/node/prometheus-metrics.js';
import type { SqlDashboardReadings } from '../../adapters/sql/sql-dashboard-readings.js';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import type { AgentConfigs } from '../../core/agents/use-cases/agent-configs.js';
import type { ResearchOrders } from '../../core/attestation/research-orders/research-orders.js';
import type { OperatorResearchSync } from '../../core/attestation/use-cases/operator-research.js';
import type { CorpusProvider, VerificationLedger } from '../../core/attestation/ports.js';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import type { AuditTrail } from '../../core/attestation/use-cases/audit-trail.js';
import type { BilledRequests } from '../../core/attestation/use-cases/billed-requests.js';
import type { VerifyAttribution } from '../../core/attestation/use-cases/verify-attribution.js';
import type { Invoicing } from '../../core/billing/use-cases/invoicing.js';
import type { Clock, CursorSealer, Scheduler } from '../../core/shared/ports.js';
import type { AccessTokens } from '../../core/auth/ports.js';
import type { Login } from '../../core/auth/use-cases/login.js';
import type { TokenHolders } from '../../core/auth/use-cases/token-holders.js';
import type { CallErasure } from '../../core/calls/use-cases/call-erasure.js';
import type { CallIngest } from '../../core/calls/use-cases/call-ingest.js';
import type { CallQueries } from '../../core/calls/use-cases/call-queries.js';
import type { CallStatistics } from '../../core/calls/use-cases/call-statistics.js';
import type { TenantUsers } from '../../core/auth/use-cases/tenant-users.js';
import type { CallRetention } from '../../core/calls/use-cases/call-retention.js';
import type { WebhookSubscriptions } from '../../core/events/use-cases/webhook-subscriptions.js';
import type { KnowledgeBase } from '../../core/knowledge/use-cases/knowledge-base.js';
import type { WorkspaceSettingsService } from '../../core/workspace/use-cases/workspace-settings.js';
import { AGENTS } from '../shared/composition/agents.tokens.js';
import { ATTESTATION } from '../shared/composition/attestation.tokens.js';
import { BILLING } from '../shared/composition/billing.tokens.js';
import { CALLS } from '../shared/composition/calls.tokens.js';
import { KNOWLEDGE } from '../shared/composition/knowledge.tokens.js';
import { PLATFORM } from '../shared/composition/platform.tokens.js';
import { RESEARCH_ORDERS } from '../shared/composition/research-orders.tokens.js';
import { TENANCY } from '../shared/composition/tenancy.tokens.js';
import { WEBHOOKS } from '../shared/composition/webhooks.tokens.js';
import { resolverOf } from '../shared/composition/token.js';
import { WORKSPACE } from '../shared/composition/workspace.tokens.js';
import type { Config } from '../shared/settings/config.js';
import type { DemoDeps } from '../shared/demo/seed-demo.js';
import { HTTP_RUNTIME } from './http.tokens.js';
import type { RateLimitStore } from './rate-limit/ports.js';

/**
 * What the route handlers call: use cases and the ports they read directly. Each area's handlers
 * take the fields they use (`Pick<HttpServices, …>`), so a use case new to a route is a field here,
 * its line in `resolveHttpDeps` and its name in the routes file's `Pick`.
 */
export interface HttpServices {
  verify: VerifyAttribution;
  audit: AuditTrail;
  billed: BilledRequests;
  keys: ApiKeys;
  ledger: VerificationLedger;
  corpus: CorpusProvider;
  /** Catalogue files read and written off the event loop (ADR 0041). */
  catalogueFiles: CatalogueFiles;
  clock: Clock;
  /** Seals the coverage pages' cursors. */
  cursors: CursorSealer;
  /** `/verify/usage` is the verify part of the monthly statement. */
  invoicing: Invoicing;
  /** Shares the event loop between batches and every other request (ADR 0031). */
  scheduler: Scheduler;
  researchOrders: ResearchOrders;
  webhookSubscriptions: WebhookSubscriptions;
  login: Login;
  callQueries: CallQueries;
  callStatistics: CallStatistics;
  tenantUsers: TenantUsers;
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
  /** What the use cases report through their metrics ports, and the stored state read at each scrape: both served at /metrics. */
  metrics: PrometheusMetrics;
  readings: SqlDashboardReadings;
  /** `DEMO_SEED`: what seeding the demo tenant on an empty database writes through. */
  demo: DemoDeps;
}

/** The one place the HTTP runtime reads its container (docs/decisions/0020, 0039): each field typed by its token. */
export function resolveHttpDeps(container: Container): HttpDeps {
  const get = resolverOf(container);
  return {
    config: get(PLATFORM.Config),
    logger: get(PLATFORM.Logger),
    database: get(PLATFORM.SqlDatabase),
    metrics: get(PLATFORM.Metrics),
    readings: get(PLATFORM.DashboardReadings),
    clock: get(PLATFORM.Clock),
    scheduler: get(PLATFORM.Scheduler),
    cursors: get(PLATFORM.CursorSealer),
    rateLimitStore: get(HTTP_RUNTIME.RateLimitStore),
    verify: get(ATTESTATION.VerifyAttribution),
    audit: get(ATTESTATION.AuditTrail),
    billed: get(ATTESTATION.BilledRequests),
    keys: get(ATTESTATION.ApiKeys),
    ledger: get(ATTESTATION.VerificationLedger),
    corpus: get(ATTESTATION.CorpusProvider),
    catalogueFiles: get(ATTESTATION.CatalogueFiles),
    operatorResearch: get(ATTESTATION.OperatorResearchSync),
    callQueries: get(CALLS.CallQueries),
    callStatistics: get(CALLS.CallStatistics),
    tenantUsers: get(TENANCY.TenantUsers),
    callIngest: get(CALLS.CallIngest),
    callErasure: get(CALLS.CallErasure),
    callRetention: get(CALLS.CallRetention),
    invoicing: get(BILLING.Invoicing),
    researchOrders: get(RESEARCH_ORDERS.ResearchOrders),
    webhookSubscriptions: get(WEBHOOKS.Subscriptions),
    deliveries: get(WEBHOOKS.DeliveryWorker),
    accessTokens: get(TENANCY.AccessTokens),
    tokenHolders: get(TENANCY.TokenHolders),
    login: get(TENANCY.Login),
    knowledge: get(KNOWLEDGE.KnowledgeBase),
    syncs: get(KNOWLEDGE.SyncWorker),
    agents: get(AGENTS.AgentConfigs),
    workspace: get(WORKSPACE.WorkspaceSettings),
    demo: {
      admin: get(TENANCY.TenantAdmin),
      ids: get(PLATFORM.IdGenerator),
      clock: get(PLATFORM.Clock),
      ingest: get(CALLS.CallIngest),
      agents: get(AGENTS.AgentConfigs),
      knowledge: get(KNOWLEDGE.KnowledgeBase),
      sync: get(KNOWLEDGE.KnowledgeSync),
    },
  };
}
