import { selectedPercentiles } from '../../core/calls/call-stats.model.js';

/**
 * Lists of call durations as the database concatenates them (`string_agg` of whole seconds,
 * comma-separated): the calls per hour keep each hour's so (ADR 0058), and the call analytics
 * take a period's percentiles from them.
 *
 * They are read into scratch space this module keeps between calls (bytes and numbers), not into
 * arrays of their own: a year's lists are ~200,000 numbers a request, and fresh arrays that size
 * (1.6 MB, and the texts' bytes again) made the collector run its old generation during requests
 * (the slowest of PostgreSQL's, ADR 0058). Every function here is synchronous, so two requests
 * never share the space; space grown past `KEPT_VALUES` is let go once read.
 */

/** Numbers (8 MB), and bytes (1 MB), the scratch keeps between calls; more is allocated for one call and released. */
const KEPT_VALUES = 1 << 20;
let bytes = Buffer.allocUnsafe(1 << 16);
let values = new Float64Array(1 << 13);
/** The second space `crossPercentiles` gathers groups in. */
let spare = new Float64Array(0);

/** The scratch numbers, with room for at least `room`. */
function valuesFor(room: number): Float64Array {
  if (values.length < room) values = new Float64Array(Math.max(room, values.length * 2));
  return values;
}

/** Lets go of scratch space grown past what is kept. */
function release(): void {
  if (values.length > KEPT_VALUES) values = new Float64Array(1 << 13);
  if (spare.length > KEPT_VALUES) spare = new Float64Array(0);
  if (bytes.length > KEPT_VALUES) bytes = Buffer.allocUnsafe(1 << 16);
}

/** Room for every number of some texts: a number takes at least two characters with its comma. */
const roomFor = (texts: readonly string[]) => texts.reduce((n, text) => n + ((text.length + 2) >> 1), 0);

/**
 * The numbers of a comma-separated text, in their order, in `into` (room for them all; see
 * `roomFor`), from `at` on; returns where they end. The text is written as bytes into the
 * scratch (its characters are digits and commas, one byte each in Latin-1: a native copy), then
 * read byte by byte, faster than `charCodeAt` on the string (1.2 against 1.9 ms for a year's
 * 470 KB). Whole numbers of a few digits as they come; anything else as JavaScript reads it. An
 * empty text holds none.
 */
function readInto(text: string, into: Float64Array, at: number): number {
  if (text === '') return at;
  if (bytes.length < text.length) bytes = Buffer.allocUnsafe(Math.max(text.length, bytes.length * 2));
  const length = bytes.write(text, 0, 'latin1');
  let n = at;
  let value = 0;
  let start = 0;
  let digits = true;
  for (let i = 0; i <= length; i++) {
    const c = i < length ? bytes[i] : 44;
    if (c === 44) {
      into[n++] = digits && i > start && i - start < 16 ? value : Number(text.slice(start, i));
      value = 0;
      start = i + 1;
      digits = true;
    } else if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
    else digits = false;
  }
  return n;
}

/** The numbers of one comma-separated text, in their order, in an array of their own. */
export function readNumbers(text: string): Float64Array {
  const n = readInto(text, valuesFor(roomFor([text])), 0);
  const numbers = values.slice(0, n);
  release();
  return numbers;
}

/** The continuous p50 and p90 of the durations of some lists (null over none), exactly as `percentile_cont`. */
export function listPercentiles(texts: readonly string[]): [number | null, number | null] {
  const into = valuesFor(roomFor(texts));
  const n = texts.reduce((at, text) => readInto(text, into, at), 0);
  const percentiles = selectedPercentiles(values.subarray(0, n), 0.5, 0.9);
  release();
  return percentiles;
}

type Percentiles = [number | null, number | null];

/**
 * The p50 and p90 of lists grouped two ways, and of all of them together: by runs of consecutive
 * lists (`runEnds`, each run's end, ascending: a period's lists), and by `groupOf` (each list's
 * group, 0 to `groups` − 1: an agent's). The lists are read end to end into the scratch, each
 * group's parts copied into a second space together (its percentiles then found there, which
 * reorders only that copy), then each run's percentiles found in its own part of the first (which
 * reorders only that part), then the whole's. A single group is the whole.
 */
export function crossPercentiles(texts: readonly string[], runEnds: readonly number[], groupOf: readonly number[], groups: number): { runs: Percentiles[]; groups: Percentiles[]; all: Percentiles } {
  const into = valuesFor(roomFor(texts));
  const offsets = new Int32Array(texts.length + 1);
  let n = 0;
  texts.forEach((text, i) => {
    offsets[i] = n;
    n = readInto(text, into, n);
  });
  offsets[texts.length] = n;
  let byGroup: Percentiles[] = [];
  if (groups > 1) {
    if (spare.length < n) spare = new Float64Array(Math.max(n, spare.length * 2));
    const starts = new Int32Array(groups + 1);
    texts.forEach((_, i) => (starts[groupOf[i] + 1] += offsets[i + 1] - offsets[i]));
    for (let g = 0; g < groups; g++) starts[g + 1] += starts[g];
    const at = starts.slice(0, groups);
    texts.forEach((_, i) => {
      spare.set(into.subarray(offsets[i], offsets[i + 1]), at[groupOf[i]]);
      at[groupOf[i]] += offsets[i + 1] - offsets[i];
    });
    byGroup = Array.from({ length: groups }, (_, g) => selectedPercentiles(spare.subarray(starts[g], starts[g + 1]), 0.5, 0.9));
  }
  const runs = runEnds.map((end, r) => selectedPercentiles(into.subarray(offsets[r === 0 ? 0 : runEnds[r - 1]], offsets[end]), 0.5, 0.9));
  const all = selectedPercentiles(into.subarray(0, n), 0.5, 0.9);
  if (groups === 1) byGroup = [all];
  release();
  return { runs, groups: byGroup, all };
}
