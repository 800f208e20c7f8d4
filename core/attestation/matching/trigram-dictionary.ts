/**
 * Character trigrams of normalised keys as small dense integer ids, for the fuzzy index
 * (trigram-index.ts). A key is padded with one space each side, so that word starts and ends
 * count: "sea" has the trigrams " se", "sea", "ea ".
 *
 * Built for speed on a corpus build (a million trigrams): letters get small ids, so that a
 * trigram packs into one integer; trigrams of the first 63 letters seen (the Latin alphabet,
 * digits, space) find their dense id in a flat array, others in an open-addressing table.
 * Encoding writes into reused buffers, dedupes with a stamp array and never sorts.
 */

/** Queries are cut to this many characters for fuzzy search (exact lookups use the whole key). */
export const MAX_FUZZY_QUERY_CHARS = 256;

/** Letters 1..63 pack three to 18 bits: their trigrams are looked up in a flat array. */
const SMALL_BITS = 6;
const SMALL_LETTERS = 1 << SMALL_BITS;
/** Other letters pack three to 30 bits, looked up in a hash table. */
const LARGE_BITS = 10;
/** Id shared by letters beyond the first 1,022 seen (rare scripts): a coarser match, no error. */
const OVERFLOW_LETTER = (1 << LARGE_BITS) - 1;
const UNKNOWN = -1;

/** Distinct trigrams of a key, as strings (for reading and tests). */
export function trigramsOf(key: string): string[] {
  if (key === '') return [];
  const padded = ` ${key} `;
  const seen = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) seen.add(padded.slice(i, i + 3));
  return [...seen];
}

/** Non-negative integer -> integer map by open addressing (several times faster than a Map here). */
class IntTable {
  private keys: Int32Array;
  private values: Int32Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1 << 14) {
    this.keys = new Int32Array(capacity).fill(-1);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  private slot(key: number): number {
    let at = (Math.imul(key, 0x9e3779b1) >>> 0) & this.mask;
    for (;;) {
      const held = this.keys[at] as number;
      if (held === key || held === -1) return at;
      at = (at + 1) & this.mask;
    }
  }

  /** The value of `key`, or -1. */
  get(key: number): number {
    const at = this.slot(key);
    return this.keys[at] === key ? (this.values[at] as number) : -1;
  }

  /** Stores a value under a key the table does not hold yet. */
  set(key: number, value: number): void {
    const at = this.slot(key);
    this.keys[at] = key;
    this.values[at] = value;
    this.size += 1;
    if (this.size * 2 > this.keys.length) this.grow();
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.values = new Int32Array(keys.length * 2);
    this.mask = this.keys.length - 1;
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[i] as number;
      if (key === -1) continue;
      const at = this.slot(key);
      this.keys[at] = key;
      this.values[at] = values[i] as number;
    }
  }
}

export interface PreparedQuery {
  /** Distinct ids of the query trigrams the dictionary knows (in no particular order). */
  ids: readonly number[];
  /** Number of distinct query trigrams, known or not. */
  size: number;
  /** Distinct ids of the query words the dictionary knows. */
  words: readonly number[];
}

/**
 * Trigram ids shared by all the indexes of one corpus index. Ids are handed out while the
 * indexes are built (`encode` with `intern`); a query only looks them up (`prepare`).
 */
export class TrigramDictionary {
  /** Letter ids of code units below 128; 0 when not assigned yet. */
  private readonly asciiLetters = new Int32Array(128);
  private readonly otherLetters = new Map<number, number>();
  private letterCount = 0;
  /** Dense id of a trigram of small letters, by packed code; -1 when unknown. */
  private readonly smallIds = new Int32Array(1 << (3 * SMALL_BITS)).fill(-1);
  private readonly largeIds = new IntTable();
  private count = 0;
  /** Per dense id, the number of the last key that produced it (dedupes without sorting). */
  private seen = new Int32Array(1 << 14);
  private stamp = 0;
  /** Output of the last `encode`: distinct ids in its first places. */
  ids = new Int32Array(256);
  /** Words (whole tokens) by hash, to dense word ids: a second, coarser kind of evidence. */
  private readonly wordIds = new IntTable(1 << 12);
  /** Output of the last `encodeWords`: distinct word ids in its first places. */
  words = new Int32Array(64);

  private letterId(code: number, intern: boolean): number {
    let id = code < 128 ? (this.asciiLetters[code] as number) : (this.otherLetters.get(code) ?? 0);
    if (id === 0) {
      if (!intern) return UNKNOWN;
      this.letterCount += 1;
      id = this.letterCount < OVERFLOW_LETTER ? this.letterCount : OVERFLOW_LETTER;
      if (code < 128) this.asciiLetters[code] = id;
      else this.otherLetters.set(code, id);
    }
    return id;
  }

  /** Dense id of the trigram (a, b, c) of letter ids, interned or -1. */
  private trigramId(a: number, b: number, c: number, intern: boolean): number {
    if (a < SMALL_LETTERS && b < SMALL_LETTERS && c < SMALL_LETTERS) {
      const code = (a << (2 * SMALL_BITS)) | (b << SMALL_BITS) | c;
      const id = this.smallIds[code] as number;
      if (id >= 0 || !intern) return id;
      this.smallIds[code] = this.count;
      return this.newId();
    }
    const code = (a << (2 * LARGE_BITS)) | (b << LARGE_BITS) | c;
    const id = this.largeIds.get(code);
    if (id >= 0 || !intern) return id;
    this.largeIds.set(code, this.count);
    return this.newId();
  }

  private newId(): number {
    const id = this.count;
    this.count += 1;
    if (this.count > this.seen.length) {
      const grown = new Int32Array(this.seen.length * 2);
      grown.set(this.seen);
      this.seen = grown;
    }
    return id;
  }

  /**
   * Encodes a key into `this.ids` (distinct known ids) and returns
   * [number of ids, number of distinct trigrams known or not]. With `intern`, unknown trigrams
   * get new ids; without it they only count in the second number.
   */
  encode(key: string, intern: boolean): [number, number] {
    const length = key.length; // a key padded with a space each side has as many trigrams as characters
    if (length === 0) return [0, 0];
    if (this.ids.length < length) this.ids = new Int32Array(length * 2);
    const stamp = this.nextStamp();
    const ids = this.ids;
    const space = this.letterId(0x20, true);
    let known = 0;
    let unknown = 0;
    let a = space;
    let b = this.letterId(key.charCodeAt(0), intern);
    for (let i = 0; i < length; i += 1) {
      const c = i + 1 < length ? this.letterId(key.charCodeAt(i + 1), intern) : space;
      if (a === UNKNOWN || b === UNKNOWN || c === UNKNOWN) unknown += 1; // a letter never seen: each counts
      else {
        const id = this.trigramId(a, b, c, intern);
        if (id < 0) unknown += 1; // known letters, unknown trigram: counted once per occurrence
        else if (this.seen[id] !== stamp) {
          this.seen[id] = stamp;
          ids[known++] = id;
        }
      }
      a = b;
      b = c;
    }
    return [known, known + unknown];
  }

  /**
   * Encodes the words of a key (space-separated) into `this.words` as distinct dense word ids
   * and returns their number. Words are told apart by a 31-bit hash: a rare collision merges two
   * words' lists, which only widens a candidate list (candidates are scored exactly).
   */
  encodeWords(key: string, intern: boolean): number {
    let count = 0;
    let hash = 0x811c9dc5;
    let inWord = false;
    for (let i = 0; i <= key.length; i += 1) {
      const code = i < key.length ? key.charCodeAt(i) : 0x20;
      if (code !== 0x20) {
        hash = Math.imul(hash ^ code, 0x01000193);
        inWord = true;
        continue;
      }
      if (!inWord) continue;
      const wordKey = hash & 0x7fffffff;
      let id = this.wordIds.get(wordKey);
      if (id < 0 && intern) {
        id = this.wordIds.size;
        this.wordIds.set(wordKey, id);
      }
      let fresh = id >= 0;
      for (let w = 0; w < count && fresh; w += 1) if (this.words[w] === id) fresh = false;
      if (fresh) {
        if (count === this.words.length) {
          const grown = new Int32Array(count * 2);
          grown.set(this.words);
          this.words = grown;
        }
        this.words[count++] = id;
      }
      hash = 0x811c9dc5;
      inWord = false;
    }
    return count;
  }

  private nextStamp(): number {
    if (this.stamp >= 0x3fffffff) {
      this.seen.fill(0);
      this.stamp = 0;
    }
    this.stamp += 1;
    return this.stamp;
  }

  /**
   * One bit per trigram id, set for the ids of the query being scored (`markQuery`), clear
   * otherwise: about a kilobyte for the corpus's ~9,000 trigrams, so that the scoring loop's
   * look-ups stay in the processor's first-level cache, and a count is a sum of bits, not a
   * branch per trigram.
   */
  private queryBits = new Int32Array(1 << 9);

  /** Sets the bits of `ids` (a query's); `unmarkQuery` with the same ids clears them again. */
  markQuery(ids: readonly number[]): Int32Array {
    const words = (this.count >>> 5) + 1;
    if (this.queryBits.length < words) this.queryBits = new Int32Array(words * 2);
    const bits = this.queryBits;
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] as number;
      bits[id >>> 5] |= 1 << (id & 31);
    }
    return bits;
  }

  unmarkQuery(ids: readonly number[]): void {
    const bits = this.queryBits;
    for (let i = 0; i < ids.length; i += 1) bits[(ids[i] as number) >>> 5] = 0;
  }

  /** The query form of a key: its known trigram ids and its distinct trigram count. */
  prepare(key: string): PreparedQuery {
    const cut = key.length > MAX_FUZZY_QUERY_CHARS ? key.slice(0, MAX_FUZZY_QUERY_CHARS).trim() : key;
    const [known, size] = this.encode(cut, false);
    // Plain arrays: a typed array's slice costs a runtime call, about half a microsecond.
    const ids = copyOf(this.ids, known);
    const words = copyOf(this.words, this.encodeWords(cut, false));
    return { ids, size, words };
  }

  /** Number of distinct trigrams known; ids run from 0 to size - 1. */
  get size(): number {
    return this.count;
  }
}

/** The first `count` values of `from`. */
function copyOf(from: Int32Array, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) out.push(from[i] as number);
  return out;
}
