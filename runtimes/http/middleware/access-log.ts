import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { HttpMetrics } from './metrics.js';
import { actorOf, refusalOf } from './security-log.js';

/**
 * One line per request, under the request's one id, naming who asked and from where. A refused
 * credential or a 403 is a `warn` line with its reason code, counted in /metrics (ADR 0014).
 */
export function accessLog(logger: Logger, metrics: HttpMetrics): Middleware {
  return async (ctx, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const reason = refusalOf(ctx);
      if (reason !== null) metrics.refusals.inc({ reason });
      const level = reason !== null ? 'warn' : 'info';
      if (logger.isLevelEnabled(level)) {
        logger[level](
          {
            request_id: ctx.state.requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: +(performance.now() - start).toFixed(2),
            ...actorOf(ctx),
            ...(reason !== null ? { reason } : {}),
          },
          'request',
        );
      }
    }
  };
}
