import type { CorpusProvider, VerificationLedger } from '../../../core/attestation/ports.js';
import { buildCoverage, coveragePage, isCoverageQuery } from '../../../core/attestation/corpus/coverage.js';
import { requireProduction } from '../../../core/attestation/caller.js';
import { type ApiKeys, parseMonth } from '../../../core/attestation/use-cases/api-keys.js';
import type { AuditTrail } from '../../../core/attestation/use-cases/audit-trail.js';
import type { BilledRequests } from '../../../core/attestation/use-cases/billed-requests.js';
import type { VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import { verifyBatch } from '../../../core/attestation/use-cases/verify-batch.js';
import { ENGINE_ID } from '../../../core/attestation/verdict/verification.model.js';
import { validationError } from '../../../core/shared/errors.js';
import { jsonText } from '../../../core/shared/json-text.js';
import type { Unavailability } from '../../../adapters/sql/database.js';
import type { Clock, CursorSealer } from '../../../core/shared/ports.js';
import type { Invoicing } from '../../../core/billing/use-cases/invoicing.js';
import { VerifyBatchEnvelopeSchema, readBatchEntries } from '../../shared/attestation.schemas.js';
import { fieldErrorsOf } from '../../shared/field-errors.js';
import * as attestation from '../contracts/attestation.contracts.js';
import { callerOf } from '../middleware/api-key.js';
import { retryAfterSeconds } from '../middleware/errors.js';
import { jsonBodyKeepingNul } from '../middleware/json-body.js';
import { requestIdOf, useRequestId } from '../middleware/request-id.js';
import { spendOneMore } from '../rate-limit/route-limits.js';
import { implement, type Route } from '../route-contract.js';

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

export function attestationRoutes(deps: AttestationRouteDeps): Route[] {
  return [
    implement(attestation.verifyAttribution, async (ctx, { body }) => {
      const caller = callerOf(ctx);
      const response = await deps.verify.execute(body, caller, requestIdOf(ctx));
      useRequestId(ctx, response.request_id);
      deps.onVerdict?.(response.verdict, caller.tier);
      // The archive's text of the response, not a second serialisation: the same bytes.
      ctx.type = 'json';
      ctx.body = jsonText(response);
    }),
    implement(attestation.verifyAttributionBatch, (ctx) =>
      jsonBodyKeepingNul(ctx, async () => {
        const raw: unknown = (ctx.request as { body?: unknown }).body;
        if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
          throw validationError('The request body must be a JSON object.', [{ path: 'body', message: 'must be a JSON object' }]);
        }
        const envelope = VerifyBatchEnvelopeSchema.safeParse(raw);
        if (!envelope.success) throw validationError('The request body is invalid.', fieldErrorsOf(envelope.error, 'body'));
        const caller = callerOf(ctx);
        let cutShortBy = null as Unavailability | null;
        const outcome = await verifyBatch(readBatchEntries(envelope.data.subjects), {
          serve: async (input) => {
            const response = await deps.verify.execute(input, caller);
            deps.onVerdict?.(response.verdict, caller.tier);
            return response;
          },
          // Sandbox: every subject is a call of the sandbox budget; a key pays per request.
          admit: caller.tier === 'sandbox' ? () => spendOneMore(ctx) : undefined,
          unavailable: (err) => (cutShortBy = deps.unavailability?.(err) ?? null) !== null,
        });
        ctx.status = 200;
        // Subjects left unserved by an unavailable database may be sent again: say when.
        if (cutShortBy !== null) ctx.set('Retry-After', String(retryAfterSeconds(cutShortBy)));
        ctx.body = { engine: ENGINE_ID, subjects: outcome.results.length, served: outcome.served, errors: outcome.errors, results: outcome.results };
      })),
    implement(attestation.getCoverage, (ctx, { query }) => {
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
    }),
    implement(attestation.getVerificationTrace, async (ctx, { params }) => {
      const trace = await deps.audit.read(params.request_id, callerOf(ctx));
      ctx.body = {
        request_id: trace.request_id,
        served_at: trace.served_at,
        tier: trace.tier,
        request: trace.request,
        response: trace.response,
      };
    }),
    implement(attestation.replayVerification, async (ctx, { params }) => {
      const result = await deps.audit.replay(params.request_id, callerOf(ctx), requestIdOf(ctx));
      useRequestId(ctx, result.replay.request_id);
      deps.onVerdict?.(result.replay.verdict, callerOf(ctx).tier);
      ctx.body = result;
    }),
    implement(attestation.listBilledRequests, async (ctx, { query }) => {
      const month = parseMonth(query.month, deps.clock.now());
      ctx.body = await deps.billed.list(callerOf(ctx), month, query);
    }),
    implement(attestation.getUsage, async (ctx, { query }) => {
      const caller = requireProduction(callerOf(ctx));
      const month = parseMonth(query.month, deps.clock.now());
      ctx.body = await deps.invoicing.usage(caller.key_id, month);
    }),
  ];
}
