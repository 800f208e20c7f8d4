import { buildCoverage, coveragePage, isCoverageQuery } from '../../../core/attestation/corpus/coverage.js';
import { requireProduction } from '../../../core/attestation/caller.js';
import { parseMonth } from '../../../core/attestation/use-cases/api-keys.js';
import { verifyBatch } from '../../../core/attestation/use-cases/verify-batch.js';
import { validationError } from '../../../core/shared/errors.js';
import type { Unavailability } from '../../../adapters/sql/sql-dialect.js';
import { VerifyBatchEnvelopeSchema, readBatchEntries } from '../../shared/schemas/attestation.schemas.js';
import { fieldErrorsOf } from '../../shared/schemas/field-errors.js';
import { clientGone } from '../client-gone.js';
import type { HttpServices } from '../http-deps.js';
import * as attestation from '../contracts/attestation.contracts.js';
import { callerOf } from '../middleware/api-key.js';
import { retryAfterSeconds } from '../middleware/errors.js';
import { jsonBodyKeepingNul } from '../middleware/json-body.js';
import { requestIdOf, useRequestId } from '../middleware/request-id.js';
import type { HandlersOf } from '../route-contract.js';
import { BatchResponseBody, CLIENT_CLOSED_REQUEST, httpBatchServing } from './batch-serving.js';

export interface AttestationRouteDeps extends Pick<HttpServices, 'verify' | 'audit' | 'billed' | 'corpus' | 'clock' | 'cursors' | 'invoicing' | 'scheduler'> {
  onVerdict?: (verdict: string, tier: string) => void;
  /** The database's transient failures (ADR 0026): a batch one interrupts answers what it served. */
  unavailability?: (err: unknown) => Unavailability | null;
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

export function attestationHandlers(deps: AttestationRouteDeps): HandlersOf<typeof attestation> {
  return {
    verifyAttribution: async (ctx, { body }) => {
      const caller = callerOf(ctx);
      const { response, json } = await deps.verify.executeServed(body, caller, requestIdOf(ctx));
      useRequestId(ctx, response.request_id);
      deps.onVerdict?.(response.verdict, caller.tier);
      // The archive's text of the response, not a second serialisation: the same bytes.
      ctx.type = 'json';
      ctx.body = json;
    },
    verifyAttributionBatch: (ctx) =>
      jsonBodyKeepingNul(ctx, async () => {
        const raw: unknown = (ctx.request as { body?: unknown }).body;
        if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
          throw validationError('The request body must be a JSON object.', [{ path: 'body', message: 'must be a JSON object' }]);
        }
        const envelope = VerifyBatchEnvelopeSchema.safeParse(raw);
        if (!envelope.success) throw validationError('The request body is invalid.', fieldErrorsOf(envelope.error, 'body'));
        const { serving, cutShortBy, textOf } = httpBatchServing(ctx, deps, callerOf(ctx), { keepTexts: true });
        const gone = clientGone(ctx);
        // Each result written down as it comes, none kept (ADR 0052).
        const body = new BatchResponseBody(textOf);
        try {
          const outcome = await verifyBatch(readBatchEntries(envelope.data.subjects), serving, {
            signal: gone.signal,
            scheduler: deps.scheduler,
            onResult: body.add,
            keepResults: false,
          });
          if (outcome.cancelled) {
            // Nobody reads an answer; what was served stays archived, metered and listed.
            ctx.status = CLIENT_CLOSED_REQUEST;
            return;
          }
          ctx.status = 200;
          // Subjects left unserved by an unavailable database may be sent again: say when.
          const cutShort = cutShortBy();
          if (cutShort !== null) ctx.set('Retry-After', String(retryAfterSeconds(cutShort)));
          ctx.type = 'json';
          ctx.body = body.bytes();
        } finally {
          gone.release();
        }
      }),
    getCoverage: (ctx, { query }) => {
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
    getVerificationTrace: async (ctx, { params }) => {
      const trace = await deps.audit.read(params.request_id, callerOf(ctx));
      ctx.body = {
        request_id: trace.request_id,
        served_at: trace.served_at,
        tier: trace.tier,
        request: trace.request,
        response: trace.response,
      };
    },
    replayVerification: async (ctx, { params }) => {
      const result = await deps.audit.replay(params.request_id, callerOf(ctx), requestIdOf(ctx));
      useRequestId(ctx, result.replay.request_id);
      deps.onVerdict?.(result.replay.verdict, callerOf(ctx).tier);
      ctx.body = result;
    },
    listBilledRequests: async (ctx, { query }) => {
      const month = parseMonth(query.month, deps.clock.now());
      ctx.body = await deps.billed.list(callerOf(ctx), month, query);
    },
    getUsage: async (ctx, { query }) => {
      const caller = requireProduction(callerOf(ctx));
      const month = parseMonth(query.month, deps.clock.now());
      ctx.body = await deps.invoicing.usage(caller.key_id, month);
    },
  };
}
