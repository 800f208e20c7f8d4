/**
 * Character trigrams of normalised keys as small dense integer ids, for the fuzzy index
 * (trigram-index.ts). A key is padded with one space each side, so that word starts and ends
 * count: "sea" has the trigrams " se", "sea", "ea ".
 *
 * Built for speed on a corpus build (a million trigrams): letters get 10-bit ids so a trigram
 * packs into one 30-bit integer, an open-addressing table maps it to a dense id, and encoding
 * writes into reused buffers instead of allocating per key.
 */

/** Queries are cut to this many characters for fuzzy search (exact lookups use the whole key). */
export const MAX_FUZZY_QUERY_CHARS = 256;

const ALPHABET_BITS = 10;
/** Id shared by letters beyond the first 1,022 seen (rare scripts): a coarser match, no error. */
const OVERFLOW_LETTER = (1 << ALPHABET_BITS) - 1;
const UNKNOWN = -1;

/** Distinct trigrams of a key, as strings (for reading and tests). */
export function trigramsOf(key: string): string[] {
  if (key === '') return [];
  const padded = ` ${key} `;
  const seen = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) seen.add(padded.slice(i, i + 3));
  return [...seen];
}

/** Sorts values[lo..hi] in place: quicksort (median of three), insertion sort on short runs. */
function sortRange(values: Int32Array, lo: number, hi: number): void {
  while (hi - lo > 16) {
    const mid = (lo + hi) >>> 1;
    const a = values[lo] as number;
    const b = values[mid] as number;
    const c = values[hi] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i += 1;
        j -= 1;
      }
    }
    // Recurse into the smaller side, loop on the larger: the stack stays shallow.
    if (j - lo < hi - i) {
      sortRange(values, lo, j);
      lo = i;
    } else {
      sortRange(values, i, hi);
      hi = j;
    }
  }
  for (let k = lo + 1; k <= hi; k += 1) {
    const v = values[k] as number;
    let m = k - 1;
    while (m >= lo && (values[m] as number) > v) {
      values[m + 1] = values[m] as number;
      m -= 1;
    }
    values[m + 1] = v;
  }
}

/** Sorts the first `count` values in place, without allocating. */
function sortPrefix(values: Int32Array, count: number): void {
  if (count > 1) sortRange(values, 0, count - 1);
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

  /** The value of `key`, or the next dense id (`size`) stored under it when it has none. */
  intern(key: number): number {
    const at = this.slot(key);
    if (this.keys[at] === key) return this.values[at] as number;
    const id = this.size;
    this.keys[at] = key;
    this.values[at] = id;
    this.size += 1;
    if (this.size * 2 > this.keys.length) this.grow();
    return id;
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
  /** Sorted ids of the query trigrams the dictionary knows. */
  ids: Int32Array;
  /** Number of distinct query trigrams, known or not. */
  size: number;
}

/**
 * Trigram ids shared by all the indexes of one corpus index. Ids are handed out while the
 * indexes are built (`encode`); a query only looks them up (`prepare`).
 */
export class TrigramDictionary {
  /** Letter ids of code units below 128; 0 when not assigned yet. */
  private readonly asciiLetters = new Int32Array(128);
  private readonly otherLetters = new Map<number, number>();
  private letterCount = 0;
  private readonly table = new IntTable();
  private codes = new Int32Array(256);
  /** Output of the last `encode`: sorted distinct ids in its first `encode()` places. */
  ids = new Int32Array(256);

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

  /**
   * Encodes a key into `this.ids` (sorted distinct known ids) and returns
   * [number of ids, number of distinct trigrams known or not]. With `intern`, unknown trigrams
   * get new ids; without it they only count in the second number.
   */
  encode(key: string, intern: boolean): [number, number] {
    const count = key.length; // a key padded with a space each side has as many trigrams as characters
    if (count === 0) return [0, 0];
    if (this.codes.length < count) {
      this.codes = new Int32Array(count * 2);
      this.ids = new Int32Array(count * 2);
    }
    const codes = this.codes;
    const space = this.letterId(0x20, true);
    let a = space;
    let b = this.letterId(key.charCodeAt(0), intern);
    for (let i = 0; i < count; i += 1) {
      const c = i + 1 < count ? this.letterId(key.charCodeAt(i + 1), intern) : space;
      codes[i] = a === UNKNOWN || b === UNKNOWN || c === UNKNOWN ? UNKNOWN : (a << (2 * ALPHABET_BITS)) | (b << ALPHABET_BITS) | c;
      a = b;
      b = c;
    }
    sortPrefix(codes, count);
    const ids = this.ids;
    let known = 0;
    let size = 0;
    let previous = UNKNOWN;
    for (let i = 0; i < count; i += 1) {
      const code = codes[i] as number;
      if (code === UNKNOWN) {
        size += 1; // trigrams with a letter never seen cannot be told apart: each counts
        continue;
      }
      if (code === previous) continue;
      previous = code;
      size += 1;
      const id = intern ? this.table.intern(code) : this.table.get(code);
      if (id >= 0) ids[known++] = id;
    }
    sortPrefix(ids, known);
    return [known, size];
  }

  /** The query form of a key: its known trigram ids and its distinct trigram count. */
  prepare(key: string): PreparedQuery {
    const cut = key.length > MAX_FUZZY_QUERY_CHARS ? key.slice(0, MAX_FUZZY_QUERY_CHARS).trim() : key;
    const [known, size] = this.encode(cut, false);
    return { ids: this.ids.slice(0, known), size };
  }

  /** Number of distinct trigrams known. */
  get size(): number {
    return this.table.size;
  }
}
