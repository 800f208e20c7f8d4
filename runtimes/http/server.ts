import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { CorpusProvider, VerificationLedger } from '../../core/attestation/ports.js';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import type { AuditTrail } from '../../core/attestation/use-cases/audit-trail.js';
import type { BilledRequests } from '../../core/attestation/use-cases/billed-requests.js';
import type { VerifyAttribution } from '../../core/attestation/use-cases/verify-attribution.js';
import type { Login } from '../../core/auth/use-cases/login.js';
import type { TokenHolders } from '../../core/auth/use-cases/token-holders.js';
import type { CallIngest } from '../../core/calls/use-cases/call-ingest.js';
import type { CallQueries } from '../../core/calls/use-cases/call-queries.js';
import type { CursorSealer } from '../../core/shared/ports.js';
import type { Clock } from '../../core/shared/ports.js';
import type { SqlDatabase } from '../../adapters/sql/database.js';
import type { Config } from '../shared/config.js';
import { ATTESTATION } from '../shared/composition/attestation.tokens.js';
import { CALLS } from '../shared/composition/calls.tokens.js';
import { PLATFORM } from '../shared/composition/platform.tokens.js';
import { TENANCY } from '../shared/composition/tenancy.tokens.js';
import { createApp, type RouteGroup } from './app.js';
import { answerClientErrors } from './client-errors.js';
import { HTTP_RUNTIME } from './http.tokens.js';
import { agentsLimit, tenantLimits } from './middleware/area-a-limits.js';
import { bearerAuth } from './middleware/bearer-auth.js';
import { loginLimits } from './middleware/login-limit.js';
import { createHttpMetrics } from './middleware/metrics.js';
import { rateLimit, type RateLimiting } from './middleware/rate-limit.js';
import type { RateLimitStore } from './middleware/rate-limit-store.js';
import { tenantAccess } from './middleware/tenant-access.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { startCallRetentionJob } from './call-retention-job.js';
import { startOperatorResearchPoll } from './operator-research-poll.js';
import { apiKeyCaller, attestationRoutes, callerOf, requireProductionKey } from './routes/attestation.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { callsRoutes } from './routes/calls.routes.js';
import { agentsRoutes } from './routes/agents.routes.js';
import { knowledgeRoutes } from './routes/knowledge.routes.js';
import { researchOrderRoutes } from './routes/research-orders.routes.js';
import type { ResearchOrders } from '../../core/attestation/research-orders/research-orders.js';
import type { Invoicing } from '../../core/billing/use-cases/invoicing.js';
import { BILLING } from '../shared/composition/billing.tokens.js';
import type { AgentConfigs } from '../../core/agents/use-cases/agent-configs.js';
import type { KnowledgeBase } from '../../core/knowledge/use-cases/knowledge-base.js';
import type { WorkspaceSettingsService } from '../../core/workspace/use-cases/workspace-settings.js';
import type { InProcessSyncWorker } from '../../adapters/node/in-process-sync-worker.js';
import { KNOWLEDGE } from '../shared/composition/knowledge.tokens.js';
import { WORKSPACE } from '../shared/composition/workspace.tokens.js';
import { NotReady, platformRoutes } from './routes/platform.routes.js';
import { keyWebhookRoutes, tenantWebhookRoutes } from './routes/webhooks.routes.js';
import type { WebhookSubscriptions } from '../../core/events/use-cases/webhook-subscriptions.js';
import type { WebhookDeliveryWorker } from '../../adapters/node/webhook-delivery.worker.js';
import { WEBHOOKS } from '../shared/composition/webhooks.tokens.js';

/** Every route group of the service, in one place, for the router and the OpenAPI document alike. */
export function buildRouteGroups(container: Container, metrics = createHttpMetrics(), lifecycle: Lifecycle = { draining: false }): RouteGroup[] {
  const config = container.get<Config>(PLATFORM.Config);
  const database = container.get<SqlDatabase>(PLATFORM.SqlDatabase);
  const corpus = container.get<CorpusProvider>(ATTESTATION.CorpusProvider);
  const keys = container.get<ApiKeys>(ATTESTATION.ApiKeys);
  // One store and window for every limited group (docs/decisions/0010-rate-limits.md).
  const limiting: RateLimiting = { store: container.get<RateLimitStore>(HTTP_RUNTIME.RateLimitStore), windowMs: config.limits.windowMs };

  const verifyLimit = rateLimit((ctx) => {
    const caller = callerOf(ctx);
    return caller.tier === 'production'
      ? { policy: 'verify-key', max: caller.per_minute, id: `verify:key:${caller.key_id}` }
      : { policy: 'verify-sandbox', max: config.limits.verifySandboxPerMinute, id: `verify:ip:${ctx.ip}` };
  }, limiting, 'open');

  const attestation = attestationRoutes({
    verify: container.get<VerifyAttribution>(ATTESTATION.VerifyAttribution),
    audit: container.get<AuditTrail>(ATTESTATION.AuditTrail),
    billed: container.get<BilledRequests>(ATTESTATION.BilledRequests),
    keys,
    ledger: container.get<VerificationLedger>(ATTESTATION.VerificationLedger),
    corpus,
    clock: container.get<Clock>(PLATFORM.Clock),
    cursors: container.get<CursorSealer>(CALLS.CursorSealer),
    invoicing: container.get<Invoicing>(BILLING.Invoicing),
    onVerdict: (verdict, tier) => metrics.verdicts.inc({ verdict, tier }),
  });
  const researchOrders = researchOrderRoutes({ orders: container.get<ResearchOrders>(BILLING.ResearchOrders), invoicing: container.get<Invoicing>(BILLING.Invoicing) });

  const webhooks = { subscriptions: container.get<WebhookSubscriptions>(WEBHOOKS.Subscriptions) };
  const groups: RouteGroup[] = [
    {
      middleware: [apiKeyCaller(keys), verifyLimit],
      routes: [...attestation, ...researchOrders, ...keyWebhookRoutes(webhooks)],
      guards: { apiKey: requireProductionKey },
    },
  ];

  // Area A: login, then every tenant route behind the bearer token, the tenant's one budget
  // (calls and knowledge share it) and the tenancy rule.
  const clock = container.get<Clock>(PLATFORM.Clock);
  const authenticated = bearerAuth({
    secret: container.get<string>(TENANCY.AuthSecret),
    algorithm: config.auth.jwtAlgorithm,
    clock,
    maxLifetimeSeconds: config.auth.tokenTtlSeconds,
    holders: container.get<TokenHolders>(TENANCY.TokenHolders),
  });
  // Calls and knowledge: the tenant's one budget, uploads a second one on top. /ai-agents and
  // /workspace: one per-IP budget (`agentsLimit`, first in those groups, shared by both).
  const tenantLimit = tenantLimits(config.limits, limiting);
  const agentsIpLimit = agentsLimit(config.limits, limiting);
  groups.push({ middleware: loginLimits(config.limits, limiting), routes: authRoutes({ login: container.get<Login>(TENANCY.Login) }) });
  groups.push({
    middleware: [authenticated, ...tenantLimit, tenantAccess],
    routes: [
      ...callsRoutes({ queries: container.get<CallQueries>(CALLS.CallQueries), ingest: container.get<CallIngest>(CALLS.CallIngest) }),
      ...knowledgeRoutes({ knowledge: container.get<KnowledgeBase>(KNOWLEDGE.KnowledgeBase) }),
      ...tenantWebhookRoutes(webhooks),
    ],
  });
  // AI agents and workspace: the token's tenant (no tenant in the path), the per-IP budget first.
  const agentRoutes = agentsRoutes({
    agents: container.get<AgentConfigs>(KNOWLEDGE.AgentConfigs),
    workspace: container.get<WorkspaceSettingsService>(WORKSPACE.WorkspaceSettings),
  });
  groups.push({ middleware: [agentsIpLimit, authenticated], routes: agentRoutes.filter((r) => r.path.startsWith('/api/v1/ai-agents')) });
  groups.push({ middleware: [agentsIpLimit, authenticated], routes: agentRoutes.filter((r) => r.path.startsWith('/api/v1/workspace')) });
  let openapi: object | undefined;
  const platform = platformRoutes({
    metrics: metrics.registry,
    readiness: [
      { name: 'database', check: async () => await database.ping() },
      {
        name: 'lifecycle',
        check: async () => {
          if (lifecycle.draining) throw new NotReady('draining');
          return 'ok';
        },
      },
      { name: 'corpus', check: async () => `ok (revision ${corpus.current().revision})` },
    ],
    openapi: () => (openapi ??= buildOpenApiDocument(groups.flatMap((g) => g.routes))),
  });
  groups.push({ middleware: [], routes: platform });
  return groups;
}

/** Whether the server is shutting down: /readyz then answers 503 so balancers move traffic away. */
export interface Lifecycle {
  draining: boolean;
}

export interface RunningServer {
  app: Koa;
  server: Server;
  url: string;
  container: Container;
  close(): Promise<void>;
}

/** Starts the HTTP runtime on an already built container; `close` drains and releases everything. */
export async function startHttpServer(container: Container): Promise<RunningServer> {
  const config = container.get<Config>(PLATFORM.Config);
  const logger = container.get<Logger>(PLATFORM.Logger);
  const database = container.get<SqlDatabase>(PLATFORM.SqlDatabase);
  const syncs = container.get<InProcessSyncWorker>(KNOWLEDGE.SyncWorker);
  const metrics = createHttpMetrics({ pool: () => database.poolUse(), syncOutcomes: () => syncs.outcomes });
  const operatorResearch = await startOperatorResearchPoll(container);
  // Shared limits from the first request when Redis answers quickly; a start never waits long
  // for it nor fails on it (the groups' outage policies apply until it is reachable).
  if (!(await container.get<RateLimitStore>(HTTP_RUNTIME.RateLimitStore).ready(2000))) {
    logger.warn({ redis_url_set: true }, 'rate-limit store: redis not reachable at start; outage policies apply until it is');
  }
  const lifecycle: Lifecycle = { draining: false };
  const app = createApp({
    logger,
    metrics,
    groups: buildRouteGroups(container, metrics, lifecycle),
    trustProxy: config.trustProxy,
    maxIpsCount: config.trustProxyHops,
    isTransient: database.capabilities.isTransient,
  });
  // Timeouts set deliberately (docs/decisions/0013-edge-hardening.md): a slow or stalled client
  // gets a 408 within about a second of its limit (connections are checked every second).
  const server = createServer(
    {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      keepAliveTimeout: config.http.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    app.callback(),
  );
  answerClientErrors(server, logger);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Sync runs: queued ones, and those cut off by a crash or restart (here or on another instance)
  // once their lease expired, are claimed and finished by whichever instance polls first.
  syncs.start();
  // Webhooks: every instance delivers the outbox; leases keep each delivery to one of them.
  const deliveries = container.get<WebhookDeliveryWorker>(WEBHOOKS.DeliveryWorker);
  deliveries.start();
  const retention = startCallRetentionJob(container, config.retentionIntervalMs);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    app,
    server,
    url,
    container,
    close: () =>
      (closing ??= (async () => {
        operatorResearch.stop();
        syncs.stop();
        deliveries.stop();
        retention.stop();
        // Stop accepting connections; requests in flight finish. A keep-alive connection is
        // closed as soon as it is idle (checked every 50 ms), and every connection at the grace
        // period's end.
        lifecycle.draining = true;
        await new Promise<void>((resolve) => {
          const idle = setInterval(() => server.closeIdleConnections(), 50);
          const grace = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
          server.close(() => {
            clearInterval(idle);
            clearTimeout(grace);
            resolve();
          });
          server.closeIdleConnections();
        });
        await container.get<RateLimitStore>(HTTP_RUNTIME.RateLimitStore).close();
        await retention.idle();
        await Promise.race([Promise.all([syncs.idle(), deliveries.idle()]), new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs).unref())]);
        await database.close();
      })()),
  };
}
