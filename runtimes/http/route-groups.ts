import type { Registry } from 'prom-client';
import type { Unavailability } from '../../adapters/sql/database.js';
import type { RouteGroup } from './app.js';
import { API_CONTRACTS } from './contracts/index.js';
import type { HttpDeps, HttpServices } from './http-deps.js';
import type { McpLog } from '../mcp/mcp-log.js';
import { apiKeyCaller, requireProductionKey } from './middleware/api-key.js';
import { asCheck, type CheckMiddleware } from './middleware/check.js';
import { bearerAuth } from './middleware/bearer-auth.js';
import { createHttpMetrics } from './middleware/metrics.js';
import { tenantAccess } from './middleware/tenant-access.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { type Lifecycle, readinessChecks } from './readiness.js';
import type { Route } from './route-contract.js';
import { agentsRoutes } from './routes/agents.routes.js';
import { attestationRoutes } from './routes/attestation.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { callsRoutes } from './routes/calls.routes.js';
import { erasuresRoutes } from './routes/erasures.routes.js';
import { knowledgeRoutes } from './routes/knowledge.routes.js';
import { type ReadinessCheck, platformRoutes } from './routes/platform.routes.js';
import { mcpOriginGuard, mcpRoutes } from './routes/mcp.routes.js';
import { researchOrderRoutes } from './routes/research-orders.routes.js';
import { keyWebhookRoutes, tenantWebhookRoutes } from './routes/webhooks.routes.js';

/** The routes of each group, in the order the router and the OpenAPI document list them. */
export interface RouteSets {
  /** API key (optional or required). */
  verify: Route[];
  /** The MCP endpoint: an allowed Origin, then the API key (also as `Authorization: Bearer`) or the sandbox. */
  mcp: Route[];
  /** Login. */
  auth: Route[];
  /** Bearer token and the tenancy rule. */
  tenant: Route[];
  /** Bearer token, the token's tenant (no tenant in the path). */
  agents: Route[];
  /** Health, readiness, metrics, the API reference. */
  platform: Route[];
}

/** What the platform routes report, and the verdict counter of the metrics. */
export interface PlatformParts {
  metrics: Registry;
  onVerdict?: (verdict: string, tier: string) => void;
  readiness: ReadinessCheck[];
  openapi: () => object;
  /** The database's classification of its transient failures: a batch one interrupts ends early (ADR 0026). */
  unavailability?: (err: unknown) => Unavailability | null;
  /** Where `/mcp` logs what it cannot answer. */
  log: McpLog;
}

/** Every contract bound to its handler; handlers close over `services` and call it per request. */
export function routeSets(services: HttpServices, platform: PlatformParts): RouteSets {
  const webhooks = { subscriptions: services.webhookSubscriptions };
  return {
    verify: [
      ...attestationRoutes({ ...services, onVerdict: platform.onVerdict, unavailability: platform.unavailability }),
      ...researchOrderRoutes({ orders: services.researchOrders, invoicing: services.invoicing }),
      ...keyWebhookRoutes(webhooks),
    ],
    mcp: mcpRoutes({ ...services, log: platform.log, onVerdict: platform.onVerdict, unavailability: platform.unavailability }),
    auth: authRoutes({ login: services.login }),
    tenant: [
      ...callsRoutes({ queries: services.callQueries, ingest: services.callIngest }),
      ...erasuresRoutes({ erasure: services.callErasure }),
      ...knowledgeRoutes({ knowledge: services.knowledge }),
      ...tenantWebhookRoutes(webhooks),
    ],
    agents: agentsRoutes({ agents: services.agents, workspace: services.workspace }),
    platform: platformRoutes(platform),
  };
}

/**
 * The router serves exactly the contracts the OpenAPI document describes, in the same order
 * (the router tries routes in order): a contract left unbound, bound twice or out of place stops
 * the start.
 */
function assertEveryContractBound(sets: RouteSets): void {
  const served = Object.values(sets).flat().map((r: Route) => r.contract);
  const mismatch = served.findIndex((c, i) => c !== API_CONTRACTS[i]);
  if (served.length !== API_CONTRACTS.length || mismatch !== -1) {
    const at = mismatch === -1 ? served.length : mismatch;
    throw new Error(`route sets and API_CONTRACTS differ at ${at}: ${served[at]?.operationId ?? '(none)'} vs ${API_CONTRACTS[at]?.operationId ?? '(none)'}`);
  }
}

/** `/mcp`'s credential: the Origin first (a foreign one is a 403 before anything else), then the key. */
function mcpCaller(deps: HttpDeps): CheckMiddleware {
  const origin = mcpOriginGuard(deps.config.mcp.allowedOrigins);
  const caller = apiKeyCaller(deps.keys, { bearer: true });
  return asCheck(async (ctx) => {
    await origin.check(ctx);
    await caller.check(ctx);
  });
}

/** Every route group of the service: the route sets with the credential each needs. */
export function buildRouteGroups(deps: HttpDeps, metrics = createHttpMetrics(), lifecycle: Lifecycle = { draining: false }): RouteGroup[] {
  const { config } = deps;
  let openapi: object | undefined;
  const sets = routeSets(deps, {
    metrics: metrics.registry,
    onVerdict: (verdict, tier) => metrics.verdicts.inc({ verdict, tier }),
    readiness: readinessChecks({ database: deps.database, corpus: deps.corpus, lifecycle }),
    openapi: () => (openapi ??= buildOpenApiDocument(API_CONTRACTS)),
    unavailability: deps.database.capabilities.unavailability,
    log: deps.logger,
  });
  assertEveryContractBound(sets);
  const bearer = bearerAuth({
    tokens: deps.accessTokens,
    clock: deps.clock,
    maxLifetimeSeconds: config.auth.tokenTtlSeconds,
    holders: deps.tokenHolders,
  });
  // Each route's limits come from its contract (`limits`), placed by createApp around these.
  return [
    { authenticate: apiKeyCaller(deps.keys), routes: sets.verify, guards: { apiKey: requireProductionKey } },
    { authenticate: mcpCaller(deps), routes: sets.mcp },
    { routes: sets.auth },
    { authenticate: bearer, middleware: [tenantAccess], routes: sets.tenant },
    { authenticate: bearer, routes: sets.agents },
    { routes: sets.platform },
  ];
}
