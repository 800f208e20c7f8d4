export { createVerifier, type Verifier, type VerifierOptions, type VerifyBatchResult } from './create-verifier.js';
export type { BatchItemError, BatchItemResult } from '../../core/attestation/use-cases/verify-batch.js';
export type { CoverageQuery } from '../../core/attestation/corpus/coverage.js';
export type {
  Attestation,
  CoverageManifest,
  NearMatch,
  ParsedSubject,
  Requalification,
  Verdict,
  VerificationResponse,
  VerifyInput,
  WorkDescription,
} from '../../core/attestation/verdict/verification.model.js';
export type { ObjectType } from '../../core/attestation/corpus/corpus.model.js';
export { DomainError } from '../../core/shared/errors.js';
