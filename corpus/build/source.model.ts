/**
 * Intermediate records the source readers produce and the mergers consume. They are not
 * shipped: the writer turns the merged result into `CorpusArtist` / `CorpusWork`.
 */
import type { Claim, Qualifier, SourceTag, WorkObject } from '../../core/attestation/corpus/corpus.model.js';

export type SourceName = 'tate' | 'wikidata' | 'nga' | 'cmoa' | 'nationalmuseum';

/** External identifiers an artist record carries. */
export interface ArtistIds {
  wikidata?: string;
  ulan?: string;
  tate?: string;
  nga?: string;
  cmoa?: string;
}

/**
 * One artist as one source knows it. Several records may share a `key` (e.g. Tate's artist
 * table row and the same artist as a work's contributor): the merger folds them together.
 */
export interface SourceArtist {
  /** `tate:artist:558`, `nga:constituent:1822`, `cmoa:cmoa:parties/<guid>`, `wikidata:label:<label>`. */
  key: string;
  source: SourceName;
  /** Display name in natural order, as the source gives it ("Joseph Mallord William Turner"). */
  name: string;
  /** Other forms the source gives: inverted form, alternative names, labels, cited names. */
  names: string[];
  birth_year: number | null;
  death_year: number | null;
  /**
   * 'death' (default): `death_year` is a death year, exact or approximate ("1432 - after 1506").
   * 'floruit': the source only gives documented activity ("active c. 1465 - 1494"); its end year
   * stands in for the death year when it is far enough in the past (see the artist merger).
   */
  death_basis?: 'death' | 'floruit';
  ids: ArtistIds;
  /** Keys of records in other sources that this record is known to be (Wikidata's xref). */
  links?: string[];
}

/** An attribution before artist resolution. */
export interface SourceAttribution {
  /** Key of the SourceArtist this names, when the source links it. */
  artist_key?: string;
  /** The artist's name as written in the attribution; resolved by name when there is no key. */
  artist_name: string;
  qualifier: Qualifier;
  current: boolean;
  display: string;
  effective_date?: string;
}

export interface SourceWork {
  work_id: string;
  source: SourceTag;
  source_ref: string;
  title: string;
  title_aliases: string[];
  inventory_numbers: string[];
  attributions: SourceAttribution[];
  claims: Claim[];
  /** Year the work was made, where known (Wikidata inception): checks name-only artist matches. */
  year?: number;
  /** Wikidata only: the collection labels (current and former), to merge into a museum's work. */
  collections?: string[];
  /** The object the record describes (type, medium, date, dimensions, collection), where it says. */
  object?: WorkObject;
}

export interface SourceInfo {
  tag: SourceTag;
  name: string;
  licence: string;
}

export interface SourceReadResult {
  info: SourceInfo;
  records_read: number;
  artists: SourceArtist[];
  works: SourceWork[];
}
