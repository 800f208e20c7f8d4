/** The coverage manifest: which artists the corpus covers, with how many works and claims. */
import { checkLimit, openPosition, sealPosition } from '../../shared/keyset-cursor.js';
import type { CursorSealer } from '../../shared/ports.js';
import type { CorpusIndex } from './corpus-index.js';
import { parseArtistLine } from '../matching/artist-line.js';
import { foldText, normaliseName } from '../matching/normalise.js';
import { resolveArtistName } from './artist-names.js';
import { ENGINE_ID } from '../engine-id.js';

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

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface SortedArtist {
  sortKey: string;
  /** Folded name and aliases, for prefix matching. */
  words: string[];
  entry: CoverageArtist;
}

/** The sorted artist list of an index, built once per index (an index never changes). */
const sortedByIndex = new WeakMap<CorpusIndex, SortedArtist[]>();

function sortedArtists(index: CorpusIndex): SortedArtist[] {
  const cached = sortedByIndex.get(index);
  if (cached) return cached;
  const sorted = index.artists
    .map((artist) => {
      const names = [artist.name, ...artist.aliases].map(foldText);
      return {
        sortKey: foldText(artist.name),
        words: [...new Set(names.flatMap((n) => [n, ...n.split(' ').filter((w) => w.length > 0)]))],
        entry: {
          artist_id: artist.artist_id,
          name: artist.name,
          aliases: [...artist.aliases],
          birth_year: artist.birth_year,
          death_year: artist.death_year,
          works: index.workIdsByArtist(artist.artist_id).length,
        },
      };
    })
    .sort((a, b) => cmp(a.sortKey, b.sortKey) || cmp(a.entry.name, b.entry.name) || cmp(a.entry.artist_id, b.entry.artist_id));
  sortedByIndex.set(index, sorted);
  return sorted;
}

function header(index: CorpusIndex, corpusRevision: string, generatedAt: string): Omit<CoverageManifest, 'artists'> {
  return {
    engine: ENGINE_ID,
    corpus_revision: corpusRevision,
    generated_at: generatedAt,
    counts: {
      artists: index.counts.artists,
      works: index.counts.works,
      claims: index.counts.claims,
      claims_by_source: { ...index.counts.claims_by_source },
    },
  };
}

/**
 * Coverage of an index. Artists are sorted by name (folded, so case and accents do not reorder
 * them; then the name as written, then the id). An artist's `works` counts the works naming them
 * in any attribution, current or former: the works their name can be verified against.
 */
export function buildCoverage(index: CorpusIndex, corpusRevision: string, generatedAt: string): CoverageManifest {
  return { ...header(index, corpusRevision, generatedAt), artists: sortedArtists(index).map((a) => a.entry) };
}

/** A question to the coverage: one artist, or a name prefix, one page at a time. */
export interface CoverageQuery {
  /** An artist_id, or a name form matched as verify matches it (case, accents, name order, exonyms, full and short forms, surnames). */
  artist?: string;
  /** The start of the name, of an alias, or of any word of them (folded): `turn` finds J. M. W. Turner. */
  prefix?: string;
  /** Artists per page, 1 to 100 (default 20). */
  limit?: number;
  /** The next_cursor of the previous page of the same question. */
  cursor?: string;
}

export const COVERAGE_PAGE_DEFAULT = 20;
export const COVERAGE_PAGE_MAX = 100;

/** Whether a query asks for anything (else the whole manifest is the answer, as it always was). */
export const isCoverageQuery = (q: CoverageQuery): boolean =>
  q.artist !== undefined || q.prefix !== undefined || q.limit !== undefined || q.cursor !== undefined;

/**
 * One page of the artists a query matches, with the manifest's counts, `artists_matched` and
 * `next_cursor` (a sealed keyset position: pages never repeat or skip an artist, even when
 * operator research adds artists between two pages).
 */
export function coveragePage(index: CorpusIndex, corpusRevision: string, generatedAt: string, query: CoverageQuery, sealer: CursorSealer): CoverageManifest {
  const limit = checkLimit(query.limit, COVERAGE_PAGE_MAX, COVERAGE_PAGE_DEFAULT);
  let matching = sortedArtists(index);
  if (query.artist !== undefined) {
    // The name forms verify reads: name, alias, exonym, full or short form, surname (artist-names.ts).
    const line = parseArtistLine(query.artist);
    const ids = new Set([query.artist, ...index.artistIdsByKey(normaliseName(query.artist)), ...resolveArtistName(index, line.nameForms, line.name).artistIds]);
    matching = matching.filter((a) => ids.has(a.entry.artist_id));
  }
  if (query.prefix !== undefined) {
    const prefix = foldText(query.prefix);
    matching = matching.filter((a) => a.words.some((w) => w.startsWith(prefix)));
  }
  const context = `coverage\u0000${query.artist ?? ''}\u0000${query.prefix ?? ''}`;
  let start = 0;
  if (query.cursor !== undefined) {
    const [sortKey, name, id] = openPosition(sealer, query.cursor, context, ['string', 'string', 'string']) as string[];
    const after = (a: SortedArtist) => cmp(a.sortKey, sortKey!) || cmp(a.entry.name, name!) || cmp(a.entry.artist_id, id!);
    start = matching.findIndex((a) => after(a) > 0);
    if (start < 0) start = matching.length;
  }
  const page = matching.slice(start, start + limit);
  const last = page[page.length - 1];
  const more = start + limit < matching.length;
  return {
    ...header(index, corpusRevision, generatedAt),
    artists: page.map((a) => a.entry),
    artists_matched: matching.length,
    next_cursor: more && last ? sealPosition(sealer, context, [last.sortKey, last.entry.name, last.entry.artist_id]) : null,
  };
}
