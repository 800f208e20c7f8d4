export { createVerifier, type Verifier, type VerifierOptions, type VerifyBatchResult, type VerifyCatalogueResult } from './create-verifier.js';
export type { CatalogueResult, CatalogueRow, CatalogueSummary } from '../../core/attestation/catalogue/annotation.js';
export type { CatalogueColumns, CatalogueField, CatalogueMapping } from '../../core/attestation/catalogue/catalogue.model.js';
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
