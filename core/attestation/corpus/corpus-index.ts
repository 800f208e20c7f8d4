/**
 * In-memory indexes over a corpus snapshot: what the verdict rules and the coverage manifest
 * read. Built once per corpus revision; read-only afterwards.
 */
import { SOURCE_TAGS, type CorpusArtist, type CorpusSnapshot, type CorpusWork } from './corpus.model.js';
import { layered, type Lookup } from '../matching/lookup.js';
import { NearMatcher, type NearMatchCorpus } from '../matching/near-match.js';
import { alternateTitles } from '../matching/alternate-titles.js';
import { foldText, normaliseName, titleKeys } from '../matching/normalise.js';
import { readTitle } from '../matching/title-reading.js';
import type { NearMatch } from '../matching/near-match.js';

export interface CorpusCounts {
  artists: number;
  works: number;
  claims: number;
  /** Claims per source tag; every known tag is present, with 0 when it has none. */
  claims_by_source: Record<string, number>;
}

const NO_IDS: readonly string[] = Object.freeze([]);
const EMPTY: Lookup<string, readonly string[]> = new Map();

/**
 * Appends a value to a key's list. Values for one artist or one work are pushed one after the
 * other, so a repeat is always the list's last element: checking it keeps lists distinct in O(1).
 */
function push<K>(map: Map<K, string[]>, key: K, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Counts as a plain object: the known tags in their order, then any other tag sorted. */
function sourceCounts(counts: ReadonlyMap<string, number>): Record<string, number> {
  const known: readonly string[] = SOURCE_TAGS;
  const others = [...counts.keys()].filter((tag) => !known.includes(tag)).sort(byCodePoint);
  const out: Record<string, number> = {};
  for (const tag of [...known, ...others]) {
    Object.defineProperty(out, tag, { value: counts.get(tag) ?? 0, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** An artist's first work firmly and currently theirs, else their first work at all. */
function firstWorkOf(artistId: string, workIds: readonly string[], works: Lookup<string, CorpusWork>): string | undefined {
  const firm = workIds.find((id) =>
    works.get(id)?.attributions.some((a) => a.artist_id === artistId && a.current && a.qualifier === 'firm'),
  );
  return firm ?? workIds[0];
}

/** What `CorpusIndex.extend` lays over an index: artists to add, works to add or replace. */
export interface CorpusLayer {
  artists: readonly CorpusArtist[];
  works: readonly CorpusWork[];
}

function nearMatchCorpus(
  titlesByArtist: Lookup<string, Lookup<string, readonly string[]>>,
  artistsByName: Lookup<string, readonly string[]>,
  artistById: Lookup<string, CorpusArtist>,
  workById: Lookup<string, CorpusWork>,
  worksByArtist: Lookup<string, readonly string[]>,
): NearMatchCorpus {
  const firstWorks = new Map<string, string | undefined>(); // filled on demand
  return {
    titlesByArtist,
    artistsByName,
    artistName: (id) => artistById.get(id)?.name ?? id,
    workTitle: (id) => workById.get(id)?.title ?? '',
    firstWorkOf: (id) => {
      if (!firstWorks.has(id)) firstWorks.set(id, firstWorkOf(id, worksByArtist.get(id) ?? NO_IDS, workById));
      return firstWorks.get(id);
    },
  };
}

/** A work's title keys: its title, its aliases and the alternate titles its title carries (ADR 0033). */
export function workTitleKeys(work: Pick<CorpusWork, 'title' | 'title_aliases'>): string[] {
  const alternates = alternateTitles(work.title);
  return titleKeys(work.title, alternates.length === 0 ? work.title_aliases : [...work.title_aliases, ...alternates]);
}

/** Words a surname form never starts with ("Teniers the Younger" gives "teniers the younger", not "younger"). */
const NOT_A_SURNAME = new Set(['the', 'elder', 'younger', 'i', 'ii', 'iii', 'jr', 'sr', 'le', 'la', 'der', 'die', 'il', 'vieux', 'jeune']);

/** Trailing word runs of a name key, the whole key left out: "johannes vermeer" -> ["vermeer"]. */
export function surnameForms(nameKey: string): string[] {
  const words = nameKey.split(' ');
  const forms: string[] = [];
  for (let i = 1; i < words.length; i += 1) {
    const first = words[i] as string;
    if (first.length < 2 || NOT_A_SURNAME.has(first)) continue;
    forms.push(words.slice(i).join(' '));
  }
  return forms;
}

export class CorpusIndex {
  private worksByInventory: ReadonlyMap<string, readonly string[]> | null = null;
  private artistsBySurname: ReadonlyMap<string, readonly string[]> | null = null;
  /** Per artist, the reading key of each of their titles (title-reading.ts) -> work ids; built on first use. */
  private readonly readingsByArtist = new Map<string, ReadonlyMap<string, readonly string[]>>();

  private constructor(
    readonly buildId: string,
    readonly artists: readonly CorpusArtist[],
    readonly works: readonly CorpusWork[],
    readonly counts: CorpusCounts,
    private readonly artistById: Lookup<string, CorpusArtist>,
    private readonly workById: Lookup<string, CorpusWork>,
    private readonly artistsByName: Lookup<string, readonly string[]>,
    private readonly titlesByArtist: Lookup<string, Lookup<string, readonly string[]>>,
    private readonly worksByArtist: Lookup<string, readonly string[]>,
    private readonly nearMatcher: NearMatcher,
  ) {}

  /**
   * Indexes a snapshot. The first of several artists or works sharing an id wins; an attribution
   * naming an artist the snapshot does not hold is kept on the work but indexes nothing.
   */
  static build(snapshot: CorpusSnapshot): CorpusIndex {
    const artistById = new Map<string, CorpusArtist>();
    const artists: CorpusArtist[] = [];
    const artistsByName = new Map<string, string[]>();
    for (const artist of snapshot.artists) {
      if (artistById.has(artist.artist_id)) continue;
      artistById.set(artist.artist_id, artist);
      artists.push(artist);
      for (const name of [artist.name, ...artist.aliases]) {
        const key = normaliseName(name);
        if (key !== '') push(artistsByName, key, artist.artist_id);
      }
    }

    const workById = new Map<string, CorpusWork>();
    const works: CorpusWork[] = [];
    const titlesByArtist = new Map<string, Map<string, string[]>>();
    const worksByArtist = new Map<string, string[]>();
    const claimsBySource = new Map<string, number>(SOURCE_TAGS.map((tag) => [tag, 0]));
    let claims = 0;

    for (const work of snapshot.works) {
      if (workById.has(work.work_id)) continue;
      workById.set(work.work_id, work);
      works.push(work);
      for (const claim of work.claims) {
        claims += 1;
        claimsBySource.set(claim.source, (claimsBySource.get(claim.source) ?? 0) + 1);
      }
      const keys = workTitleKeys(work);
      for (const attribution of work.attributions) {
        const artistId = attribution.artist_id;
        if (!artistById.has(artistId)) continue;
        push(worksByArtist, artistId, work.work_id);
        let titles = titlesByArtist.get(artistId);
        if (titles === undefined) {
          titles = new Map();
          titlesByArtist.set(artistId, titles);
        }
        for (const key of keys) push(titles, key, work.work_id);
      }
    }
    for (const titles of titlesByArtist.values()) {
      for (const ids of titles.values()) if (ids.length > 1) ids.sort(byCodePoint);
    }

    const counts: CorpusCounts = { artists: artists.length, works: works.length, claims, claims_by_source: sourceCounts(claimsBySource) };
    const nearMatcher = NearMatcher.build(
      nearMatchCorpus(titlesByArtist, artistsByName, artistById, workById, worksByArtist),
      [...titlesByArtist].map(([artistId, titles]): [string, Iterable<string>] => [artistId, titles.keys()]),
      artistsByName.keys(),
    );
    return new CorpusIndex(
      snapshot.build_id,
      artists,
      works,
      counts,
      artistById,
      workById,
      artistsByName,
      titlesByArtist,
      worksByArtist,
      nearMatcher,
    );
  }

  /**
   * This index with a layer laid over it: `artists` not held yet are added; each of `works`
   * replaces the work with its id, or is added. Lookups, counts and near matches reflect the
   * layer; only what the layer touches is rebuilt (the artists it names get fresh title lists and
   * fuzzy title indexes, the name index only when it adds names), so laying operator research
   * over the ~58,000-work corpus takes milliseconds, not a full build. `this` is left unchanged,
   * and keeps answering as before while the new index is built.
   */
  extend(layer: CorpusLayer): CorpusIndex {
    // Only what the layer changes is held anew (`top` maps), laid over this index's maps.
    const artistTop = new Map<string, CorpusArtist>();
    const nameTop = new Map<string, readonly string[]>();
    const addedNames: string[] = [];
    const artists = [...this.artists];
    for (const artist of layer.artists) {
      if (this.artistById.get(artist.artist_id) !== undefined || artistTop.has(artist.artist_id)) continue;
      artistTop.set(artist.artist_id, artist);
      artists.push(artist);
      for (const name of [artist.name, ...artist.aliases]) {
        const key = normaliseName(name);
        if (key === '') continue;
        const ids = nameTop.get(key) ?? this.artistsByName.get(key);
        if (ids === undefined) addedNames.push(key);
        if (!(ids ?? NO_IDS).includes(artist.artist_id)) nameTop.set(key, [...(ids ?? NO_IDS), artist.artist_id]);
      }
    }
    const artistById = layered(this.artistById, artistTop);

    const workTop = new Map<string, CorpusWork>();
    const replaced = new Map<string, CorpusWork>();
    const added: CorpusWork[] = [];
    const claimsBySource = new Map<string, number>(Object.entries(this.counts.claims_by_source));
    let claims = this.counts.claims;
    // Per artist the layer names anew: their added title keys and work ids.
    const titleTop = new Map<string, Map<string, readonly string[]>>();
    const worksTop = new Map<string, string[]>();
    const addedTitleKeys = new Map<string, string[]>();
    for (const work of layer.works) {
      if (workTop.has(work.work_id)) continue; // the first of a layer's duplicates wins
      const previous = this.workById.get(work.work_id);
      workTop.set(work.work_id, work);
      if (previous === undefined) added.push(work);
      else replaced.set(work.work_id, work);
      for (const claim of previous?.claims ?? []) {
        claims -= 1;
        claimsBySource.set(claim.source, (claimsBySource.get(claim.source) ?? 0) - 1);
      }
      for (const claim of work.claims) {
        claims += 1;
        claimsBySource.set(claim.source, (claimsBySource.get(claim.source) ?? 0) + 1);
      }
      // Only artists the previous version of the work did not name need indexing (a layer adds
      // attributions and claims to a shipped work, never titles).
      const indexed = new Set(previous?.attributions.map((a) => a.artist_id));
      const keys = workTitleKeys(work);
      for (const attribution of work.attributions) {
        const artistId = attribution.artist_id;
        if (indexed.has(artistId) || artistById.get(artistId) === undefined) continue;
        indexed.add(artistId);
        let workIds = worksTop.get(artistId);
        if (workIds === undefined) {
          workIds = [...(this.worksByArtist.get(artistId) ?? NO_IDS)];
          worksTop.set(artistId, workIds);
        }
        workIds.push(work.work_id);
        let titles = titleTop.get(artistId);
        if (titles === undefined) {
          titles = new Map();
          titleTop.set(artistId, titles);
        }
        const shipped = this.titlesByArtist.get(artistId);
        for (const key of keys) {
          const ids = titles.get(key) ?? shipped?.get(key);
          if (ids === undefined) {
            const list = addedTitleKeys.get(artistId) ?? [];
            list.push(key);
            addedTitleKeys.set(artistId, list);
          }
          titles.set(key, ids === undefined ? [work.work_id] : [...ids, work.work_id].sort(byCodePoint));
        }
      }
    }
    const titlesByArtist = layered(
      this.titlesByArtist,
      new Map([...titleTop].map(([artistId, top]): [string, Lookup<string, readonly string[]>] => [artistId, layered(this.titlesByArtist.get(artistId) ?? EMPTY, top)])),
    );
    const worksByArtist = layered(this.worksByArtist, worksTop);
    const workById = layered(this.workById, workTop);
    const artistsByName = layered(this.artistsByName, nameTop);
    const works = replaced.size === 0 ? [...this.works, ...added] : [...this.works.map((w) => replaced.get(w.work_id) ?? w), ...added];
    const counts: CorpusCounts = {
      artists: artists.length,
      works: works.length,
      claims,
      claims_by_source: sourceCounts(claimsBySource),
    };
    const corpus = nearMatchCorpus(titlesByArtist, artistsByName, artistById, workById, worksByArtist);
    const nearMatcher = this.nearMatcher.extend(corpus, addedTitleKeys, addedNames);
    return new CorpusIndex(
      this.buildId,
      artists,
      works,
      counts,
      artistById,
      workById,
      artistsByName,
      titlesByArtist,
      worksByArtist,
      nearMatcher,
    );
  }

  artist(artistId: string): CorpusArtist | undefined {
    return this.artistById.get(artistId);
  }

  work(workId: string): CorpusWork | undefined {
    return this.workById.get(workId);
  }

  /** Artists whose name or an alias has this normalised key (see `normaliseName`). */
  artistIdsByKey(nameKey: string): readonly string[] {
    return this.artistsByName.get(nameKey) ?? NO_IDS;
  }

  /**
   * Artists one of whose names or aliases ends with these words ("vermeer", "van gogh"): the
   * surname-only forms of `surnameForms`. Built on first use; a name key's own artists are
   * found by `artistIdsByKey`, this is only for a short form that is no name of its own.
   */
  artistIdsBySurname(surnameKey: string): readonly string[] {
    if (this.artistsBySurname === null) {
      const index = new Map<string, string[]>();
      for (const artist of this.artists) {
        for (const name of [artist.name, ...artist.aliases]) {
          for (const form of surnameForms(normaliseName(name))) push(index, form, artist.artist_id);
        }
      }
      for (const [key, ids] of index) index.set(key, [...new Set(ids)]);
      this.artistsBySurname = index;
    }
    return this.artistsBySurname.get(surnameKey) ?? NO_IDS;
  }

  /** An artist as a near match, shown with one of their works (their first firm one). */
  artistNearMatch(artistId: string, score: number): NearMatch | undefined {
    const workId = firstWorkOf(artistId, this.worksByArtist.get(artistId) ?? NO_IDS, this.workById);
    if (workId === undefined) return undefined;
    return { artist: this.artist(artistId)?.name ?? artistId, title: this.work(workId)?.title ?? '', work_id: workId, score, reason: 'similar_artist' };
  }

  /** Works (sorted ids) naming this artist in any attribution, under this normalised title key. */
  workIdsByTitle(artistId: string, titleKey: string): readonly string[] {
    return this.titlesByArtist.get(artistId)?.get(titleKey) ?? NO_IDS;
  }

  /**
   * Works (sorted ids) naming this artist in any attribution one of whose titles reads as this
   * reading key (`readTitle(...).key`). An artist's readings are built on their first use, from
   * their works: only titles in another language are ever looked up so.
   */
  workIdsByReading(artistId: string, readingKey: string): readonly string[] {
    let readings = this.readingsByArtist.get(artistId);
    if (readings === undefined) {
      const built = new Map<string, string[]>();
      for (const id of this.worksByArtist.get(artistId) ?? NO_IDS) {
        const work = this.workById.get(id);
        if (work === undefined) continue;
        for (const key of workTitleKeys(work)) push(built, readTitle(key).key, id);
      }
      for (const ids of built.values()) if (ids.length > 1) ids.sort(byCodePoint);
      readings = built;
      this.readingsByArtist.set(artistId, readings);
    }
    return readings.get(readingKey) ?? NO_IDS;
  }

  /**
   * Works (sorted ids) holding this inventory number, compared folded (see `foldText`). The
   * inventory index is built on first use: the verdict rules compare a `subject_ref` with the
   * few candidate works only, so most processes never need it.
   */
  workIdsByInventory(inventoryNumber: string): readonly string[] {
    if (this.worksByInventory === null) {
      const index = new Map<string, string[]>();
      for (const work of this.works) {
        for (const number of work.inventory_numbers) {
          const key = foldText(number);
          if (key !== '') push(index, key, work.work_id);
        }
      }
      for (const ids of index.values()) if (ids.length > 1) ids.sort(byCodePoint);
      this.worksByInventory = index;
    }
    return this.worksByInventory.get(foldText(inventoryNumber)) ?? NO_IDS;
  }

  /** Works naming this artist in any attribution, current or former, in corpus order. */
  workIdsByArtist(artistId: string): readonly string[] {
    return this.worksByArtist.get(artistId) ?? NO_IDS;
  }

  /** Near matches: works of these artists with a title close to `subjectTitle`. */
  similarTitles(artistIds: readonly string[], subjectTitle: string): NearMatch[] {
    return this.nearMatcher.similarTitles(artistIds, subjectTitle);
  }

  /** Near matches: artists with a name close to `subjectArtist`, each with one of their works. */
  similarArtists(subjectArtist: string, subjectTitle: string): NearMatch[] {
    return this.nearMatcher.similarArtists(subjectArtist, subjectTitle);
  }
}
