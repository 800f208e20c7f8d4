import type { Context } from 'koa';
import type { z } from 'zod';
import { buildCoverage } from '../../../core/attestation/coverage.js';
import type { Caller, CorpusProvider, VerificationLedger } from '../../../core/attestation/ports.js';
import { type ApiKeys, parseMonth, requireProduction, usageStatement } from '../../../core/attestation/use-cases/api-keys.js';
import type { AuditTrail } from '../../../core/attestation/use-cases/audit-trail.js';
import type { BilledRequests } from '../../../core/attestation/use-cases/billed-requests.js';
import type { VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import type { VerifyInput } from '../../../core/attestation/verification.model.js';
import type { Clock } from '../../../core/shared/ports.js';
import {
  BilledRequestListSchema,
  BilledRequestsQuerySchema,
  CoverageSchema,
  ReplaySchema,
  RequestIdParamsSchema,
  TraceSchema,
  UsageQuerySchema,
  UsageSchema,
  VerificationResponseSchema,
  VerifyRequestSchema,
} from '../../shared/attestation.schemas.js';
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
  onVerdict?: (verdict: string, tier: string) => void;
}

const problem = (description: string): ResponseSpec => ({ description, schema: ProblemSchema });

const common = {
  400: problem('Invalid parameter or body; `errors` names each bad field.'),
  401: problem('Unknown or revoked API key.'),
  429: problem('Rate limited; see `Retry-After`.'),
};

export const callerOf = (ctx: Context): Caller => ctx.state.caller as Caller;

/** Resolves `X-API-Key` to a caller before the limiter runs; an unknown key is a 401. */
export function apiKeyCaller(keys: ApiKeys) {
  return async (ctx: Context, next: () => Promise<void>) => {
    const header = ctx.get('X-API-Key');
    const presented = ctx.headers['x-api-key'] !== undefined;
    // Reason codes, reported only if the answer is a 401: the key presented was refused, or a
    // keyed route was called without one.
    markRefused(ctx, presented ? 'key_unknown' : 'key_missing');
    ctx.state.caller = await keys.authenticate(presented ? header : undefined);
    if (presented) clearRefused(ctx);
    await next();
  };
}

export function attestationRoutes(deps: AttestationRouteDeps): RouteSpec[] {
  return [
    defineRoute<unknown, unknown, VerifyInput>({
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
        ctx.body = response;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/verify/coverage',
      operationId: 'getCoverage',
      summary: 'Coverage manifest',
      description: 'Live counters and the covered artists. Read it once at onboarding; honours If-None-Match.',
      tag: 'Attestation',
      security: 'apiKeyOptional',
      rateLimited: true,
      responses: {
        200: { description: 'What the corpus covers.', schema: CoverageSchema, headers: { ETag: 'Changes with corpus_revision.' } },
        304: { description: 'Not modified (If-None-Match matched).' },
        401: common[401],
        429: common[429],
      },
      handler: (ctx) => {
        const { index, revision } = deps.corpus.current();
        const etag = `"coverage-${revision}"`;
        ctx.set('ETag', etag);
        ctx.set('Cache-Control', 'public, max-age=300, must-revalidate');
        if (ctx.get('If-None-Match') === etag) {
          ctx.status = 304;
          return;
        }
        ctx.body = buildCoverage(index, revision, deps.clock.now().toISOString());
      },
    }),
    defineRoute<{ request_id: string }, unknown, unknown>({
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
    defineRoute<{ request_id: string }, unknown, unknown>({
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
    defineRoute<unknown, z.infer<typeof BilledRequestsQuerySchema>, unknown>({
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
    defineRoute<unknown, { month?: string }, unknown>({
      method: 'get',
      path: '/api/v1/verify/usage',
      operationId: 'getUsage',
      summary: 'Monthly usage of a production key',
      description: 'Served calls of the key in a month and the invoice figure (EUR 0.10 per served call).',
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
        const served = await deps.ledger.servedCalls(caller.key_id, month);
        ctx.body = usageStatement(caller.key_id, month, served);
      },
    }),
  ];
}
