import type { ObjectType, Pillar, Qualifier, SourceTag } from '../corpus/corpus.model.js';

export const ENGINE_ID = 'records-attestation/v1';

export const VERDICTS = ['attested', 'contradicted', 'unavailable'] as const;
export type Verdict = (typeof VERDICTS)[number];

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

export const NEAR_MATCH_REASONS = ['similar_title', 'similar_artist', 'ambiguous_title', 'ambiguous_artist', 'object_mismatch'] as const;
export type NearMatchReason = (typeof NEAR_MATCH_REASONS)[number];

export interface NearMatch {
  artist: string;
  title: string;
  work_id: string;
  /** Similarity in [0, 1]; 1 for an ambiguous exact title. */
  score: number;
  reason: NearMatchReason;
}

export const UNAVAILABLE_REASONS = [
  'artist_not_covered', 'work_not_found', 'ambiguous_artist', 'ambiguous_title',
  'generic_title', 'dates_conflict', 'no_artist_named', 'object_mismatch',
] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export interface MatchedArtist {
  artist_id: string;
  name: string;
}

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

/** Claimed life dates as read from the artist line. */
export interface ParsedDates {
  birth_year: number | null;
  death_year: number | null;
  active_from: number | null;
  active_to: number | null;
  circa: boolean;
  /** The dates as written, places included. */
  text: string;
}

/** How the subject was read: what the verdict is about. */
export interface ParsedSubject {
  /** The artist's name as read (qualifier, dates, honorifics and post-nominals off, natural order). */
  name: string;
  /** The claimed qualifier (`attributed_to`, `workshop_of`...); null for a plain attribution. */
  qualifier: Qualifier | null;
  dates: ParsedDates | null;
  /** The title as read: the catalogue form the corpus holds, else the title as written. */
  title: string;
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

export interface CoverageArtist {
  artist_id: string;
  name: string;
  aliases: string[];
  birth_year: number | null;
  death_year: number;
  works: number;
}

export interface CoverageManifest {
  engine: typeof ENGINE_ID;
  corpus_revision: string;
  generated_at: string;
  counts: {
    artists: number;
    works: number;
    claims: number;
    claims_by_source: Record<string, number>;
  };
  artists: CoverageArtist[];
  /** With a coverage query only: how many artists the query matched, over every page. */
  artists_matched?: number;
  /** With a coverage query only: the next page's cursor, null on the last page. */
  next_cursor?: string | null;
}
