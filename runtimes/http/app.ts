import Router from '@koa/router';
import Koa, { type Context, type Middleware } from 'koa';
import compress from 'koa-compress';
import type { Logger } from 'pino';
import type { Unavailability } from '../../adapters/sql/database.js';
import { accessLog } from './middleware/access-log.js';
import { errorMiddleware } from './middleware/errors.js';
import { jsonBody } from './middleware/json-body.js';
import { methodGuard } from './middleware/methods.js';
import type { HttpMetrics } from './middleware/metrics.js';
import { requestIdMiddleware } from './middleware/request-id.js';
import { fuseChecks } from './middleware/check.js';
import type { RouteLimiter } from './rate-limit/route-limits.js';
import { type AnyRouteContract, koaPath, type Route, validateInput } from './route-contract.js';

/** Routes that share a credential and its rules; the routes' contracts say where they are and what they spend. */
export interface RouteGroup {
  /**
   * Resolves who calls (a 401 when it cannot): runs after the route's limits keyed by client IP
   * and before those keyed by the caller.
   */
  authenticate?: Middleware;
  /** After authentication and the caller's limits, before the body is read (the tenancy rule). */
  middleware?: Middleware[];
  routes: Route[];
  /**
   * What a route's declared `security` requires, checked before its body is read (so a missing
   * credential is a 401 whatever the body): e.g. the verify group's `apiKey` needs a production key.
   */
  guards?: Partial<Record<AnyRouteContract['security'], Middleware>>;
}

export interface AppParts {
  logger: Logger;
  metrics: HttpMetrics;
  groups: RouteGroup[];
  /** Builds each route's limit checks from the policies its contract declares. */
  limiter?: RouteLimiter;
  trustProxy: boolean;
  /** With trustProxy: X-Forwarded-For entries trusted, counted from the right (0 = all). */
  maxIpsCount?: number;
  /** Errors answered 503 + Retry-After instead of 500: the database's transient failures, by condition (ADR 0026). */
  unavailability?: (err: unknown) => Unavailability | null;
  /** The web pages and their assets (middleware/static-pages.ts), tried before the API routes. */
  pages?: Middleware;
}

function routeHandler({ contract, handler }: Route): Middleware {
  return async (ctx: Context) => {
    await handler(ctx, validateInput(contract, ctx));
  };
}

/**
 * One route's chain, in the order a request meets it: limits by client IP, authentication,
 * limits by caller, the group's rules, the security guard, then the body (parsed only for a
 * `body` schema), limits keyed by the body, the handler. A refused request reads no body
 * (login's per-email budget aside, by design). Consecutive checks run in one middleware.
 */
export function routeChain(group: RouteGroup, route: Route, limiter?: RouteLimiter): Middleware[] {
  const { contract } = route;
  const limits = limiter && contract.limits.length > 0 ? limiter(contract.limits) : {};
  const chain: (Middleware | undefined)[] = [
    limits.client,
    group.authenticate,
    limits.caller,
    ...(group.middleware ?? []),
    group.guards?.[contract.security],
    contract.body ? jsonBody : undefined,
    limits.body,
    routeHandler(route),
  ];
  return fuseChecks(chain.filter((m): m is Middleware => m !== undefined));
}

/** Responses larger than this are compressed when the client accepts an encoding. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Builds the Koa application: cross-cutting middleware, then each group's middleware and routes. */
export function createApp(parts: AppParts): Koa {
  const app = new Koa({ proxy: parts.trustProxy, maxIpsCount: parts.maxIpsCount ?? 0 });
  app.silent = true; // errors are mapped and logged by errorMiddleware
  app.use(requestIdMiddleware);
  app.use(accessLog(parts.logger, parts.metrics));
  app.use(parts.metrics.middleware);
  // Bodies over 1 KiB are compressed when the client accepts it (br, gzip or deflate; none
  // without Accept-Encoding), problem documents included: docs/decisions/0013-edge-hardening.md.
  app.use(compress({ threshold: COMPRESS_THRESHOLD_BYTES }));
  app.use(errorMiddleware(parts.logger, parts.unavailability));

  if (parts.pages) app.use(parts.pages);

  const router = new Router();
  for (const group of parts.groups) {
    for (const route of group.routes) {
      const { method, path, operationId } = route.contract;
      router.register(koaPath(path), [method.toUpperCase()], routeChain(group, route, parts.limiter) as any, { name: operationId });
    }
  }
  app.use(methodGuard(router));
  app.use(router.routes());
  return app;
}
