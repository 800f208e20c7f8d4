import type { Context } from 'koa';
import type { ErrorCode, FieldError } from '../../core/shared/errors.js';

/** The one mapping table from domain error codes to HTTP. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PRECONDITION_REQUIRED: 428,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  UNPROCESSABLE: 422,
};

/** Problem `type` and `title` per status: stable, documented in docs/decisions. */
export const PROBLEM_TYPES: Record<number, { slug: string; title: string }> = {
  400: { slug: 'invalid-request', title: 'Invalid request' },
  401: { slug: 'unauthenticated', title: 'Missing or invalid credential' },
  403: { slug: 'forbidden', title: 'Not allowed' },
  404: { slug: 'not-found', title: 'Not found' },
  405: { slug: 'method-not-allowed', title: 'Method not allowed' },
  406: { slug: 'not-acceptable', title: 'Not acceptable' },
  409: { slug: 'conflict', title: 'Conflict' },
  412: { slug: 'precondition-failed', title: 'Precondition failed' },
  428: { slug: 'precondition-required', title: 'Precondition required' },
  413: { slug: 'payload-too-large', title: 'Payload too large' },
  415: { slug: 'unsupported-media-type', title: 'Unsupported media type' },
  422: { slug: 'unprocessable-content', title: 'Unprocessable content' },
  429: { slug: 'rate-limited', title: 'Too many requests' },
  408: { slug: 'request-timeout', title: 'Request timeout' },
  431: { slug: 'headers-too-large', title: 'Request header fields too large' },
  500: { slug: 'internal', title: 'Internal server error' },
  501: { slug: 'not-implemented', title: 'Not implemented' },
  503: { slug: 'unavailable', title: 'Service unavailable' },
};

export const PROBLEM_TYPE_BASE = 'https://errors.svc.example/problems/';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  request_id: string;
  errors?: FieldError[];
  /** Extension members of a finer problem type (RFC 9457 §3.2), e.g. `catalogue-columns`'s `headers` and `missing`. */
  [extension: string]: unknown;
}

/**
 * A finer problem type than its status's: a DomainError's `kind` names it (its slug), and its
 * `details` are the problem's extension members. The members above are never overwritten.
 */
export interface ProblemKind {
  kind: string;
  details: Readonly<Record<string, unknown>>;
}

/** The titles of the finer problem types (docs/decisions/0041-catalogue-files.md). */
const KIND_TITLES: Record<string, string> = {
  'catalogue-columns': 'Catalogue columns not found',
};

export function problemFor(ctx: Context, status: number, detail: string, errors?: FieldError[], kind?: ProblemKind): Problem {
  const known = PROBLEM_TYPES[status] ?? PROBLEM_TYPES[status >= 500 ? 500 : 400];
  const problem: Problem = {
    ...(kind?.details ?? {}),
    type: `${PROBLEM_TYPE_BASE}${kind?.kind ?? known.slug}`,
    title: (kind !== undefined ? KIND_TITLES[kind.kind] : undefined) ?? known.title,
    status,
    detail,
    instance: ctx.path,
    request_id: String(ctx.state.requestId ?? ''),
  };
  if (errors && errors.length > 0) problem.errors = errors;
  return problem;
}

export function sendProblem(ctx: Context, status: number, detail: string, errors?: FieldError[], kind?: ProblemKind): void {
  ctx.status = status;
  ctx.body = problemFor(ctx, status, detail, errors, kind);
  ctx.type = 'application/problem+json';
}
