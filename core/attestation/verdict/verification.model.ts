import type { ObjectType, Pillar, Qualifier, SourceTag } from '../corpus/corpus.model.js';

export { ENGINE_ID } from '../engine-id.js';
import { ENGINE_ID } from '../engine-id.js';

export const VERDICTS = ['attested', 'contradicted', 'unavailable'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const UNAVAILABLE_REASONS = [
  'artist_not_covered', 'work_not_found', 'ambiguous_artist', 'ambiguous_title',
  'generic_title', 'dates_conflict', 'no_artist_named', 'object_mismatch',
] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export interface MatchedArtist {
  artist_id: string;
  name: string;
}

export interface VerifyInput {
  subject_artist: string;
  subject_title: string;
  /** Inventory / accession number or a `work_id` from `near_matches`: picks one work among several. */
  subject_ref?: string;
  /** The lot's medium as the catalogue prints it (`huile sur toile`, `bronze`, `Radierung`): the object it is (ADR 0032). */
  subject_medium?: string;
  /** The lot's date as the catalogue prints it (`1885`, `c. 1660`, `1880s`): a work dated far from it is another object. */
  subject_date?: string;
}

export interface Attestation {
  pillar: Pillar;
  claim: string;
  source_ref: string;
  confidence: number;
  status: 'verified';
  verified_by: SourceTag;
}

export { NEAR_MATCH_REASONS, type NearMatch, type NearMatchReason } from '../matching/near-match.js';
import type { NearMatch } from '../matching/near-match.js';

/**
 * A work an answer rests on, as its records describe it (ADR 0032): what object it is, so that a
 * cataloguer can see whether the lot is that object. Fields the records do not give are null.
 */
export interface WorkDescription {
  work_id: string;
  title: string;
  object_type: ObjectType | null;
  medium: string | null;
  date: string | null;
  dimensions: string | null;
  collection: string | null;
  /** The record the description comes from. */
  source_ref: string;
}

export interface Requalification {
  term_fr: string;
  term_en: string;
  /** Article of decree 81-255 of 3 March 1981, e.g. "art. 4". */
  article: string;
  note: string;
}

export type { ParsedDates } from '../matching/artist-line.js';
import type { ParsedDates } from '../matching/artist-line.js';

/** How the subject was read: what the verdict is about. */
export interface ParsedSubject {
  /** The artist's name as read (qualifier, dates, honorifics and post-nominals off, natural order). */
  name: string;
  /** The claimed qualifier (`attributed_to`, `workshop_of`...); null for a plain attribution. */
  qualifier: Qualifier | null;
  dates: ParsedDates | null;
  /** The title as read: the catalogue form the corpus holds, else the title as written. */
  title: string;
  /**
   * The title read through the multilingual vocabulary (ADR 0033), in English words, articles
   * and prepositions left out ("burial ornans"), when it is in another language; else null.
   */
  title_read_as: string | null;
  /** The object kind `subject_medium` was read as; null when none was given or it names none. */
  object_type: ObjectType | null;
}

/** What the rules decide for one subject: everything of the response but its envelope. */
export interface VerificationOutcome {
  parsed: ParsedSubject;
  verdict: Verdict;
  /** Whom the line was recognised to name; null when none or several (then near_matches lists them). */
  matched_artist: MatchedArtist | null;
  /** Why the answer is `unavailable`; null on `attested` and `contradicted`. */
  reason: UnavailableReason | null;
  verified_pillars: Pillar[];
  contradicted_pillars: Pillar[];
  attestations: Attestation[];
  /**
   * The works the answer rests on, as their records describe them: the judged work on
   * `attested` and `contradicted`; on `object_mismatch` the works of another kind than the lot.
   */
  works: WorkDescription[];
  near_matches: NearMatch[];
  suggested_requalification: Requalification | null;
}

export interface VerificationResponse extends VerificationOutcome {
  engine: typeof ENGINE_ID;
  request_id: string;
  served_at: string;
  corpus_revision: string;
  subject: { artist: string; title: string };
  disclaimer: string;
}

export type { CoverageArtist, CoverageManifest } from '../corpus/coverage.js';
