import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { isDomainError } from '../../../core/shared/errors.js';
import type { Unavailability } from '../../../adapters/sql/sql-dialect.js';
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
 * The 503 of each way the database cannot serve (ADR 0026): the detail names the condition,
 * `Retry-After` says when a retry may succeed. A full or failing storage needs an operator, so
 * the client is asked to come back later than after a lock or a failover.
 */
const UNAVAILABLE: Record<Unavailability, { retryAfterSeconds: number; detail: string; log: string }> = {
  busy: { retryAfterSeconds: 1, detail: 'The database is busy; nothing was changed; retry shortly.', log: 'database busy' },
  unreachable: {
    retryAfterSeconds: 1,
    detail: 'The database is unreachable (restarting or failing over); nothing was changed; retry shortly.',
    log: 'database unreachable',
  },
  'storage-full': {
    retryAfterSeconds: 30,
    detail: "The database's storage is full; nothing was changed. Retry later.",
    log: 'database storage full',
  },
  'storage-failed': {
    retryAfterSeconds: 30,
    detail: "The database's storage failed; nothing was changed. Retry later.",
    log: 'database storage failed',
  },
};

/** The seconds a client should wait before retrying what `condition` refused. */
export const retryAfterSeconds = (condition: Unavailability): number => UNAVAILABLE[condition].retryAfterSeconds;

/**
 * Turns every failure into an RFC 9457 problem document. A 5xx never carries the
 * error's own text: it is logged with the request id instead. An error the database classifies
 * (`unavailability`: busy, unreachable, storage full or failed) is a 503 naming the condition,
 * with Retry-After, not a 500.
 */
export function errorMiddleware(logger: Logger, unavailability: (err: unknown) => Unavailability | null = () => null) {
  return async function problems(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        sendProblem(ctx, 404, `No route for ${ctx.method} ${ctx.path}.`);
      }
    } catch (raw) {
      if (isDomainError(raw)) {
        const kind = raw.kind !== undefined ? { kind: raw.kind, details: raw.details ?? {} } : undefined;
        sendProblem(ctx, HTTP_STATUS_BY_CODE[raw.code], raw.message, raw.errors, kind);
        return;
      }
      const condition = unavailability(raw);
      if (condition !== null) {
        const answer = UNAVAILABLE[condition];
        logger.warn({ err: raw, request_id: ctx.state.requestId, condition }, answer.log);
        ctx.set('Retry-After', String(answer.retryAfterSeconds));
        sendProblem(ctx, 503, `${answer.detail} Quote the request_id if it persists.`);
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
