/** Inversify tokens of the attestation area. Injection is by token, never by reflected type. */
export const ATTESTATION = {
  CorpusSnapshot: Symbol.for('attestation.CorpusSnapshot'),
  CorpusProvider: Symbol.for('attestation.CorpusProvider'),
  CorpusHolder: Symbol.for('attestation.CorpusHolder'),
  ApiKeyStore: Symbol.for('attestation.ApiKeyStore'),
  KeyHasher: Symbol.for('attestation.KeyHasher'),
  VerificationLedger: Symbol.for('attestation.VerificationLedger'),
  AttestationEngine: Symbol.for('attestation.AttestationEngine'),
  VerifyAttribution: Symbol.for('attestation.VerifyAttribution'),
  AuditTrail: Symbol.for('attestation.AuditTrail'),
  BilledRequests: Symbol.for('attestation.BilledRequests'),
  ApiKeys: Symbol.for('attestation.ApiKeys'),
  OperatorResearchStore: Symbol.for('attestation.OperatorResearchStore'),
  OperatorResearchSync: Symbol.for('attestation.OperatorResearchSync'),
  /** svc-admin's `corpus import`: ImportOperatorResearch over the corpus of CORPUS_DIR. */
  OperatorResearchImport: Symbol.for('attestation.OperatorResearchImport'),
  /** Catalogue files (CSV, XLSX) read and written off the event loop (ADR 0041). */
  CatalogueFiles: Symbol.for('attestation.CatalogueFiles'),
} as const;
