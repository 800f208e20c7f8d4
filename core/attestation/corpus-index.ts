/**
 * In-memory indexes over a corpus snapshot: what the verdict rules and the coverage manifest
 * read. Built once per corpus revision; read-only afterwards.
 */
import { SOURCE_TAGS, type CorpusArtist, type CorpusSnapshot, type CorpusWork } from './corpus.model.js';
import { NearMatcher } from './near-match.js';
import { foldText, normaliseName, titleKeys } from './normalise.js';
import type { NearMatch } from './verification.model.js';

export interface CorpusCounts {
  artists: number;
  works: number;
  claims: number;
  /** Claims per source tag; every known tag is present, with 0 when it has none. */
  claims_by_source: Record<string, number>;
}

const NO_IDS: readonly string[] = Object.freeze([]);

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
function firstWorkOf(artistId: string, workIds: readonly string[], works: ReadonlyMap<string, CorpusWork>): string | undefined {
  const firm = workIds.find((id) =>
    works.get(id)?.attributions.some((a) => a.artist_id === artistId && a.current && a.qualifier === 'firm'),
  );
  return firm ?? workIds[0];
}

export class CorpusIndex {
  private worksByInventory: ReadonlyMap<string, readonly string[]> | null = null;

  private constructor(
    readonly buildId: string,
    readonly artists: readonly CorpusArtist[],
    readonly works: readonly CorpusWork[],
    readonly counts: CorpusCounts,
    private readonly artistById: ReadonlyMap<string, CorpusArtist>,
    private readonly workById: ReadonlyMap<string, CorpusWork>,
    private readonly artistsByName: ReadonlyMap<string, readonly string[]>,
    private readonly titlesByArtist: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>,
    private readonly worksByArtist: ReadonlyMap<string, readonly string[]>,
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
      const keys = titleKeys(work.title, work.title_aliases);
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

    const firstWorks = new Map<string, string | undefined>(); // filled on demand
    const counts: CorpusCounts = { artists: artists.length, works: works.length, claims, claims_by_source: sourceCounts(claimsBySource) };
    const nearMatcher = NearMatcher.build({
      titlesByArtist,
      artistsByName,
      artistName: (id) => artistById.get(id)?.name ?? id,
      workTitle: (id) => workById.get(id)?.title ?? '',
      firstWorkOf: (id) => {
        if (!firstWorks.has(id)) firstWorks.set(id, firstWorkOf(id, worksByArtist.get(id) ?? NO_IDS, workById));
        return firstWorks.get(id);
      },
    });
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

  /** Works (sorted ids) naming this artist in any attribution, under this normalised title key. */
  workIdsByTitle(artistId: string, titleKey: string): readonly string[] {
    return this.titlesByArtist.get(artistId)?.get(titleKey) ?? NO_IDS;
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
