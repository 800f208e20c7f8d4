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
 * Speed: an entry list of more than SMALL_INDEX keys gets posting lists (trigram -> entries and
 * whole word -> entries). A search reads the query's rarest lists first within a posting
 * budget, keeps the MAX_SCORED entries sharing the most of them (a word counts WORD_WEIGHT, a
 * trigram 1) and scores only those exactly, so a search costs a few tens of microseconds
 * whatever the size of the list (Turner: ~39,000 works, ~21,000 distinct titles).
 * The candidate cut is a heuristic (on Turner's Tate titles, the best near match of a misspelt
 * or shortened title is the exhaustive search's in about 96% of cases): a fuzzy match is only
 * ever a suggestion.
 */
import type { PreparedQuery, TrigramDictionary } from './trigram-dictionary.js';

/** Indexes of this many keys or fewer have no posting lists: every entry is scored. */
const SMALL_INDEX = 64;
/** At most this many postings are read per search (at least the start of the rarest list). */
const POSTING_BUDGET = 1536;
/** At most this many candidates are scored exactly per search. */
const MAX_SCORED = 40;
/** Hits a shared word is worth in candidate selection, against 1 for a shared trigram. */
const WORD_WEIGHT = 3;

export interface ScoredEntry {
  key: string;
  /** Unrounded similarity in [0, 1]. */
  score: number;
}

/**
 * A flat list of small integers: 16 bits each when every value fits (trigram ids: the corpus has
 * ~9,000; entry numbers: Turner has ~21,000 titles), else 32. A search reads its candidates'
 * trigram ids and its posting lists from all over these arrays, mostly out of cache on a mixed
 * load: half the bytes is half the cache lines fetched.
 */
type IdList = Int32Array | Uint16Array;

/** `list` in 16 bits when its values (non-negative) are all below `bound`, and `bound` is at most 2^16. */
function narrowed(list: Int32Array, bound: number): IdList {
  return bound <= 0x10000 ? new Uint16Array(list) : list;
}

/** Posting lists: id -> ascending entry numbers, stored flat. */
interface PostingLists {
  /** Ids present in the index, ascending. */
  ids: Int32Array;
  /**
   * For trigram lists, id -> its place in `ids` (-1: absent), up to the index's highest id: a
   * query's ~40 trigrams are found without a binary search each (trigram ids are dense, a few
   * thousand; word ids are many more, so word lists are searched).
   */
  places: Int32Array | null;
  /** Entries of ids[i] are data[start[i] .. start[i + 1]). */
  start: Int32Array;
  data: IdList;
}

/** Posting lists of a large index, by trigram and by word. */
interface Postings {
  grams: PostingLists;
  words: PostingLists;
}

/** Per-entry id lists packed in one growing buffer, in insertion order. */
class Packed {
  private buffer: Int32Array;
  private used = 0;
  private readonly counts: number[] = [];

  constructor(capacity: number) {
    this.buffer = new Int32Array(Math.max(16, capacity));
  }

  add(ids: Int32Array, count: number): void {
    if (this.used + count > this.buffer.length) {
      const grown = new Int32Array(Math.max(this.buffer.length * 2, this.used + count));
      grown.set(this.buffer.subarray(0, this.used));
      this.buffer = grown;
    }
    for (let i = 0; i < count; i += 1) this.buffer[this.used + i] = ids[i] as number;
    this.used += count;
    this.counts.push(count);
  }

  countOf(entry: number): number {
    return this.counts[entry] as number;
  }

  /** Offsets and data with entry e moved to place[e]. */
  reorder(place: Int32Array): [Int32Array, Int32Array] {
    const n = this.counts.length;
    const sizeAt = new Int32Array(n);
    for (let e = 0; e < n; e += 1) sizeAt[place[e] as number] = this.counts[e] as number;
    const offsets = new Int32Array(n + 1);
    for (let p = 0; p < n; p += 1) offsets[p + 1] = (offsets[p] as number) + (sizeAt[p] as number);
    const data = new Int32Array(this.used);
    let from = 0;
    for (let e = 0; e < n; e += 1) {
      const c = this.counts[e] as number;
      const to = offsets[place[e] as number] as number;
      for (let i = 0; i < c; i += 1) data[to + i] = this.buffer[from + i] as number;
      from += c;
    }
    return [offsets, data];
  }
}

export class TrigramIndex {
  private hits: Uint16Array | null = null;
  private touched: Int32Array | null = null;

  private constructor(
    private readonly dictionary: TrigramDictionary,
    /** Entry keys, ordered by trigram count (then as given): on equal evidence the shorter key comes first. */
    private readonly keys: readonly string[],
    /** Entry e's distinct trigram ids are grams[offsets[e] .. offsets[e + 1]). */
    private readonly offsets: Int32Array,
    private readonly grams: IdList,
    /** Null for a small index, scanned whole. */
    private readonly postings: Postings | null,
  ) {}

  /**
   * Index over distinct keys. Entries are laid out by trigram count (a stable counting sort, so
   * equal counts keep the keys' order): on equal evidence a search prefers the shorter key.
   */
  static build(keys: Iterable<string>, dictionary: TrigramDictionary): TrigramIndex {
    const keyList = [...keys];
    const n = keyList.length;
    const large = n > SMALL_INDEX;
    const grams = new Packed(n * 32);
    const words = large ? new Packed(n * 6) : null;
    for (const key of keyList) {
      const [known] = dictionary.encode(key, true);
      grams.add(dictionary.ids, known);
      if (words !== null) words.add(dictionary.words, dictionary.encodeWords(key, true));
    }
    // Counting sort of entries by trigram count.
    let longest = 0;
    for (let e = 0; e < n; e += 1) longest = Math.max(longest, grams.countOf(e));
    const firstOfCount = new Int32Array(longest + 2);
    for (let e = 0; e < n; e += 1) firstOfCount[grams.countOf(e) + 1] += 1;
    for (let c = 1; c <= longest + 1; c += 1) firstOfCount[c] += firstOfCount[c - 1] as number;
    const place = new Int32Array(n);
    for (let e = 0; e < n; e += 1) {
      const c = grams.countOf(e);
      place[e] = firstOfCount[c] as number;
      firstOfCount[c] += 1;
    }
    const sortedKeys: string[] = new Array<string>(n);
    for (let e = 0; e < n; e += 1) sortedKeys[place[e] as number] = keyList[e] as string;
    const [offsets, wideGrams] = grams.reorder(place);
    const gramData = narrowed(wideGrams, dictionary.size);
    let postings: Postings | null = null;
    if (words !== null) {
      const [wordOffsets, wordData] = words.reorder(place);
      postings = { grams: buildPostings(n, offsets, gramData, true), words: buildPostings(n, wordOffsets, wordData, false) };
    }
    return new TrigramIndex(dictionary, sortedKeys, offsets, gramData, postings);
  }

  get size(): number {
    return this.keys.length;
  }

  /** Entries whose similarity to the query is at least `threshold`, best first, then by key. */
  search(query: PreparedQuery, threshold: number): ScoredEntry[] {
    if (query.size === 0 || query.ids.length === 0 || this.keys.length === 0) return [];
    const candidates = this.postings === null ? null : this.candidates(this.postings, query);
    // Query trigrams are marked once (a bit each); an entry's common count is then one pass over its ids.
    const bits = this.dictionary.markQuery(query.ids);
    const grams = this.grams;
    const found: ScoredEntry[] = [];
    const total = candidates === null ? this.keys.length : candidates.length;
    const knownIds = query.ids.length;
    for (let n = 0; n < total; n += 1) {
      const entry = candidates === null ? n : (candidates[n] as number);
      const start = this.offsets[entry] as number;
      const end = this.offsets[entry + 1] as number;
      // The fewest common trigrams that reach the threshold: an entry that cannot share that
      // many (it is too short, or the query knows too few) is not read, and its reading stops
      // once the ids left could no longer make up the difference (most candidates fall short).
      const needed = fewestCommon(query.size, end - start, threshold);
      if (needed > end - start || needed > knownIds) continue;
      let common = 0;
      for (let i = start; i < end; i += 1) {
        const id = grams[i] as number;
        common += ((bits[id >>> 5] as number) >>> (id & 31)) & 1;
        if (common + (end - i - 1) < needed) break;
      }
      if (common === 0 || common < needed) continue;
      const score = similarity(common, query.size, end - start);
      if (score >= threshold) found.push({ key: this.keys[entry] as string, score });
    }
    this.dictionary.unmarkQuery(query.ids);
    return found.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * Entries sharing the most of the query's rarest words and trigrams, at most MAX_SCORED of
   * them. A shared word counts WORD_WEIGHT hits (a word is stronger evidence than a trigram,
   * and one list of it is cheaper to read than the lists of its trigrams).
   */
  private candidates(postings: Postings, query: PreparedQuery): number[] {
    const runs = (scratch ??= new RunScratch());
    runs.reset(query.words.length + query.ids.length);
    runs.collect(postings.words, query.words, WORD_WEIGHT);
    runs.collect(postings.grams, query.ids, 1);
    if (runs.count === 0) return [];
    // Rarest first, then in collection order (a stable sort, so this is deterministic).
    const order = runs.sortedOrder();
    const hits = (this.hits ??= new Uint16Array(this.keys.length));
    const touched = (this.touched ??= new Int32Array(POSTING_BUDGET + 1));
    let touchedCount = 0;
    let scanned = 0;
    /** No entry holds more hits than the weights of the runs read add up to. */
    let hitBound = 0;
    for (let l = 0; l < order.length; l += 1) {
      const r = (order[l] as number) % MAX_RUNS;
      const from = runs.from[r] as number;
      const to = runs.to[r] as number;
      const weight = runs.weight[r] as number;
      const data = weight === WORD_WEIGHT ? postings.words.data : postings.grams.data;
      let end = to;
      if (scanned + (to - from) > POSTING_BUDGET) {
        if (l > 0) break;
        end = from + POSTING_BUDGET;
      }
      // Branch-free: whether an entry is new is as likely as not, which a branch mispredicts.
      for (let k = from; k < end; k += 1) {
        const e = data[k] as number;
        const before = hits[e] as number;
        hits[e] = before + weight;
        touched[touchedCount] = e;
        touchedCount += (before - 1) >>> 31; // 1 when the entry had no hit yet
      }
      scanned += end - from;
      hitBound += weight;
    }
    // One pass over the touched entries (their hits are scattered reads): the count of entries
    // per hit count, and the highest count.
    const perHits = runs.perHits(hitBound + 1);
    let maxHits = 0;
    for (let t = 0; t < touchedCount; t += 1) {
      const h = hits[touched[t] as number] as number;
      perHits[h] += 1;
      if (h > maxHits) maxHits = h;
    }
    // Cut-off hit count: every entry above it, then entries at it in order of first sight.
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

/** The score of an entry of `length` trigrams sharing `common` with a query of `querySize` (see the file's head). */
function similarity(common: number, querySize: number, length: number): number {
  const dice = (2 * common) / (querySize + length);
  const containment = common / querySize;
  return Math.min(1, (dice + containment) / 2);
}

/**
 * The least common count (at least 1) whose `similarity` reaches `threshold` for an entry of
 * `length` trigrams, or length + 1 when none does. The score grows with the count, so the
 * estimate from the formula is only adjusted by a step or two, with the very arithmetic of
 * `similarity`: no entry that reaches the threshold is ever skipped.
 */
function fewestCommon(querySize: number, length: number, threshold: number): number {
  let c = Math.max(1, Math.floor(threshold / (1 / (querySize + length) + 1 / (2 * querySize))));
  while (c > 1 && similarity(c - 1, querySize, length) >= threshold) c -= 1;
  while (c <= length && similarity(c, querySize, length) < threshold) c += 1;
  return c;
}

/** Runs (query words and trigrams) exceed this count never: a query is at most 256 characters. */
const MAX_RUNS = 4096;

/**
 * The posting runs of one search, in reused typed arrays (one set per process: a search runs to
 * its end before the next starts). Run r reads data[from[r] .. to[r]) worth weight[r] hits
 * (WORD_WEIGHT: a word list, 1: a trigram list).
 */
class RunScratch {
  from = new Int32Array(512);
  to = new Int32Array(512);
  weight = new Int32Array(512);
  private keys = new Float64Array(512);
  private counts = new Int32Array(64);
  count = 0;

  reset(capacity: number): void {
    if (capacity > this.from.length) {
      this.from = new Int32Array(capacity);
      this.to = new Int32Array(capacity);
      this.weight = new Int32Array(capacity);
      this.keys = new Float64Array(capacity);
    }
    this.count = 0;
  }

  collect(lists: PostingLists, ids: readonly number[], weight: number): void {
    for (let i = 0; i < ids.length; i += 1) {
      const at = placeOf(lists, ids[i] as number);
      if (at < 0) continue;
      const r = this.count++;
      this.from[r] = lists.start[at] as number;
      this.to[r] = lists.start[at + 1] as number;
      this.weight[r] = weight;
    }
  }

  /** Run numbers as keys (length * MAX_RUNS + run) sorted ascending: shortest first, ties in run order. */
  sortedOrder(): Float64Array {
    const keys = this.keys.subarray(0, this.count);
    for (let r = 0; r < this.count; r += 1) keys[r] = ((this.to[r] as number) - (this.from[r] as number)) * MAX_RUNS + r;
    return keys.sort();
  }

  /** A zeroed count array of `size` places. */
  perHits(size: number): Int32Array {
    if (size > this.counts.length) this.counts = new Int32Array(size * 2);
    const counts = this.counts.subarray(0, size);
    counts.fill(0);
    return counts;
  }
}

let scratch: RunScratch | null = null;

function placeOf(lists: PostingLists, id: number): number {
  if (lists.places === null) return binarySearch(lists.ids, id);
  return id < lists.places.length ? (lists.places[id] as number) : -1;
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

function buildPostings(entryCount: number, offsets: Int32Array, grams: IdList, dense: boolean): PostingLists {
  let maxId = 0;
  for (let i = 0; i < grams.length; i += 1) if ((grams[i] as number) > maxId) maxId = grams[i] as number;
  const counts = new Int32Array(maxId + 1);
  for (let i = 0; i < grams.length; i += 1) counts[grams[i] as number] += 1;
  let present = 0;
  for (let id = 0; id <= maxId; id += 1) if ((counts[id] as number) > 0) present += 1;
  const ids = new Int32Array(present);
  const start = new Int32Array(present + 1);
  const places = dense ? new Int32Array(maxId + 1).fill(-1) : null;
  const cursor = counts; // reused: id -> next write position
  let at = 0;
  let total = 0;
  for (let id = 0; id <= maxId; id += 1) {
    const n = counts[id] as number;
    if (n === 0) continue;
    ids[at] = id;
    if (places !== null) places[id] = at;
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
  return { ids, places, start, data: narrowed(data, entryCount) };
}
