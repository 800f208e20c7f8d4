/**
 * Confidence of a claim, derived from its source and what it says.
 *
 * Bands by source rank, disjoint so that every `import:kb` claim ranks below every museum
 * claim and every museum claim below every `operator` claim:
 *   kb       [0.40, 0.65]
 *   museum   [0.70, 0.89]
 *   operator [0.90, 0.99]
 * Within a band the kind of claim sets the level: an attribution or a catalogue number is the
 * record's core statement; a research note is the least formal.
 */
import type { ClaimKind, SourceRank, SourceTag } from '../corpus/corpus.model.js';

const MUSEUM_TAGS: ReadonlySet<string> = new Set(['import:tate', 'import:cmoa', 'import:nga', 'import:nationalmuseum']);

/**
 * Rank of a provenance tag. A tag this code does not know (none should reach it) ranks
 * lowest, with the open knowledge base: an unknown source never outranks a museum.
 */
export function sourceRank(tag: SourceTag): SourceRank {
  if (tag === 'operator') return 'operator';
  if (MUSEUM_TAGS.has(tag)) return 'museum';
  return 'kb';
}

/** Numeric order of ranks, highest first when sorting descending. */
export const RANK_ORDER: Readonly<Record<SourceRank, number>> = { kb: 0, museum: 1, operator: 2 };

/** Level of a kind of claim inside a band: 0 is the top of the band. */
const KIND_LEVEL: Readonly<Record<ClaimKind, number>> = {
  attribution: 0,
  catalogue_number: 0,
  inventory_number: 1,
  credit_line: 1,
  acquisition: 1,
  ownership_event: 1,
  provenance_text: 2,
  collection: 3,
  sale: 4,
  dealer: 4,
  condition_note: 5,
  research_note: 6,
};

/** Confidence per level (index = KIND_LEVEL), per rank. Two decimals, strictly decreasing. */
const BAND: Readonly<Record<SourceRank, readonly number[]>> = {
  kb: [0.65, 0.6, 0.56, 0.52, 0.48, 0.44, 0.4],
  museum: [0.89, 0.85, 0.82, 0.79, 0.76, 0.73, 0.7],
  operator: [0.99, 0.97, 0.96, 0.95, 0.94, 0.92, 0.9],
};

/** Confidence in [0.40, 0.99] of a claim of `kind` from `source`. */
export function confidenceFor(source: SourceTag, kind: ClaimKind): number {
  const band = BAND[sourceRank(source)];
  const level = KIND_LEVEL[kind] ?? band.length - 1;
  return band[level] ?? band[band.length - 1] ?? 0.4;
}
