import type { Logger } from 'pino';
import type { Middleware } from 'koa';
import type { Registry } from 'prom-client';
import type { Unavailability } from '../../adapters/sql/sql-dialect.js';
import type { RouteGroup } from './app.js';
import { API_CONTRACTS, type ApiHandlers } from './contracts/index.js';
import type { HttpDeps, HttpServices } from './http-deps.js';
import type { McpLog } from '../mcp/mcp-log.js';
import { apiKeyCaller, requireProductionKey } from './middleware/api-key.js';
import { asCheck, type CheckMiddleware } from './middleware/check.js';
import { bearerAuth } from './middleware/bearer-auth.js';
import { createHttpMetrics } from './middleware/metrics.js';
import { tenantAccess } from './middleware/tenant-access.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import { type Lifecycle, readinessChecks } from './readiness.js';
import type { AnyRouteContract, Handlers, Route, Security } from './route-contract.js';
import { agentsHandlers } from './routes/agents.routes.js';
import { attestationHandlers } from './routes/attestation.routes.js';
import { authHandlers } from './routes/auth.routes.js';
import { catalogueHandlers } from './routes/catalogue.routes.js';
import { callsHandlers } from './routes/calls.routes.js';
import { erasuresHandlers } from './routes/erasures.routes.js';
import { usersHandlers } from './routes/users.routes.js';
import { knowledgeHandlers } from './routes/knowledge.routes.js';
import { type ReadinessCheck, platformHandlers } from './routes/platform.routes.js';
import { mcpHandlers, mcpOriginGuard } from './routes/mcp.routes.js';
import { researchOrderHandlers } from './routes/research-orders.routes.js';
import { keyWebhookHandlers, tenantWebhookHandlers } from './routes/webhooks.routes.js';
import { workspaceHandlers } from './routes/workspace.routes.js';

/** What the platform routes report, and the verdict counter of the metrics. */
export interface PlatformParts {
  metrics: Registry;
  onVerdict?: (verdict: string, tier: string) => void;
  readiness: ReadinessCheck[];
  openapi: () => object;
  /** The database's classification of its transient failures: a batch one interrupts ends early (ADR 0026). */
  unavailability?: (err: unknown) => Unavailability | null;
  /** Where work that outlives its handler (a catalogue's NDJSON stream) reports how it ended. */
  logger?: Logger;
  /** Where `/mcp` logs what it cannot answer. */
  log: McpLog;
}

/**
 * Every contract's handler, by operation id; handlers close over `services` and call it per
 * request. A contract without its handler fails typecheck (`ApiHandlers`); a handler without a
 * contract stops the start (`routesOf`).
 */
export function apiHandlers(services: HttpServices, platform: PlatformParts): ApiHandlers {
  return {
    ...attestationHandlers({ ...services, onVerdict: platform.onVerdict, unavailability: platform.unavailability }),
    ...catalogueHandlers({ ...services, onVerdict: platform.onVerdict, unavailability: platform.unavailability, logger: platform.logger }),
    ...researchOrderHandlers(services),
    ...keyWebhookHandlers(services),
    ...mcpHandlers({ ...services, log: platform.log, onVerdict: platform.onVerdict, unavailability: platform.unavailability }),
    ...authHandlers(services),
    ...callsHandlers(services),
    ...erasuresHandlers(services),
    ...usersHandlers(services),
    ...knowledgeHandlers(services),
    ...tenantWebhookHandlers(services),
    ...agentsHandlers(services),
    ...workspaceHandlers(services),
    ...platformHandlers(platform),
  };
}

/**
 * The routes the router serves: `contracts` in their order (API_CONTRACTS, the order the OpenAPI
 * document lists), each with its handler looked up by operation id. An operation id listed twice,
 * a contract without a handler or a handler without a contract stops the start.
 */
export function routesOf<C extends AnyRouteContract>(handlers: Handlers<C>, contracts: readonly C[]): Route[] {
  // The one widening: each handler's input type is its contract's (Handlers<C>), which the router
  // validates with the same schemas before calling it.
  const byId = new Map(Object.entries(handlers as unknown as Record<string, Route['handler']>));
  const ids = contracts.map((c) => c.operationId);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  const unserved = ids.filter((id) => !byId.has(id));
  const unlisted = [...byId.keys()].filter((id) => !ids.includes(id));
  if (twice.length + unserved.length + unlisted.length > 0) {
    throw new Error(`routes and contracts differ: listed twice [${twice.join(', ')}], without a handler [${unserved.join(', ')}], without a contract [${unlisted.join(', ')}]`);
  }
  return contracts.map((contract) => ({ contract, handler: byId.get(contract.operationId)! }));
}

/** What each `security` of a contract asks of a request, before its route's own chain. */
export type Credentials = Record<Security, Omit<RouteGroup, 'routes'>>;

/**
 * Consecutive routes of one credential as one group, in the routes' order (the router tries
 * routes in the order they are registered).
 */
export function groupRoutes(routes: Route[], credentials: Credentials): RouteGroup[] {
  const groups: { security: Security; group: RouteGroup }[] = [];
  for (const route of routes) {
    const last = groups.at(-1);
    if (last?.security === route.contract.security) last.group.routes.push(route);
    else groups.push({ security: route.contract.security, group: { ...credentials[route.contract.security], routes: [route] } });
  }
  return groups.map((g) => g.group);
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

/** Every route group of the service: the contracts bound to their handlers, with the credential each needs. */
export function buildRouteGroups(deps: HttpDeps, metrics = createHttpMetrics(), lifecycle: Lifecycle = { draining: false }): RouteGroup[] {
  const { config } = deps;
  let openapi: object | undefined;
  const handlers = apiHandlers(deps, {
    metrics: metrics.registry,
    onVerdict: (verdict, tier) => metrics.verdicts.inc({ verdict, tier }),
    readiness: readinessChecks({ database: deps.database, corpus: deps.corpus, lifecycle }),
    openapi: () => (openapi ??= buildOpenApiDocument(API_CONTRACTS)),
    unavailability: deps.database.capabilities.unavailability,
    logger: deps.logger,
    log: deps.logger,
  });
  const bearer: Middleware = bearerAuth({
    tokens: deps.accessTokens,
    clock: deps.clock,
    maxLifetimeSeconds: config.auth.tokenTtlSeconds,
    holders: deps.tokenHolders,
  });
  const apiKey = apiKeyCaller(deps.keys);
  // Each route's limits come from its contract (`limits`), placed by createApp around these.
  return groupRoutes(routesOf(handlers, API_CONTRACTS), {
    none: {},
    apiKeyOptional: { authenticate: apiKey },
    // A production key is required before the body is read.
    apiKey: { authenticate: apiKey, guards: { apiKey: requireProductionKey } },
    // The tenancy rule applies to a path that names a tenant (`/tenants/{tenant_id}/…`).
    bearer: { authenticate: bearer, middleware: [tenantAccess] },
    mcpKey: { authenticate: mcpCaller(deps) },
  });
}
