/**
 * The attestation corpus as the domain sees it. These are plain records: the corpus
 * loader adapter produces them from the shipped files, operator research adds to them.
 */

export const PILLARS = ['provenance', 'authentication', 'market', 'condition'] as const;
export type Pillar = (typeof PILLARS)[number];

/** Provenance tag of a claim; also what `verified_by` shows. */
export const SOURCE_TAGS = ['import:kb', 'import:tate', 'import:cmoa', 'import:nga', 'import:nationalmuseum', 'operator'] as const;
export type SourceTag = (typeof SOURCE_TAGS)[number];

/** Rank of a source: kb < museum < operator. Confidence bands follow it. */
export type SourceRank = 'kb' | 'museum' | 'operator';

// The qualifiers and kinds of object are the vocabulary catalogue text is read into (matching/vocabulary.ts).
export { OBJECT_TYPES, QUALIFIERS, type ObjectType, type Qualifier } from '../matching/vocabulary.js';
import type { ObjectType, Qualifier } from '../matching/vocabulary.js';

export interface CorpusArtist {
  /** Stable id, e.g. `art_0001a2b3`. */
  artist_id: string;
  /** Preferred display name in natural order ("Joseph Mallord William Turner"). */
  name: string;
  /** Every other known form: inverted forms, initials, other languages, labels. */
  aliases: string[];
  birth_year: number | null;
  death_year: number;
  /** External identifiers where known (ulan, wikidata, tate, nga, cmoa). */
  ids?: Record<string, string>;
}

export interface Attribution {
  artist_id: string;
  qualifier: Qualifier;
  /** True for the record's current attribution; false for a former one. */
  current: boolean;
  /** The attribution as the source displays it ("studio of John Hoppner"). */
  display: string;
  source: SourceTag;
  source_ref: string;
  /** ISO date or year of the attribution decision, where the source gives one. */
  effective_date?: string;
}

/** What a claim says, so that a confidence can be derived from it. */
export const CLAIM_KINDS = [
  'attribution',
  'catalogue_number',
  'inventory_number',
  'credit_line',
  'acquisition',
  'collection',
  'ownership_event',
  'provenance_text',
  'sale',
  'dealer',
  'condition_note',
  'research_note',
] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export interface Claim {
  pillar: Pillar;
  kind: ClaimKind;
  /** The claim as a sentence a person can read. */
  claim: string;
  source: SourceTag;
  /** A citation a person can follow (URL, with the inventory number where there is one). */
  source_ref: string;
}

export interface CorpusWork {
  /** Stable id, e.g. `wrk_tate_N00530`; what `near_matches[].work_id` and `subject_ref` carry. */
  work_id: string;
  title: string;
  /** Variant, translated, former and foreign titles. */
  title_aliases: string[];
  /** Accession / inventory numbers, optionally prefixed with the holder ("Tate N00530"). */
  inventory_numbers: string[];
  attributions: Attribution[];
  claims: Claim[];
  /** The object the record describes, where its source says (ADR 0032); absent when it says nothing. */
  object?: WorkObject;
}


/** A work's object as its record describes it; each field null where the source gives nothing. */
export interface WorkObject {
  object_type: ObjectType | null;
  /** Medium and support as the source writes them ("Oil paint on canvas", "Olja på duk"). */
  medium: string | null;
  /** The date as the source writes it ("c. 1892", "Sign. 1885", "1447"). */
  date: string | null;
  /** Dimensions as the source writes them ("support: 394 x 419 mm"; CMOA's inches with centimetres). */
  dimensions: string | null;
  /** The holding collection ("Tate", "Carnegie Museum of Art", "Nationalmuseum, Stockholm"). */
  collection: string | null;
}

export interface CorpusSnapshot {
  /** Identifier of the shipped build (content hash); part of `corpus_revision`. */
  build_id: string;
  artists: CorpusArtist[];
  works: CorpusWork[];
}
