import type { Context } from 'koa';
import type { z, ZodObject, ZodType } from 'zod';
import { type FieldError, validationError } from '../../core/shared/errors.js';
import { fieldErrorsOf } from '../shared/schemas/field-errors.js';
import type { RateLimitPolicyName } from './rate-limit/policy-names.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * The document's tags, each with the description the OpenAPI `tags` list gives it: a contract
 * names one of these, so a new group of operations cannot appear undescribed.
 */
export const API_TAGS = {
  Auth: 'Log in to the tenant API and receive a JWT.',
  Users: 'A tenant\'s users, read-only: operators create, disable and delete them with svc-admin.',
  Calls: 'A tenant\'s calls: list with filters, cursors and full-text search; detail with transcript, summary and metadata.',
  Knowledge: 'A tenant\'s knowledge base: upload, list, delete, synchronise into the search index, retrieve passages.',
  'AI agents': 'AI agent configurations, versioned; writes are conditional on `If-Match`.',
  Workspace: 'Workspace settings: time zone, locale, retention.',
  Webhooks: 'A tenant\'s webhook subscriptions (Standard Webhooks) and their delivery logs.',
  Attestation: 'The attestation oracle: verify an artist and a title against sourced records, batches, coverage, the audit trail and its replay.',
  'Attestation webhooks': 'Webhook subscriptions of an API key (research orders, usage).',
  'Research orders': 'Operator research ordered for what the corpus lacks, with tiers, idempotency and status.',
  MCP: 'The attestation tools for AI assistants as a remote Model Context Protocol server (Streamable HTTP, JSON-RPC 2.0).',
  Operations: 'Liveness, readiness, metrics, this document and its reference page.',
  'Webhook events': 'What a subscriber receives: one signed POST per event type.',
} as const;
export type ApiTag = keyof typeof API_TAGS;
/** `mcpKey`: `/mcp`'s credential: an allowed Origin, then the API key as X-API-Key or a bearer token, or none (the sandbox). */
export type Security = 'none' | 'apiKeyOptional' | 'apiKey' | 'bearer' | 'mcpKey';

export interface ResponseSpec {
  description: string;
  schema?: ZodType;
  /** Defaults to application/json (application/problem+json for 4xx/5xx); several when the body's type varies (static assets). */
  contentType?: string | readonly string[];
  /** A schema per media type, where the body's shape differs by type (JSON, NDJSON lines, a file). */
  content?: Record<string, ZodType>;
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
 * What a route is, as a value with no dependencies: the router serves it, the limiter counts it
 * and the OpenAPI document describes it (docs/decisions/0023-route-contracts-and-limiter-port.md).
 * The schemas validate the request before the handler sees it and type what it sees.
 */
export interface RouteContract<
  PS extends ZodObject | undefined = ZodObject | undefined,
  QS extends ZodObject | undefined = ZodObject | undefined,
  BS extends ZodType | undefined = ZodType | undefined,
  Id extends string = string,
> {
  method: HttpMethod;
  /** OpenAPI form: `/api/v1/verify/requests/{request_id}`. */
  path: string;
  /** Unique; its literal type keys the route's handler (`Handlers`). */
  operationId: Id;
  summary: string;
  /** What the operation does beyond its summary (required: every operation is described). */
  description: string;
  tag: ApiTag;
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
  /**
   * The rate-limit policies the request spends, by name (runtimes/http/rate-limit/policies.ts);
   * the route's chain is built from them and a limited route documents the limit headers.
   */
  limits: readonly RateLimitPolicyName[];
  responses: Record<number, ResponseSpec>;
}

/** A contract of any schemas, as the router and the OpenAPI generator hold them. */
export type AnyRouteContract = RouteContract;

/** Declares a contract; its schemas' types and its operation id are kept for its handler's type. */
export const contract = <
  PS extends ZodObject | undefined = undefined,
  QS extends ZodObject | undefined = undefined,
  BS extends ZodType | undefined = undefined,
  const Id extends string = string,
>(
  c: RouteContract<PS, QS, BS, Id>,
): RouteContract<PS, QS, BS, Id> => c;

/** What a contract's handler receives: the outputs of its schemas (`z.infer`). */
export type InputOf<C> = C extends RouteContract<infer PS, infer QS, infer BS, string> ? Input<PartOf<PS>, PartOf<QS>, PartOf<BS>> : never;

export type Handler<I> = (ctx: Context, input: I) => Promise<void> | void;

/** The handler of one contract: its input typed by the contract's schemas. */
export type HandlerOf<C> = Handler<InputOf<C>>;

/** The operation id of a contract, as a literal type. */
type OperationIdOf<C> = C extends { operationId: infer Id extends string } ? Id : never;

/**
 * One handler per contract of `C` (a union of contracts), keyed by operation id: a contract
 * without its handler, or a handler of an unknown id in an object literal, fails typecheck.
 */
export type Handlers<C> = { [K in C as OperationIdOf<K>]: HandlerOf<K> };

/** The handlers of a module of contracts (`import * as calls from '…contracts.js'`): `Handlers` of its exported contracts. */
export type HandlersOf<M> = Handlers<M[keyof M]>;

/** A contract bound to its handler: what a route group serves. */
export interface Route {
  contract: AnyRouteContract;
  handler: Handler<Input<unknown, unknown, unknown>>;
}

/** Binds a handler to a contract; the handler's input types are inferred from the contract's schemas. */
export function implement<PS extends ZodObject | undefined, QS extends ZodObject | undefined, BS extends ZodType | undefined>(
  contract: RouteContract<PS, QS, BS>,
  handler: Handler<Input<PartOf<PS>, PartOf<QS>, PartOf<BS>>>,
): Route {
  // The one widening: the router calls the handler only with `validateInput`'s output, which
  // the same schemas produced (what PartOf<…> names).
  return { contract: contract as unknown as AnyRouteContract, handler: handler as Route['handler'] };
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
export function validateInput(spec: AnyRouteContract, ctx: Context): Input<unknown, unknown, unknown> {
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
