import type { Registry } from 'prom-client';
import type { RouteGroup } from './app.js';
import type { HttpDeps, HttpServices } from './http-deps.js';
import { agentsLimit, tenantLimits } from './middleware/area-a-limits.js';
import { bearerAuth } from './middleware/bearer-auth.js';
import { loginLimits } from './middleware/login-limit.js';
import { createHttpMetrics } from './middleware/metrics.js';
import type { RateLimiting } from './middleware/rate-limit.js';
import { tenantAccess } from './middleware/tenant-access.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { type Lifecycle, readinessChecks } from './readiness.js';
import type { AnyRouteSpec } from './route-spec.js';
import { agentsRoutes } from './routes/agents.routes.js';
import { apiKeyCaller, attestationRoutes, requireProductionKey } from './routes/attestation.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { callsRoutes } from './routes/calls.routes.js';
import { knowledgeRoutes } from './routes/knowledge.routes.js';
import { type ReadinessCheck, platformRoutes } from './routes/platform.routes.js';
import { researchOrderRoutes } from './routes/research-orders.routes.js';
import { keyWebhookRoutes, tenantWebhookRoutes } from './routes/webhooks.routes.js';
import { verifyLimit } from './verify-limit.js';

/** The routes of each group, in the order the router and the OpenAPI document list them. */
export interface RouteSets {
  /** API key (optional or required), the verify budget. */
  verify: AnyRouteSpec[];
  /** Login, its own budgets. */
  auth: AnyRouteSpec[];
  /** Bearer token, the tenant's budget, the tenancy rule. */
  tenant: AnyRouteSpec[];
  /** Bearer token, the per-IP agents budget. */
  aiAgents: AnyRouteSpec[];
  workspace: AnyRouteSpec[];
  /** Health, readiness, metrics, the API reference. */
  platform: AnyRouteSpec[];
}

/** What the platform routes report, and the verdict counter of the metrics. */
export interface PlatformParts {
  metrics: Registry;
  onVerdict?: (verdict: string, tier: string) => void;
  readiness: ReadinessCheck[];
  openapi: () => object;
}

/**
 * Every route of the service as plain values: handlers close over `services` and call it only
 * when a request arrives, so listing the routes (the OpenAPI document) calls nothing.
 */
export function routeSets(services: HttpServices, platform: PlatformParts): RouteSets {
  const webhooks = { subscriptions: services.webhookSubscriptions };
  const agentRoutes = agentsRoutes({ agents: services.agents, workspace: services.workspace });
  return {
    verify: [
      ...attestationRoutes({ ...services, onVerdict: platform.onVerdict }),
      ...researchOrderRoutes({ orders: services.researchOrders, invoicing: services.invoicing }),
      ...keyWebhookRoutes(webhooks),
    ],
    auth: authRoutes({ login: services.login }),
    tenant: [
      ...callsRoutes({ queries: services.callQueries, ingest: services.callIngest }),
      ...knowledgeRoutes({ knowledge: services.knowledge }),
      ...tenantWebhookRoutes(webhooks),
    ],
    aiAgents: agentRoutes.filter((r) => r.path.startsWith('/api/v1/ai-agents')),
    workspace: agentRoutes.filter((r) => r.path.startsWith('/api/v1/workspace')),
    platform: platformRoutes(platform),
  };
}

export const allRoutes = (sets: RouteSets): AnyRouteSpec[] => [...sets.verify, ...sets.auth, ...sets.tenant, ...sets.aiAgents, ...sets.workspace, ...sets.platform];

/** Every route group of the service, in one place: the route sets with their middleware. */
export function buildRouteGroups(deps: HttpDeps, metrics = createHttpMetrics(), lifecycle: Lifecycle = { draining: false }): RouteGroup[] {
  const { config } = deps;
  // One store and window for every limited group (docs/decisions/0010-rate-limits.md).
  const limiting: RateLimiting = { store: deps.rateLimitStore, windowMs: config.limits.windowMs };
  let openapi: object | undefined;
  const sets = routeSets(
    deps,
    {
      metrics: metrics.registry,
      onVerdict: (verdict, tier) => metrics.verdicts.inc({ verdict, tier }),
      readiness: readinessChecks({ database: deps.database, corpus: deps.corpus, lifecycle }),
      openapi: () => (openapi ??= buildOpenApiDocument(allRoutes(sets))),
    },
  );
  // Area A: login, then every tenant route behind the bearer token, the tenant's one budget
  // (calls and knowledge share it) and the tenancy rule.
  const authenticated = bearerAuth({
    secret: deps.authSecret,
    algorithm: config.auth.jwtAlgorithm,
    clock: deps.clock,
    maxLifetimeSeconds: config.auth.tokenTtlSeconds,
    holders: deps.tokenHolders,
  });
  // Calls and knowledge: the tenant's one budget, uploads a second one on top. /ai-agents and
  // /workspace: one per-IP budget (`agentsLimit`, first in those groups, shared by both).
  const agentsIpLimit = agentsLimit(config.limits, limiting);
  return [
    { middleware: [apiKeyCaller(deps.keys), verifyLimit(config.limits, limiting)], routes: sets.verify, guards: { apiKey: requireProductionKey } },
    { middleware: loginLimits(config.limits, limiting), routes: sets.auth },
    { middleware: [authenticated, ...tenantLimits(config.limits, limiting), tenantAccess], routes: sets.tenant },
    // AI agents and workspace: the token's tenant (no tenant in the path), the per-IP budget first.
    { middleware: [agentsIpLimit, authenticated], routes: sets.aiAgents },
    { middleware: [agentsIpLimit, authenticated], routes: sets.workspace },
    { middleware: [], routes: sets.platform },
  ];
}
