export { createVerifier, type Verifier, type VerifierOptions } from './create-verifier.js';
export type { CoverageQuery } from '../../core/attestation/coverage.js';
export type {
  Attestation,
  CoverageManifest,
  NearMatch,
  Requalification,
  Verdict,
  VerificationResponse,
  VerifyInput,
} from '../../core/attestation/verification.model.js';
export { DomainError } from '../../core/shared/errors.js';
