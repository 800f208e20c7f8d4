/**
 * A small, fast fuzzy index over normalised keys (titles or names), on character trigrams
 * (see trigram-dictionary.ts).
 *
 * Similarity of a query key q to an entry key t, on their sets of trigrams Q and T:
 *   dice        = 2|Q ∩ T| / (|Q| + |T|)      (how alike the two keys are as a whole)
 *   containment = |Q ∩ T| / |Q|              (how much of the query the entry contains)
 *   score       = (dice + containment) / 2   in [0, 1]
 * Containment lets a short form of a long title ("Fighting Temeraire") or a surname alone
 * ("Turner") reach a close match; dice ranks shorter, closer keys first.
 *
 * Speed: an entry list of more than SMALL_INDEX keys gets posting lists (trigram -> entries).
 * A search walks the query's rarest trigrams first within a posting budget, keeps the
 * MAX_SCORED entries sharing the most of them and scores only those exactly, so a search costs
 * a few tens of microseconds whatever the size of the list (Turner: ~39,000 titles).
 * The candidate cut is a heuristic: a fuzzy match is only ever a suggestion.
 */
import type { PreparedQuery, TrigramDictionary } from './trigram-dictionary.js';

/** Lists this long or shorter are scanned whole. */
const SMALL_INDEX = 64;
/** At most this many postings are read per search (the rarest trigram's list is always read). */
const POSTING_BUDGET = 4096;
/** At most this many candidates are scored exactly per search. */
const MAX_SCORED = 48;

export interface ScoredEntry {
  key: string;
  /** Unrounded similarity in [0, 1]. */
  score: number;
}

/** Size of the intersection of two sorted id arrays. */
function intersectionSize(a: Int32Array, b: Int32Array, bStart: number, bEnd: number): number {
  let i = 0;
  let j = bStart;
  let count = 0;
  while (i < a.length && j < bEnd) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      count += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return count;
}

/** Posting lists of a large index: trigram id -> ascending entry numbers, stored flat. */
interface Postings {
  /** Trigram ids present in the index, ascending. */
  ids: Int32Array;
  /** Entries of ids[i] are data[start[i] .. start[i + 1]). */
  start: Int32Array;
  data: Int32Array;
}

export class TrigramIndex {
  private hits: Uint16Array | null = null;
  private touched: Int32Array | null = null;

  private constructor(
    /** Entry keys, ordered by trigram count then key: on equal evidence the shorter key comes first. */
    private readonly keys: readonly string[],
    /** Entry e's sorted trigram ids are grams[offsets[e] .. offsets[e + 1]). */
    private readonly offsets: Int32Array,
    private readonly grams: Int32Array,
    /** Null for a small index, scanned whole. */
    private readonly postings: Postings | null,
  ) {}

  /**
   * Index over distinct keys. Entries are laid out by trigram count (a stable counting sort, so
   * equal counts keep the keys' order): on equal evidence a search prefers the shorter key.
   */
  static build(keys: Iterable<string>, dictionary: TrigramDictionary): TrigramIndex {
    const keyList: string[] = [];
    const counts: number[] = [];
    let buffer = new Int32Array(1024);
    let used = 0;
    for (const key of keys) {
      const [known] = dictionary.encode(key, true);
      if (used + known > buffer.length) {
        const grown = new Int32Array(Math.max(buffer.length * 2, used + known));
        grown.set(buffer.subarray(0, used));
        buffer = grown;
      }
      const ids = dictionary.ids;
      for (let i = 0; i < known; i += 1) buffer[used + i] = ids[i] as number;
      used += known;
      keyList.push(key);
      counts.push(known);
    }
    const n = keyList.length;
    // Counting sort of entries by trigram count.
    let longest = 0;
    for (const c of counts) if (c > longest) longest = c;
    const firstOfCount = new Int32Array(longest + 2);
    for (const c of counts) firstOfCount[c + 1] += 1;
    for (let c = 1; c <= longest + 1; c += 1) firstOfCount[c] += firstOfCount[c - 1] as number;
    const place = new Int32Array(n);
    for (let e = 0; e < n; e += 1) {
      const c = counts[e] as number;
      place[e] = firstOfCount[c] as number;
      firstOfCount[c] += 1;
    }
    const sortedKeys: string[] = new Array<string>(n);
    const offsets = new Int32Array(n + 1);
    for (let e = 0; e < n; e += 1) sortedKeys[place[e] as number] = keyList[e] as string;
    // Offsets in the new order, then copy each entry's ids.
    const sizeAt = new Int32Array(n);
    for (let e = 0; e < n; e += 1) sizeAt[place[e] as number] = counts[e] as number;
    for (let p = 0; p < n; p += 1) offsets[p + 1] = (offsets[p] as number) + (sizeAt[p] as number);
    const grams = new Int32Array(used);
    let from = 0;
    for (let e = 0; e < n; e += 1) {
      const c = counts[e] as number;
      const to = offsets[place[e] as number] as number;
      for (let i = 0; i < c; i += 1) grams[to + i] = buffer[from + i] as number;
      from += c;
    }
    const postings = n > SMALL_INDEX ? buildPostings(n, offsets, grams) : null;
    return new TrigramIndex(sortedKeys, offsets, grams, postings);
  }

  get size(): number {
    return this.keys.length;
  }

  /** Entries whose similarity to the query is at least `threshold`, best first, then by key. */
  search(query: PreparedQuery, threshold: number): ScoredEntry[] {
    if (query.size === 0 || query.ids.length === 0 || this.keys.length === 0) return [];
    const found: ScoredEntry[] = [];
    const consider = (entry: number): void => {
      const start = this.offsets[entry] as number;
      const end = this.offsets[entry + 1] as number;
      const common = intersectionSize(query.ids, this.grams, start, end);
      if (common === 0) return;
      const dice = (2 * common) / (query.size + (end - start));
      const containment = common / query.size;
      const score = Math.min(1, (dice + containment) / 2);
      if (score >= threshold) found.push({ key: this.keys[entry] as string, score });
    };
    if (this.postings === null) {
      for (let e = 0; e < this.keys.length; e += 1) consider(e);
    } else {
      for (const e of this.candidates(this.postings, query.ids)) consider(e);
    }
    return found.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Entries sharing the most of the query's rarest trigrams, at most MAX_SCORED of them. */
  private candidates(postings: Postings, queryIds: Int32Array): number[] {
    const lists: { from: number; to: number }[] = [];
    for (const id of queryIds) {
      const at = binarySearch(postings.ids, id);
      if (at >= 0) lists.push({ from: postings.start[at] as number, to: postings.start[at + 1] as number });
    }
    if (lists.length === 0) return [];
    // Rarest first; sort is stable and queryIds are sorted, so the order is deterministic.
    lists.sort((a, b) => a.to - a.from - (b.to - b.from));
    const data = postings.data;
    const hits = (this.hits ??= new Uint16Array(this.keys.length));
    const touched = (this.touched ??= new Int32Array(POSTING_BUDGET));
    let touchedCount = 0;
    let scanned = 0;
    let maxHits = 0;
    for (let l = 0; l < lists.length; l += 1) {
      const { from, to } = lists[l] as { from: number; to: number };
      let end = to;
      if (scanned + (to - from) > POSTING_BUDGET) {
        if (l > 0) break;
        end = from + POSTING_BUDGET;
      }
      for (let k = from; k < end; k += 1) {
        const e = data[k] as number;
        const h = (hits[e] as number) + 1;
        hits[e] = h;
        if (h === 1) touched[touchedCount++] = e;
        if (h > maxHits) maxHits = h;
      }
      scanned += end - from;
    }
    // Cut-off hit count: every entry above it, then entries at it in order of first sight.
    const perHits = new Int32Array(maxHits + 1);
    for (let t = 0; t < touchedCount; t += 1) perHits[hits[touched[t] as number] as number] += 1;
    let cut = maxHits;
    let above = 0;
    while (cut > 1 && above + (perHits[cut] as number) < MAX_SCORED) {
      above += perHits[cut] as number;
      cut -= 1;
    }
    const chosen: number[] = [];
    let atCut = MAX_SCORED - above;
    for (let t = 0; t < touchedCount; t += 1) {
      const e = touched[t] as number;
      const h = hits[e] as number;
      if (h > cut) chosen.push(e);
      else if (h === cut && atCut > 0) {
        chosen.push(e);
        atCut -= 1;
      }
      hits[e] = 0;
    }
    return chosen;
  }
}

function binarySearch(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = sorted[mid] as number;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function buildPostings(entryCount: number, offsets: Int32Array, grams: Int32Array): Postings {
  let maxId = 0;
  for (let i = 0; i < grams.length; i += 1) if ((grams[i] as number) > maxId) maxId = grams[i] as number;
  const counts = new Int32Array(maxId + 1);
  for (let i = 0; i < grams.length; i += 1) counts[grams[i] as number] += 1;
  let present = 0;
  for (let id = 0; id <= maxId; id += 1) if ((counts[id] as number) > 0) present += 1;
  const ids = new Int32Array(present);
  const start = new Int32Array(present + 1);
  const cursor = counts; // reused: id -> next write position
  let at = 0;
  let total = 0;
  for (let id = 0; id <= maxId; id += 1) {
    const n = counts[id] as number;
    if (n === 0) continue;
    ids[at] = id;
    start[at] = total;
    cursor[id] = total;
    total += n;
    at += 1;
  }
  start[present] = total;
  const data = new Int32Array(total);
  for (let e = 0; e < entryCount; e += 1) {
    for (let i = offsets[e] as number; i < (offsets[e + 1] as number); i += 1) {
      const id = grams[i] as number;
      data[cursor[id] as number] = e;
      cursor[id] = (cursor[id] as number) + 1;
    }
  }
  return { ids, start, data };
}
