import { MAX_BATCH_SUBJECTS } from '../../../core/attestation/use-cases/verify-batch.js';
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
  VerifyBatchRequestSchema,
  VerifyBatchResponseSchema,
  VerifyRequestSchema,
} from '../../shared/schemas/attestation.schemas.js';
import { contract } from '../route-contract.js';
import { problem, VERIFY_LIMITS } from './shared.js';

const common = {
  400: problem('Invalid parameter or body; `errors` names each bad field.'),
  401: problem('Unknown or revoked API key.'),
  429: problem('Rate limited; see `Retry-After`.'),
};

export const verifyAttribution = contract({
  method: 'post',
  path: '/api/v1/verify',
  operationId: 'verifyAttribution',
  summary: 'Verify an attribution',
  description:
    'Answers attested, contradicted or unavailable from sourced records. Every answer, unavailable included, is a 200; ' +
    'it is archived (see request_id) and metered against the key in one transaction.',
  tag: 'Attestation',
  security: 'apiKeyOptional',
  limits: VERIFY_LIMITS,
  body: VerifyRequestSchema,
  responses: {
    200: { description: 'The verdict with its sourced attestations.', schema: VerificationResponseSchema },
    ...common,
    413: problem('Body over 1 MiB.'),
    415: problem('Body is not application/json.'),
  },
});

export const verifyAttributionBatch = contract({
  method: 'post',
  path: '/api/v1/verify/batch',
  operationId: 'verifyAttributionBatch',
  summary: 'Verify a whole catalogue',
  description:
    `Up to ${MAX_BATCH_SUBJECTS} subjects in one request, each as in /verify with an optional \`lot\` echoed back. ` +
    'One result per subject, in order; each served subject has its own request_id and is archived and metered as one served call ' +
    '(sandbox: each subject counts against the sandbox budget; a subject past it is a rate_limited entry). A bad subject is an ' +
    'error entry in its place; a malformed body is a 400. Verdicts are the same as one subject at a time. If the database becomes ' +
    'unavailable midway, the subjects served so far are answered (archived and billed) and the rest are `unavailable` entries, with ' +
    'Retry-After; if it is unavailable before the first subject is served, the answer is a 503.',
  tag: 'Attestation',
  security: 'apiKeyOptional',
  limits: VERIFY_LIMITS,
  rawBody: { 'application/json': VerifyBatchRequestSchema },
  responses: {
    200: { description: 'One result or error entry per subject, in order.', schema: VerifyBatchResponseSchema },
    ...common,
    413: problem('Body over 1 MiB.'),
    415: problem('Body is not application/json.'),
  },
});

export const getCoverage = contract({
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
  limits: VERIFY_LIMITS,
  query: CoverageQuerySchema,
  responses: {
    200: { description: 'What the corpus covers (or one page of it).', schema: CoverageSchema, headers: { ETag: 'Weak; changes with corpus_revision.' } },
    304: { description: 'Not modified (If-None-Match matched, weakly).' },
    400: problem('Invalid artist, prefix, limit or cursor; `errors` names each.'),
    401: common[401],
    429: common[429],
  },
});

export const getVerificationTrace = contract({
  method: 'get',
  path: '/api/v1/verify/requests/{request_id}',
  operationId: 'getVerificationTrace',
  summary: 'Read an archived verification',
  description: 'The timestamped audit trace of a served verification. A production trace is visible only to the same key.',
  tag: 'Attestation',
  security: 'apiKeyOptional',
  limits: VERIFY_LIMITS,
  params: RequestIdParamsSchema,
  responses: {
    200: { description: 'The archived request and response.', schema: TraceSchema },
    ...common,
    404: problem('No such request_id for this caller.'),
  },
});

export const replayVerification = contract({
  method: 'post',
  path: '/api/v1/verify/requests/{request_id}/replay',
  operationId: 'replayVerification',
  summary: 'Replay an archived verification against today\'s corpus',
  description: 'Runs the archived subject again. The replay is a served verification: archived and metered with its own request_id.',
  tag: 'Attestation',
  security: 'apiKeyOptional',
  limits: VERIFY_LIMITS,
  params: RequestIdParamsSchema,
  responses: {
    200: { description: 'The original and the replay, and whether the outcome changed.', schema: ReplaySchema },
    ...common,
    404: problem('No such request_id for this caller.'),
  },
});

export const listBilledRequests = contract({
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
  limits: VERIFY_LIMITS,
  query: BilledRequestsQuerySchema,
  responses: {
    200: { description: 'A page of billed requests.', schema: BilledRequestListSchema },
    400: common[400],
    401: problem('No key, or an unknown or revoked key.'),
    429: common[429],
  },
});

export const getUsage = contract({
  method: 'get',
  path: '/api/v1/verify/usage',
  operationId: 'getUsage',
  summary: 'Monthly usage of a production key',
  description:
    "Served calls of the key in a month and their amount under the key's plan: the verify part of `GET /verify/invoices/{month}` " +
    '(same served_calls and amount_cents). `unit_price_eur` is the first band of the scale.',
  tag: 'Attestation',
  security: 'apiKey',
  limits: VERIFY_LIMITS,
  query: UsageQuerySchema,
  responses: {
    200: { description: 'The usage statement.', schema: UsageSchema },
    400: common[400],
    401: problem('No key, or an unknown or revoked key.'),
    429: common[429],
  },
});

/** This area's operations in the order the router tries them; `API_CONTRACTS` places the area. */
export const ROUTES = [verifyAttribution, verifyAttributionBatch, getCoverage, getVerificationTrace, replayVerification, listBilledRequests, getUsage] as const;
