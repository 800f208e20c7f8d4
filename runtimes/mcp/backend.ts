import type { CoverageQuery } from '../../core/attestation/corpus/coverage.js';
import type { CoverageManifest, VerificationResponse, VerifyInput } from '../../core/attestation/verdict/verification.model.js';
import type { FieldError } from '../../core/shared/errors.js';
import type { CatalogueMapping } from '../../core/attestation/catalogue/catalogue.model.js';
import type { VerifyBatchResult, VerifyCatalogueResult } from '../embed/create-verifier.js';

/**
 * The port the tools call: the oracle, wherever it runs. Three adapters: svc-verify's
 * `embeddedBackend` (in-process, bundled corpus) and `remoteBackend` (the HTTP API at SVC_API_URL),
 * and the HTTP runtime's `/mcp` backend (the use cases, as the caller who asked).
 */
export interface VerifyBackend {
  readonly mode: 'embedded' | 'remote' | 'service';
  verify(input: VerifyInput, signal?: AbortSignal): Promise<VerificationResponse>;
  /** Subjects as the batch takes them (each read on its own: a bad one is an error entry). */
  verifyBatch(subjects: readonly unknown[], signal?: AbortSignal): Promise<VerifyBatchResult>;
  /** The whole manifest, or with a query one page of the matching artists. */
  coverage(query?: CoverageQuery, signal?: AbortSignal): Promise<CoverageManifest>;
  /** A catalogue as CSV text, every row verified (what POST /verify/catalogue answers as JSON). */
  verifyCatalogue(csv: string, mapping: CatalogueMapping | undefined, signal?: AbortSignal): Promise<VerifyCatalogueResult>;
  /** Optional warm-up (loading the corpus) so that the first call is fast. Never rejects. */
  prepare?(): Promise<void>;
}

export type BackendFailure =
  | 'invalid_arguments'
  | 'unauthenticated'
  | 'rate_limited'
  | 'timeout'
  | 'unreachable'
  | 'upstream_error'
  | 'bad_response'
  | 'cancelled'
  | 'internal';

/**
 * A local error of a backend, with a message this module wrote: safe to show to the client.
 * Whatever was caught underneath goes to the log, never into `message`.
 */
export class BackendError extends Error {
  readonly failure: BackendFailure;
  readonly fieldErrors: FieldError[];
  readonly retryAfterSeconds: number | undefined;

  constructor(failure: BackendFailure, message: string, details: { fieldErrors?: FieldError[]; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'BackendError';
    this.failure = failure;
    this.fieldErrors = details.fieldErrors ?? [];
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

