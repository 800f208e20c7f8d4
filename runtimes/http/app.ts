import Router from '@koa/router';
import Koa, { type Context, type Middleware } from 'koa';
import compress from 'koa-compress';
import type { Logger } from 'pino';
import { accessLog } from './middleware/access-log.js';
import { errorMiddleware } from './middleware/errors.js';
import { jsonBody } from './middleware/json-body.js';
import { methodGuard } from './middleware/methods.js';
import type { HttpMetrics } from './middleware/metrics.js';
import { requestIdMiddleware } from './middleware/request-id.js';
import { type AnyRouteSpec, koaPath, validateInput } from './route-spec.js';

/** Routes that share middleware (authentication, limits); the routes' own paths say where they are. */
export interface RouteGroup {
  /** Runs before the routes of the group, after request id and error mapping (auth, limits). */
  middleware: Middleware[];
  routes: AnyRouteSpec[];
  /**
   * What a route's declared `security` requires, checked before its body is read (so a missing
   * credential is a 401 whatever the body): e.g. the verify group's `apiKey` needs a production key.
   */
  guards?: Partial<Record<AnyRouteSpec['security'], Middleware>>;
}

export interface AppParts {
  logger: Logger;
  metrics: HttpMetrics;
  groups: RouteGroup[];
  trustProxy: boolean;
  /** With trustProxy: X-Forwarded-For entries trusted, counted from the right (0 = all). */
  maxIpsCount?: number;
  /** Errors answered 503 + Retry-After instead of 500 (the database's transient failures). */
  isTransient?: (err: unknown) => boolean;
}

function routeHandler(spec: AnyRouteSpec): Middleware {
  return async (ctx: Context) => {
    const input = validateInput(spec, ctx);
    await spec.handler(ctx, input);
  };
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
  app.use(errorMiddleware(parts.logger, parts.isTransient));

  const router = new Router();
  for (const group of parts.groups) {
    for (const spec of group.routes) {
      const chain: Middleware[] = [...group.middleware];
      const guard = group.guards?.[spec.security];
      if (guard) chain.push(guard);
      // A group may parse the body itself, before a limit that reads it (login's per-email
      // budget): then it is not parsed a second time.
      if (spec.body && !group.middleware.includes(jsonBody)) chain.push(jsonBody);
      chain.push(routeHandler(spec));
      router.register(koaPath(spec.path), [spec.method.toUpperCase()], chain as any, { name: spec.operationId });
    }
  }
  app.use(methodGuard(router));
  app.use(router.routes());
  return app;
}
