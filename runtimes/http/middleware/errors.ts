import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { isDomainError } from '../../../core/shared/errors.js';
import { HTTP_STATUS_BY_CODE, sendProblem } from '../problem.js';

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  name?: string;
  type?: string;
  headers?: Record<string, string | number>;
}

/** Messages for errors that libraries (body parser, rate limiter) raise, rewritten to be clear. */
function libraryDetail(status: number, err: HttpishError): string {
  if (status === 413) return 'The request body is larger than the 1 MiB limit.';
  if (status === 400 && (err.type === 'entity.parse.failed' || err.name === 'SyntaxError')) return 'The request body is not valid JSON.';
  if (status === 400 && (err.message ?? '').startsWith('invalid JSON')) return 'The request body must be a JSON object.';
  if (status === 415) return 'Unsupported request content type.';
  if (status === 429) return err.message ?? 'Rate limit exceeded.';
  return err.expose && err.message ? err.message : 'The request could not be processed.';
}

/**
 * Turns every failure into an RFC 9457 problem document. A 5xx never carries the
 * error's own text: it is logged with the request id instead. An error `isTransient` (the
 * database's classification) is a 503 with Retry-After, not a 500.
 */
export function errorMiddleware(logger: Logger, isTransient: (err: unknown) => boolean = () => false) {
  return async function problems(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        sendProblem(ctx, 404, `No route for ${ctx.method} ${ctx.path}.`);
      }
    } catch (raw) {
      if (isDomainError(raw)) {
        sendProblem(ctx, HTTP_STATUS_BY_CODE[raw.code], raw.message, raw.errors);
        return;
      }
      if (isTransient(raw)) {
        // The database is busy, timed out or unreachable: the request may be retried.
        logger.warn({ err: raw, request_id: ctx.state.requestId }, 'database unavailable');
        ctx.set('Retry-After', '1');
        sendProblem(ctx, 503, 'The database is busy or unreachable; retry shortly. Quote the request_id if it persists.');
        return;
      }
      const err = (raw ?? {}) as HttpishError;
      const status = err.status ?? err.statusCode ?? 500;
      if (status >= 500 || status < 400) {
        logger.error({ err: raw, request_id: ctx.state.requestId }, 'unhandled error');
        sendProblem(ctx, 500, 'An internal error occurred. Quote the request_id when reporting it.');
        return;
      }
      if (err.headers) {
        for (const [name, value] of Object.entries(err.headers)) ctx.set(name, String(value));
      }
      sendProblem(ctx, status, libraryDetail(status, err));
    }
  };
}
