import type { CorpusHolder } from '../../../core/attestation/operator-research/corpus-provider.js';
import type { CorpusSnapshot } from '../../../core/attestation/corpus/corpus.model.js';
import type { ApiKeyStore, CorpusProvider, KeyHasher, OperatorResearchStore, VerificationLedger } from '../../../core/attestation/ports.js';
import type { ApiKeys } from '../../../core/attestation/use-cases/api-keys.js';
import type { AuditTrail } from '../../../core/attestation/use-cases/audit-trail.js';
import type { BilledRequests } from '../../../core/attestation/use-cases/billed-requests.js';
import type { ImportOperatorResearch, OperatorResearchSync } from '../../../core/attestation/use-cases/operator-research.js';
import type { AttestationEngine, VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import { token } from './token.js';

/** What svc-admin's `corpus import` runs: the import use case's contract. */
export type OperatorResearchImport = Pick<ImportOperatorResearch, 'execute'>;

/** Tokens of the attestation area. Injection is by token, never by reflected type. */
export const ATTESTATION = {
  CorpusSnapshot: token<CorpusSnapshot>('attestation.CorpusSnapshot'),
  CorpusProvider: token<CorpusProvider>('attestation.CorpusProvider'),
  CorpusHolder: token<CorpusHolder>('attestation.CorpusHolder'),
  ApiKeyStore: token<ApiKeyStore>('attestation.ApiKeyStore'),
  KeyHasher: token<KeyHasher>('attestation.KeyHasher'),
  VerificationLedger: token<VerificationLedger>('attestation.VerificationLedger'),
  AttestationEngine: token<AttestationEngine>('attestation.AttestationEngine'),
  VerifyAttribution: token<VerifyAttribution>('attestation.VerifyAttribution'),
  AuditTrail: token<AuditTrail>('attestation.AuditTrail'),
  BilledRequests: token<BilledRequests>('attestation.BilledRequests'),
  ApiKeys: token<ApiKeys>('attestation.ApiKeys'),
  OperatorResearchStore: token<OperatorResearchStore>('attestation.OperatorResearchStore'),
  OperatorResearchSync: token<OperatorResearchSync>('attestation.OperatorResearchSync'),
  /** svc-admin's `corpus import`: ImportOperatorResearch over the corpus of CORPUS_DIR. */
  OperatorResearchImport: token<OperatorResearchImport>('attestation.OperatorResearchImport'),
} as const;
