import type { Context } from 'koa';
import type { z, ZodObject, ZodType } from 'zod';
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

/** What a part of the request is once its schema passed: the schema's output, or nothing to read. */
export type PartOf<S> = S extends ZodType ? z.output<S> : undefined;

/**
 * One route: what the router serves and what the OpenAPI document describes, from the
 * same object. The schemas validate the request before the handler sees it, and type what it
 * sees: the handler's `params`, `query` and `body` are the schemas' outputs (`z.infer`).
 */
export interface RouteSpec<PS extends ZodObject | undefined = ZodObject | undefined, QS extends ZodObject | undefined = ZodObject | undefined, BS extends ZodType | undefined = ZodType | undefined> {
  method: HttpMethod;
  /** OpenAPI form: `/api/v1/verify/requests/{request_id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  security: Security;
  params?: PS;
  query?: QS;
  body?: BS;
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
  handler: (ctx: Context, input: Input<PartOf<PS>, PartOf<QS>, PartOf<BS>>) => Promise<void> | void;
}

/**
 * A route of any schemas, as the router and the OpenAPI generator hold them: its handler takes
 * what `validateInput` returns, which its own schemas produced.
 */
export interface AnyRouteSpec extends Omit<RouteSpec, 'handler'> {
  handler(ctx: Context, input: Input<unknown, unknown, unknown>): Promise<void> | void;
}

/** Declares a route; its handler's input types are inferred from its schemas. */
export function defineRoute<PS extends ZodObject | undefined = undefined, QS extends ZodObject | undefined = undefined, BS extends ZodType | undefined = undefined>(
  spec: RouteSpec<PS, QS, BS>,
): AnyRouteSpec {
  // The one widening: the router calls the handler only with `validateInput`'s output, which
  // the same schemas produced (what PartOf<…> names).
  return spec as unknown as AnyRouteSpec;
}

export const koaPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

function parsePart(schema: ZodType | undefined, value: unknown, part: string): Parsed<unknown> {
  if (!schema) return { ok: true, value };
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrorsOf(result.error, part) };
}

/**
 * Validates params, query and body against the route's schemas; every invalid field of every
 * part is listed in one 400 (not the first part's only).
 */
export function validateInput(spec: AnyRouteSpec, ctx: Context): Input<unknown, unknown, unknown> {
  const params = parsePart(spec.params, (ctx as any).params ?? {}, 'path');
  const query = parsePart(spec.query, { ...ctx.query }, 'query');
  const rawBody = (ctx.request as any).body;
  const notAnObject = spec.body !== undefined && (rawBody === undefined || rawBody === null || typeof rawBody !== 'object' || Array.isArray(rawBody));
  const body: Parsed<unknown> = notAnObject ? { ok: false, errors: [{ path: 'body', message: 'must be a JSON object' }] } : parsePart(spec.body, rawBody, 'body');
  if (params.ok && query.ok && body.ok) return { params: params.value, query: query.value, body: body.value };
  const failed = { path: params, query, body };
  const parts = Object.entries(failed).filter(([, p]) => !p.ok);
  const detail = notAnObject && parts.length === 1 ? 'The request body must be a JSON object.' : `The request ${parts.map(([part]) => part).join(', ')} is invalid.`;
  throw validationError(detail, parts.flatMap(([, p]) => (p.ok ? [] : p.errors)));
}
