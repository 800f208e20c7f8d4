import { CALL_STATUSES, CHANNELS, DIRECTIONS, type CallStatus, type Channel, type Direction } from './call.model.js';

/**
 * Call analytics (issue 27): what a store aggregates (`CallAggregates`, raw sums the database
 * computes) and what the API answers (`CallStats`, figures rounded once, here, so every
 * adapter's answer is the same document).
 */

/** The most periods one request may ask for (a little under three years of days). */
export const MAX_STATS_PERIODS = 1000;

/** A period the store buckets calls into: started_at in [start, end), normalised instants. */
export interface PeriodRange {
  start: string;
  end: string;
}

/** Durations of a group of calls as the database sums them; percentiles are continuous (interpolated). */
export interface DurationAggregate {
  calls: number;
  total_seconds: number;
  /** percentile_cont(0.5) of duration_seconds; null for no calls. */
  p50: number | null;
  /** percentile_cont(0.9) of duration_seconds; null for no calls. */
  p90: number | null;
}

export interface AgentAggregate extends DurationAggregate {
  agent_id: string | null;
  by_status: Record<CallStatus, number>;
}

/** One period's calls: their durations, and how many have each channel, direction and status. */
export interface PeriodAggregate extends DurationAggregate {
  /** Index into the periods asked. */
  period: number;
  by_channel: Record<Channel, number>;
  by_direction: Record<Direction, number>;
  by_status: Record<CallStatus, number>;
}

/** Everything a stats answer is made of, computed by the store over the calls a filter keeps. */
export interface CallAggregates {
  /** Per period; periods without calls may be absent. */
  periods: PeriodAggregate[];
  /** Durations over every call the filter keeps. */
  total: DurationAggregate;
  /** Per agent (null: calls without an agent), in any order. */
  agents: AgentAggregate[];
}

export interface DurationFigures {
  mean_seconds: number | null;
  p50_seconds: number | null;
  p90_seconds: number | null;
}

export interface CallCounts {
  calls: number;
  by_channel: Record<Channel, number>;
  by_direction: Record<Direction, number>;
  by_status: Record<CallStatus, number>;
}

export interface StatsPeriod extends CallCounts {
  start: string;
  end: string;
  /** The local date the period begins on, in the workspace's time zone. */
  date: string;
  duration: DurationFigures;
}

export interface AgentStats {
  agent_id: string | null;
  calls: number;
  by_status: Record<CallStatus, number>;
  duration: DurationFigures;
}

export interface CallStats {
  timezone: string;
  bucket: string;
  /** The window the figures cover: the query's bounds, or the first and last matching call's periods. */
  from: string | null;
  to: string | null;
  totals: CallCounts & { duration: DurationFigures };
  periods: StatsPeriod[];
  /** Most calls first, then agent_id (calls without an agent last). */
  agents: AgentStats[];
}

const zeros = <K extends string>(keys: readonly K[]): Record<K, number> => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export const emptyCounts = (): CallCounts => ({ calls: 0, by_channel: zeros(CHANNELS), by_direction: zeros(DIRECTIONS), by_status: zeros(CALL_STATUSES) });
export const emptyByStatus = (): Record<CallStatus, number> => zeros(CALL_STATUSES);

/** Tenths of a second: percentiles of whole seconds at 0.5 and 0.9 never fall on a rounding tie. */
const tenths = (x: number) => Math.round(x * 10) / 10;

export function durationFigures(d: DurationAggregate | undefined): DurationFigures {
  if (!d || d.calls === 0) return { mean_seconds: null, p50_seconds: null, p90_seconds: null };
  return {
    mean_seconds: tenths(d.total_seconds / d.calls),
    p50_seconds: d.p50 === null ? null : tenths(d.p50),
    p90_seconds: d.p90 === null ? null : tenths(d.p90),
  };
}

/**
 * The continuous percentile of sorted values, as PostgreSQL's and SQLite's `percentile_cont`
 * compute it: linear interpolation between the two values around (n - 1) × p. For fakes and
 * tests; the SQL stores ask the database.
 */
export function percentileCont(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/**
 * `percentileCont` of unsorted values at p and q (p ≤ q), without sorting them (ADR 0058): the
 * values at the ranks each needs, ⌊f(n − 1)⌋ and ⌈f(n − 1)⌉, are found by selection
 * (quickselect, linear on average), and interpolated as `percentileCont` does, so the same
 * numbers to the bit. Reorders `values` in place. `work`: how many times n values each selection
 * may read before it sorts what is left of its range instead (`select`); lowered by tests only.
 */
export function selectedPercentiles(values: Float64Array, p: number, q: number, work = SELECT_WORK): [number | null, number | null] {
  const n = values.length;
  if (n === 0) return [null, null];
  const at = (f: number, from: number): [number, number] => {
    const rank = f * (n - 1);
    const lo = Math.floor(rank);
    select(values, from, n - 1, lo, work * (n - from));
    // Every value after rank lo is at least values[lo]: the next rank's value is their least.
    let hi = values[lo];
    if (Math.ceil(rank) !== lo) {
      hi = values[lo + 1];
      for (let i = lo + 2; i < n; i++) if (values[i] < hi) hi = values[i];
    }
    return [lo, values[lo] + (hi - values[lo]) * (rank - lo)];
  };
  const [lo, first] = at(p, 0);
  // q's ranks are at or after p's: only the values from p's rank on need ordering.
  return [first, at(q, lo)[1]];
}

/**
 * Values a selection may read, as a multiple of its range: quickselect reads about 3n on
 * shuffled values and up to ~20n on unlucky layouts (an organ pipe), but values a client lays out
 * against the pivot rule (a tenant's call durations) could make it read n²/2. Past this, what is
 * left of the range is sorted: n log n at worst. At 8 or 16 the organ pipe of 100,000 values
 * took 13–16 ms instead of 6.5 (its sort starting too soon); at 32, 7.0.
 */
const SELECT_WORK = 32;

/**
 * Puts the value of rank k (0-based, among values[left..right]) at k, smaller before, larger
 * after, reading at most about `budget` values before it sorts the range left instead.
 */
function select(values: Float64Array, left: number, right: number, k: number, budget: number): void {
  while (right > left) {
    budget -= right - left + 1;
    if (budget < 0) {
      // A typed array sorts by numeric value; every value of the range lands at its rank.
      values.subarray(left, right + 1).sort();
      return;
    }
    // Median of three as the pivot: sorted input (durations often arrive so) stays linear.
    const mid = (left + right) >>> 1;
    if (values[mid] < values[left]) swap(values, mid, left);
    if (values[right] < values[left]) swap(values, right, left);
    if (values[right] < values[mid]) swap(values, right, mid);
    const pivot = values[mid];
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        swap(values, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

function swap(values: Float64Array, a: number, b: number): void {
  const t = values[a];
  values[a] = values[b];
  values[b] = t;
}

/** The durations aggregate of a group of calls, by definition (fakes and tests). */
export function aggregateDurations(durations: readonly number[]): DurationAggregate {
  const sorted = [...durations].sort((a, b) => a - b);
  return { calls: sorted.length, total_seconds: sorted.reduce((s, d) => s + d, 0), p50: percentileCont(sorted, 0.5), p90: percentileCont(sorted, 0.9) };
}

/**
 * How many calls lasted each number of seconds (ADR 0057): `durations` ascending and distinct,
 * `calls[i]` the calls that lasted `durations[i]` (positive). Durations are whole seconds, so a
 * window's calls fold into as many entries as distinct durations, and every figure a group of
 * calls shows (count, seconds, continuous percentiles) follows exactly from its histogram. Two
 * parallel arrays (typed, where they are built), not an array of pairs: a year's histogram has
 * some 13,000 entries, read on the event loop.
 */
export interface DurationHistogram {
  readonly durations: ArrayLike<number>;
  readonly calls: ArrayLike<number>;
}

/** The calls a histogram counts. */
export function histogramCalls(h: DurationHistogram): number {
  let n = 0;
  for (let i = 0; i < h.calls.length; i++) n += h.calls[i];
  return n;
}

/**
 * `percentileCont` of the durations a histogram counts, without spelling them out: the values
 * at ranks ⌊p(n − 1)⌋ and ⌈p(n − 1)⌉ of the sorted durations, found by walking the counts, and
 * the same interpolation between them (so the same number, to the bit).
 */
export function histogramPercentileCont(histogram: DurationHistogram, p: number, calls = histogramCalls(histogram)): number | null {
  if (calls === 0) return null;
  const at = p * (calls - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  let low = 0;
  let seen = 0;
  for (let i = 0; i < histogram.durations.length; i++) {
    const before = seen;
    seen += histogram.calls[i];
    if (before <= lo && lo < seen) low = histogram.durations[i];
    if (hi < seen) return low + (histogram.durations[i] - low) * (at - lo);
  }
  throw new Error('unreachable: the ranks are below the histogram count');
}

/** Continuous p50 and p90 of the calls a histogram counts (`calls`: their number, when known). */
export function histogramPercentiles(histogram: DurationHistogram, calls = histogramCalls(histogram)): Pick<DurationAggregate, 'p50' | 'p90'> {
  return { p50: histogramPercentileCont(histogram, 0.5, calls), p90: histogramPercentileCont(histogram, 0.9, calls) };
}

/** Count, seconds and percentiles of the calls a histogram counts (ADR 0057). */
export function histogramDurations(histogram: DurationHistogram): DurationAggregate {
  let seconds = 0;
  for (let i = 0; i < histogram.durations.length; i++) seconds += histogram.durations[i] * histogram.calls[i];
  const calls = histogramCalls(histogram);
  return { calls, total_seconds: seconds, ...histogramPercentiles(histogram, calls) };
}

/** The histogram of two groups' calls together: their entries merged by duration. */
function mergeTwo(a: DurationHistogram, b: DurationHistogram): DurationHistogram {
  const durations = new Float64Array(a.durations.length + b.durations.length);
  const calls = new Float64Array(durations.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.durations.length || j < b.durations.length) {
    const fromA = j >= b.durations.length || (i < a.durations.length && a.durations[i] <= b.durations[j]);
    const fromB = i >= a.durations.length || (j < b.durations.length && b.durations[j] <= a.durations[i]);
    durations[k] = fromA ? a.durations[i] : b.durations[j];
    calls[k++] = (fromA ? a.calls[i++] : 0) + (fromB ? b.calls[j++] : 0);
  }
  return { durations: durations.subarray(0, k), calls: calls.subarray(0, k) };
}

/** The histogram of the calls of several groups, merged two at a time (n log k for k histograms). */
export function mergeHistograms(histograms: readonly DurationHistogram[]): DurationHistogram {
  if (histograms.length === 0) return { durations: [], calls: [] };
  if (histograms.length === 1) return histograms[0];
  const half = histograms.length >> 1;
  return mergeTwo(mergeHistograms(histograms.slice(0, half)), mergeHistograms(histograms.slice(half)));
}
