import type { Context, Next } from 'koa';
import type { z } from 'zod';
import { buildCoverage, type CoverageQuery, coveragePage, isCoverageQuery } from '../../../core/attestation/corpus/coverage.js';
import type { Caller, CorpusProvider, VerificationLedger } from '../../../core/attestation/ports.js';
import { requireProduction } from '../../../core/attestation/caller.js';
import { type ApiKeys, parseMonth } from '../../../core/attestation/use-cases/api-keys.js';
import type { AuditTrail } from '../../../core/attestation/use-cases/audit-trail.js';
import type { BilledRequests } from '../../../core/attestation/use-cases/billed-requests.js';
import type { VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import { MAX_BATCH_SUBJECTS, verifyBatch } from '../../../core/attestation/use-cases/verify-batch.js';
import { ENGINE_ID, type VerifyInput } from '../../../core/attestation/verdict/verification.model.js';
import { isDomainError, validationError } from '../../../core/shared/errors.js';
import { jsonText } from '../../../core/shared/json-text.js';
import type { CursorSealer } from '../../../core/shared/ports.js';
import type { Invoicing } from '../../../core/billing/use-cases/invoicing.js';
import type { Clock } from '../../../core/shared/ports.js';
import {
  BilledRequestListSchema,
  BilledRequestsQuerySchema,
  CoverageQuerySchema,
  CoverageSchema,
  ReplaySchema,
  RequestIdParamsSchema,
  TraceSchema,
  UsageQuerySchema,
  UsageSchema,
  VerificationResponseSchema,
  VerifyBatchEnvelopeSchema,
  VerifyBatchRequestSchema,
  VerifyBatchResponseSchema,
  VerifyRequestSchema,
  readBatchEntries,
} from '../../shared/attestation.schemas.js';
import { fieldErrorsOf } from '../../shared/field-errors.js';
import { jsonBodyKeepingNul } from '../middleware/json-body.js';
import type { RateLimitSpend } from '../middleware/rate-limit.js';
import { ProblemSchema } from '../../shared/problem.schemas.js';
import { requestIdOf, useRequestId } from '../middleware/request-id.js';
import { clearRefused, markRefused } from '../middleware/security-log.js';
import { defineRoute, type ResponseSpec, type RouteSpec } from '../route-spec.js';

export interface AttestationRouteDeps {
  verify: VerifyAttribution;
  audit: AuditTrail;
  billed: BilledRequests;
  keys: ApiKeys;
  ledger: VerificationLedger;
  corpus: CorpusProvider;
  clock: Clock;
  /** Seals the coverage pages' cursors. */
  cursors: CursorSealer;
  /** `/verify/usage` is the verify part of the monthly statement. */
  invoicing: Invoicing;
  onVerdict?: (verdict: string, tier: string) => void;
}

const problem = (description: string): ResponseSpec => ({ description, schema: ProblemSchema });

const common = {
  400: problem('Invalid parameter or body; `errors` names each bad field.'),
  401: problem('Unknown or revoked API key.'),
  429: problem('Rate limited; see `Retry-After`.'),
};

export const callerOf = (ctx: Context): Caller => ctx.state.caller as Caller;

/** The guard of routes declared `security: 'apiKey'`: a production key, before the body is read. */
export const requireProductionKey = async (ctx: Context, next: Next): Promise<void> => {
  requireProduction(callerOf(ctx));
  await next();
};

/** The challenge of a 401 on the attestation routes (RFC 9110 §11.6.1: every 401 carries one). */
export const API_KEY_CHALLENGE = 'ApiKey realm="verify", header="X-API-Key"';

/**
 * Resolves `X-API-Key` to a caller before the limiter runs; an unknown key is a 401. Every 401
 * of the group (unknown or revoked key, no key where one is required) carries `WWW-Authenticate`.
 */
export function apiKeyCaller(keys: ApiKeys) {
  return async (ctx: Context, next: () => Promise<void>) => {
    const presented = ctx.headers['x-api-key'] !== undefined;
    // Reason codes, reported only if the answer is a 401: the key presented was refused, or a
    // keyed route was called without one.
    markRefused(ctx, presented ? 'key_unknown' : 'key_missing');
    try {
      ctx.state.caller = await keys.authenticate(presented ? ctx.get('X-API-Key') : undefined);
      if (presented) clearRefused(ctx);
      await next();
    } catch (err) {
      if (isDomainError(err) && err.code === 'UNAUTHENTICATED') ctx.set('WWW-Authenticate', presented ? `${API_KEY_CHALLENGE}, error="invalid_key"` : API_KEY_CHALLENGE);
      throw err;
    }
  };
}

/** The opaque part of an entity tag: `W/"x"` and `"x"` are the same tag to a weak comparison. */
const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * RFC 9110 §13.1.2: If-None-Match compared weakly, a list or `*` (whatever the request's
 * Cache-Control says: that directive is for caches, not for the origin's validation).
 */
function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '') return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaqueTag(tag) === opaqueTag(etag));
}

export function attestationRoutes(deps: AttestationRouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/verify',
      operationId: 'verifyAttribution',
      summary: 'Verify an attribution',
      description:
        'Answers attested, contradicted or unavailable from sourced records. Every answer, unavailable included, is a 200; ' +
        'it is archived (see request_id) and metered against the key in one transaction.',
      tag: 'Attestation',
      security: 'apiKeyOptional',
      rateLimited: true,
      body: VerifyRequestSchema,
      responses: {
        200: { description: 'The verdict with its sourced attestations.', schema: VerificationResponseSchema },
        ...common,
        413: problem('Body over 1 MiB.'),
        415: problem('Body is not application/json.'),
      },
      handler: async (ctx, { body }) => {
        const caller = callerOf(ctx);
        const response = await deps.verify.execute(body, caller, requestIdOf(ctx));
        useRequestId(ctx, response.request_id);
        deps.onVerdict?.(response.verdict, caller.tier);
        // The archive's text of the response, not a second serialisation: the same bytes.
        ctx.type = 'json';
        ctx.body = jsonText(response);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/verify/batch',
      operationId: 'verifyAttributionBatch',
      summary: 'Verify a whole catalogue',
      description:
        `Up to ${MAX_BATCH_SUBJECTS} subjects in one request, each as in /verify with an optional \`lot\` echoed back. ` +
        'One result per subject, in order; each served subject has its own request_id and is archived and metered as one served call ' +
        '(sandbox: each subject counts against the sandbox budget; a subject past it is a rate_limited entry). A bad subject is an ' +
        'error entry in its place; a malformed body is a 400. Verdicts are the same as one subject at a time.',
      tag: 'Attestation',
      security: 'apiKeyOptional',
      rateLimited: true,
      rawBody: { 'application/json': VerifyBatchRequestSchema },
      responses: {
        200: { description: 'One result or error entry per subject, in order.', schema: VerifyBatchResponseSchema },
        ...common,
        413: problem('Body over 1 MiB.'),
        415: problem('Body is not application/json.'),
      },
      handler: (ctx) =>
        jsonBodyKeepingNul(ctx, async () => {
          const raw: unknown = (ctx.request as { body?: unknown }).body;
          if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
            throw validationError('The request body must be a JSON object.', [{ path: 'body', message: 'must be a JSON object' }]);
          }
          const envelope = VerifyBatchEnvelopeSchema.safeParse(raw);
          if (!envelope.success) throw validationError('The request body is invalid.', fieldErrorsOf(envelope.error, 'body'));
          const caller = callerOf(ctx);
          const spend = (ctx.state as { rateLimitSpend?: RateLimitSpend }).rateLimitSpend;
          const outcome = await verifyBatch(readBatchEntries(envelope.data.subjects), {
            serve: async (input) => {
              const response = await deps.verify.execute(input, caller);
              deps.onVerdict?.(response.verdict, caller.tier);
              return response;
            },
            // Sandbox: every subject is a call of the sandbox budget; a key pays per request.
            admit: caller.tier === 'sandbox' && spend !== undefined ? spend : undefined,
          });
          ctx.status = 200;
          ctx.body = { engine: ENGINE_ID, subjects: outcome.results.length, served: outcome.served, errors: outcome.errors, results: outcome.results };
        }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/verify/coverage',
      operationId: 'getCoverage',
      summary: 'Coverage manifest',
      description:
        'Live counters and the covered artists. Without a query: every covered artist (large; send Accept-Encoding: gzip and ' +
        'If-None-Match). With `artist` (one artist), `prefix` (a name prefix), `limit` or `cursor`: one page of the matching ' +
        'artists with `artists_matched` and `next_cursor`. The ETag is weak (the representation carries generated_at and may be ' +
        'compressed) and changes with corpus_revision; If-None-Match is compared weakly.',
      tag: 'Attestation',
      security: 'apiKeyOptional',
      rateLimited: true,
      query: CoverageQuerySchema,
      responses: {
        200: { description: 'What the corpus covers (or one page of it).', schema: CoverageSchema, headers: { ETag: 'Weak; changes with corpus_revision.' } },
        304: { description: 'Not modified (If-None-Match matched, weakly).' },
        400: problem('Invalid artist, prefix, limit or cursor; `errors` names each.'),
        401: common[401],
        429: common[429],
      },
      handler: (ctx, { query }) => {
        const { index, revision } = deps.corpus.current();
        const etag = `W/"coverage-${revision}"`;
        ctx.set('ETag', etag);
        ctx.set('Cache-Control', 'public, max-age=300, must-revalidate');
        if (noneMatch(ctx.get('If-None-Match'), etag)) {
          ctx.status = 304;
          return;
        }
        const now = deps.clock.now().toISOString();
        ctx.body = isCoverageQuery(query) ? coveragePage(index, revision, now, query, deps.cursors) : buildCoverage(index, revision, now);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/verify/requests/{request_id}',
      operationId: 'getVerificationTrace',
      summary: 'Read an archived verification',
      description: 'The timestamped audit trace of a served verification. A production trace is visible only to the same key.',
      tag: 'Attestation',
      security: 'apiKeyOptional',
      rateLimited: true,
      params: RequestIdParamsSchema,
      responses: {
        200: { description: 'The archived request and response.', schema: TraceSchema },
        ...common,
        404: problem('No such request_id for this caller.'),
      },
      handler: async (ctx, { params }) => {
        const trace = await deps.audit.read(params.request_id, callerOf(ctx));
        ctx.body = {
          request_id: trace.request_id,
          served_at: trace.served_at,
          tier: trace.tier,
          request: trace.request,
          response: trace.response,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/verify/requests/{request_id}/replay',
      operationId: 'replayVerification',
      summary: 'Replay an archived verification against today\'s corpus',
      description: 'Runs the archived subject again. The replay is a served verification: archived and metered with its own request_id.',
      tag: 'Attestation',
      security: 'apiKeyOptional',
      rateLimited: true,
      params: RequestIdParamsSchema,
      responses: {
        200: { description: 'The original and the replay, and whether the outcome changed.', schema: ReplaySchema },
        ...common,
        404: problem('No such request_id for this caller.'),
      },
      handler: async (ctx, { params }) => {
        const result = await deps.audit.replay(params.request_id, callerOf(ctx), requestIdOf(ctx));
        useRequestId(ctx, result.replay.request_id);
        deps.onVerdict?.(result.replay.verdict, callerOf(ctx).tier);
        ctx.body = result;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/verify/requests',
      operationId: 'listBilledRequests',
      summary: 'Billed verifications of a production key in a month',
      description:
        'Invoice reconciliation: every archived, hence billed, verification of the key in the month (UTC), oldest first, ' +
        'one line per request_id; their count is the served_calls of /verify/usage for that month. ' +
        'Cursor-paginated; a cursor belongs to its key and month.',
      tag: 'Attestation',
      security: 'apiKey',
      rateLimited: true,
      query: BilledRequestsQuerySchema,
      responses: {
        200: { description: 'A page of billed requests.', schema: BilledRequestListSchema },
        400: common[400],
        401: problem('No key, or an unknown or revoked key.'),
        429: common[429],
      },
      handler: async (ctx, { query }) => {
        const month = parseMonth(query.month, deps.clock.now());
        ctx.body = await deps.billed.list(callerOf(ctx), month, { limit: query.limit, cursor: query.cursor });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/verify/usage',
      operationId: 'getUsage',
      summary: 'Monthly usage of a production key',
      description:
        "Served calls of the key in a month and their amount under the key's plan: the verify part of `GET /verify/invoices/{month}` " +
        '(same served_calls and amount_cents). `unit_price_eur` is the first band of the scale.',
      tag: 'Attestation',
      security: 'apiKey',
      rateLimited: true,
      query: UsageQuerySchema,
      responses: {
        200: { description: 'The usage statement.', schema: UsageSchema },
        400: common[400],
        401: problem('No key, or an unknown or revoked key.'),
        429: common[429],
      },
      handler: async (ctx, { query }) => {
        const caller = requireProduction(callerOf(ctx));
        const month = parseMonth(query.month, deps.clock.now());
        ctx.body = await deps.invoicing.usage(caller.key_id, month);
      },
    }),
  ];
}
