/**
 * Near matches: close titles among an artist's works, close artist names across the corpus.
 * They are suggestions for the caller to try next; they never change a verdict.
 */
import type { Lookup } from './lookup.js';
import { normaliseName, normaliseTitle } from './normalise.js';
import { TrigramDictionary, type PreparedQuery } from './trigram-dictionary.js';
import { TrigramIndex, type ScoredEntry } from './trigram-index.js';

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

/** Minimum similarity (after rounding to two decimals) of a near match. */
export const NEAR_MATCH_THRESHOLD = 0.5;
/** At most this many similar titles or artists are returned. */
export const MAX_NEAR_MATCHES = 5;
/** Artists with the closest names looked at for a similar-artist suggestion. */
const SIMILAR_ARTIST_POOL = 10;

/** What the near matcher needs to know of the corpus. */
export interface NearMatchCorpus {
  /** Artist id -> normalised title key -> ids (sorted) of the works naming that artist under that key. */
  titlesByArtist: Lookup<string, Lookup<string, readonly string[]>>;
  /** Normalised artist name or alias -> artist ids. */
  artistsByName: Lookup<string, readonly string[]>;
  artistName(artistId: string): string;
  workTitle(workId: string): string;
  /** The work shown for an artist when no title of theirs is close to the subject title. */
  firstWorkOf(artistId: string): string | undefined;
}

/** Rounds a similarity to two decimals. */
export function roundScore(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}

/** A fuzzy match is never exact: its score stops at 0.99 (1 is an ambiguous exact title's). */
const MAX_FUZZY_SCORE = 0.99;

/** Score descending, then work id, then artist: the order of every near-match list. */
export function compareNearMatches(a: NearMatch, b: NearMatch): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.work_id !== b.work_id) return a.work_id < b.work_id ? -1 : 1;
  return a.artist < b.artist ? -1 : a.artist > b.artist ? 1 : 0;
}

export class NearMatcher {
  private constructor(
    private readonly corpus: NearMatchCorpus,
    private readonly dictionary: TrigramDictionary,
    /** Per artist, the fuzzy index of their title keys: the shipped one, then one of the keys a layer added. */
    private readonly titleIndexes: ReadonlyMap<string, readonly TrigramIndex[]>,
    /** The fuzzy index of artist names, then one of the names a layer added. */
    private readonly nameIndexes: readonly TrigramIndex[],
  ) {}

  /** Indexes every artist's title keys and every name key (`titleKeys`: artist id -> their keys). */
  static build(corpus: NearMatchCorpus, titleKeys: Iterable<[string, Iterable<string>]>, nameKeys: Iterable<string>): NearMatcher {
    const dictionary = new TrigramDictionary();
    const titleIndexes = new Map<string, readonly TrigramIndex[]>();
    for (const [artistId, keys] of titleKeys) {
      titleIndexes.set(artistId, [TrigramIndex.build(keys, dictionary)]);
    }
    const nameIndex = TrigramIndex.build(nameKeys, dictionary);
    return new NearMatcher(corpus, dictionary, titleIndexes, [nameIndex]);
  }

  /**
   * The matcher of an extended corpus (`CorpusIndex.extend`): the title keys and names the layer
   * added get small indexes of their own, searched beside this matcher's (which are shared, not
   * rebuilt), so laying research over Turner's ~21,000 titles costs what its new titles cost.
   * The trigram dictionary is shared: new trigrams get new ids, which the older indexes never
   * hold, so this matcher keeps answering as before.
   */
  extend(corpus: NearMatchCorpus, addedTitleKeys: ReadonlyMap<string, readonly string[]>, addedNames: readonly string[]): NearMatcher {
    const titleIndexes = new Map(this.titleIndexes);
    for (const [artistId, keys] of addedTitleKeys) {
      if (keys.length === 0) continue;
      titleIndexes.set(artistId, [...(this.titleIndexes.get(artistId) ?? []), TrigramIndex.build(keys, this.dictionary)]);
    }
    const nameIndexes = addedNames.length === 0 ? this.nameIndexes : [...this.nameIndexes, TrigramIndex.build(addedNames, this.dictionary)];
    return new NearMatcher(corpus, this.dictionary, titleIndexes, nameIndexes);
  }

  /** Works of these artists with a title close to `subjectTitle` (reason `similar_title`). */
  similarTitles(artistIds: readonly string[], subjectTitle: string, limit = MAX_NEAR_MATCHES): NearMatch[] {
    const query = this.dictionary.prepare(normaliseTitle(subjectTitle));
    // One artist (the usual case): their matches are already distinct works, sorted, at most `limit`.
    if (artistIds.length === 1) return this.titleMatches(artistIds[0] as string, query, limit);
    const best = new Map<string, NearMatch>();
    for (const artistId of artistIds) {
      for (const match of this.titleMatches(artistId, query, limit)) {
        const held = best.get(match.work_id);
        if (held === undefined || compareNearMatches(match, held) < 0) best.set(match.work_id, match);
      }
    }
    return [...best.values()].sort(compareNearMatches).slice(0, limit);
  }

  /**
   * Artists with a name close to `subjectArtist` (reason `similar_artist`), each shown with their
   * work whose title is closest to `subjectTitle`, or else their first work.
   *
   * A suggestion is an (artist, work) pair, so its score combines both similarities:
   * 1 - (1 - name) * (1 - title), with title 0 when no title of the artist is close. A name
   * alone keeps its own score; a close title lifts it ("Turner" with "Norham Castle, Sunrise"
   * puts Joseph Mallord William Turner before the other Turners). The SIMILAR_ARTIST_POOL best
   * names are considered.
   */
  similarArtists(subjectArtist: string, subjectTitle: string, limit = MAX_NEAR_MATCHES): NearMatch[] {
    const query = this.dictionary.prepare(normaliseName(subjectArtist));
    const scoreByArtist = new Map<string, number>();
    for (const entry of searchAll(this.nameIndexes, query, NEAR_MATCH_THRESHOLD)) {
      const score = Math.min(MAX_FUZZY_SCORE, roundScore(entry.score));
      if (score < NEAR_MATCH_THRESHOLD) continue;
      for (const artistId of this.corpus.artistsByName.get(entry.key) ?? []) {
        if (score > (scoreByArtist.get(artistId) ?? -1)) scoreByArtist.set(artistId, score);
      }
    }
    const pool = [...scoreByArtist.entries()]
      .map(([artistId, score]) => ({ artistId, score, name: this.corpus.artistName(artistId) }))
      .sort((a, b) => b.score - a.score || cmp(a.name, b.name) || cmp(a.artistId, b.artistId))
      .slice(0, SIMILAR_ARTIST_POOL);
    const titleQuery = this.dictionary.prepare(normaliseTitle(subjectTitle));
    const matches: NearMatch[] = [];
    for (const { artistId, score, name } of pool) {
      const closest = this.titleMatches(artistId, titleQuery, 1)[0];
      const workId = closest?.work_id ?? this.corpus.firstWorkOf(artistId);
      if (workId === undefined) continue;
      const pair = Math.min(MAX_FUZZY_SCORE, roundScore(1 - (1 - score) * (1 - (closest?.score ?? 0))));
      matches.push({ artist: name, title: this.corpus.workTitle(workId), work_id: workId, score: pair, reason: 'similar_artist' });
    }
    return matches.sort(compareNearMatches).slice(0, limit);
  }

  /**
   * Similar titles of one artist, one near match per work, sorted, at most `limit`. Work lists
   * are sorted by id, so only the first `limit` works of a key can make the cut.
   */
  private titleMatches(artistId: string, query: PreparedQuery, limit: number): NearMatch[] {
    const indexes = this.titleIndexes.get(artistId);
    const titles = this.corpus.titlesByArtist.get(artistId);
    if (indexes === undefined || titles === undefined) return [];
    // Entries come best first and rounding keeps that order, so a work's first score is its best,
    // and once `limit` works are held, an entry scoring below the last of them can add none.
    const ranked: Array<[string, number]> = [];
    const seen = new Set<string>();
    for (const entry of searchAll(indexes, query, NEAR_MATCH_THRESHOLD)) {
      const score = Math.min(MAX_FUZZY_SCORE, roundScore(entry.score));
      if (score < NEAR_MATCH_THRESHOLD) break;
      if (ranked.length >= limit && score < (ranked[limit - 1] as [string, number])[1]) break;
      const workIds = titles.get(entry.key) ?? [];
      for (let w = 0; w < workIds.length && w < limit; w += 1) {
        const workId = workIds[w] as string;
        if (seen.has(workId)) continue;
        seen.add(workId);
        ranked.push([workId, score]);
      }
    }
    if (ranked.length > 1) ranked.sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]));
    if (ranked.length > limit) ranked.length = limit;
    const artist = this.corpus.artistName(artistId);
    return ranked.map(([workId, score]) => ({
      artist,
      title: this.corpus.workTitle(workId),
      work_id: workId,
      score,
      reason: 'similar_title' as const,
    }));
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Entries of several indexes over disjoint keys, in `TrigramIndex.search` order (score, then key). */
function searchAll(indexes: readonly TrigramIndex[], query: PreparedQuery, threshold: number): ScoredEntry[] {
  if (indexes.length === 1) return (indexes[0] as TrigramIndex).search(query, threshold);
  const all = indexes.flatMap((index) => index.search(query, threshold));
  return all.sort((a, b) => b.score - a.score || cmp(a.key, b.key));
}
