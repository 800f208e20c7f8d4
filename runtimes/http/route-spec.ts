import type { Context } from 'koa';
import type { ZodObject, ZodType } from 'zod';
import { type FieldError, validationError } from '../../core/shared/errors.js';
import { fieldErrorsOf } from '../shared/field-errors.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
export type Security = 'none' | 'apiKeyOptional' | 'apiKey' | 'bearer';

export interface ResponseSpec {
  description: string;
  schema?: ZodType;
  /** Defaults to application/json (application/problem+json for 4xx/5xx). */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Input<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/**
 * One route: what the router serves and what the OpenAPI document describes, from the
 * same object. The schemas validate the request before the handler sees it.
 */
export interface RouteSpec<P = any, Q = any, B = any> {
  method: HttpMethod;
  /** OpenAPI form: `/api/v1/verify/requests/{request_id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  security: Security;
  params?: ZodObject;
  query?: ZodObject;
  body?: ZodType;
  /**
   * A body the handler reads itself (no JSON parsing, no `body` validation before it):
   * the media types it accepts, for the OpenAPI document only.
   */
  rawBody?: Record<string, ZodType>;
  /**
   * Request headers the handler reads itself (e.g. `Idempotency-Key`), for the OpenAPI document
   * only: the use case validates them.
   */
  headers?: ZodObject;
  /** Rate-limited routes document the limit headers. */
  rateLimited?: boolean;
  responses: Record<number, ResponseSpec>;
  handler: (ctx: Context, input: Input<P, Q, B>) => Promise<void> | void;
}

export function defineRoute<P, Q, B>(spec: RouteSpec<P, Q, B>): RouteSpec<P, Q, B> {
  return spec;
}

export const koaPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

function parsePart<T>(schema: ZodType | undefined, value: unknown, part: string): Parsed<T> {
  if (!schema) return { ok: true, value: value as T };
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data as T } : { ok: false, errors: fieldErrorsOf(result.error, part) };
}

/**
 * Validates params, query and body against the route's schemas; every invalid field of every
 * part is listed in one 400 (not the first part's only).
 */
export function validateInput<P, Q, B>(spec: RouteSpec<P, Q, B>, ctx: Context): Input<P, Q, B> {
  const params = parsePart<P>(spec.params, (ctx as any).params ?? {}, 'path');
  const query = parsePart<Q>(spec.query, { ...ctx.query }, 'query');
  const rawBody = (ctx.request as any).body;
  const notAnObject = spec.body !== undefined && (rawBody === undefined || rawBody === null || typeof rawBody !== 'object' || Array.isArray(rawBody));
  const body: Parsed<B> = notAnObject ? { ok: false, errors: [{ path: 'body', message: 'must be a JSON object' }] } : parsePart<B>(spec.body, rawBody, 'body');
  if (params.ok && query.ok && body.ok) return { params: params.value, query: query.value, body: body.value };
  const failed = { path: params, query, body };
  const parts = Object.entries(failed).filter(([, p]) => !p.ok);
  const detail = notAnObject && parts.length === 1 ? 'The request body must be a JSON object.' : `The request ${parts.map(([part]) => part).join(', ')} is invalid.`;
  throw validationError(detail, parts.flatMap(([, p]) => (p.ok ? [] : p.errors)));
}
