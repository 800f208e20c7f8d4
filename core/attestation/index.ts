/** Public API of the attestation oracle's domain. */
export * from './corpus/corpus.model.js';
export * from './verdict/verification.model.js';
export { foldText, normaliseName, normaliseTitle, titleKeys, LEADING_ARTICLES } from './matching/normalise.js';
export { confidenceFor, sourceRank, RANK_ORDER } from './verdict/confidence.js';
export { DECREE_81_255, suggestRequalification } from './verdict/requalification.js';
export type { DecreeTerm, RequalificationRequest } from './verdict/requalification.js';
export { DISCLAIMER } from './verdict/disclaimer.js';
export { CorpusIndex } from './corpus/corpus-index.js';
export type { CorpusCounts } from './corpus/corpus-index.js';
export { MAX_NEAR_MATCHES, NEAR_MATCH_THRESHOLD } from './matching/near-match.js';
export { evaluate, MAX_AMBIGUOUS_MATCHES } from './verdict/evaluate.js';
export { buildCoverage } from './corpus/coverage.js';
export { objectKindOfMedium } from './matching/object-kind.js';
export { describeWork, fitsLot, lotObject, yearSpan, DATE_TOLERANCE_YEARS } from './verdict/object-match.js';
