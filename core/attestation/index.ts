/** Public API of the attestation oracle's domain. */
export * from './corpus.model.js';
export * from './verification.model.js';
export { foldText, normaliseName, normaliseTitle, titleKeys, LEADING_ARTICLES } from './normalise.js';
export { confidenceFor, sourceRank, RANK_ORDER } from './confidence.js';
export { DECREE_81_255, suggestRequalification } from './requalification.js';
export type { DecreeTerm, RequalificationRequest } from './requalification.js';
export { DISCLAIMER } from './disclaimer.js';
export { CorpusIndex } from './corpus-index.js';
export type { CorpusCounts } from './corpus-index.js';
export { MAX_NEAR_MATCHES, NEAR_MATCH_THRESHOLD } from './near-match.js';
export { evaluate, MAX_AMBIGUOUS_MATCHES } from './evaluate.js';
export { buildCoverage } from './coverage.js';
