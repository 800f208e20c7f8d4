import { selectedPercentiles } from '../../core/calls/call-stats.model.js';

/**
 * Lists of call durations as the database concatenates them (`string_agg` of whole seconds,
 * comma-separated): the calls per hour keep each hour's so (ADR 0058), and the call analytics
 * take a period's percentiles from them.
 */

/** The durations of comma-separated texts, in their order, in `into` (room for them all): read character by character. */
export function readDurations(texts: readonly string[], into: Float64Array): Float64Array {
  let n = 0;
  for (const text of texts) {
    let value = 0;
    let start = 0;
    let digits = true;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 44;
      if (c === 44) {
        // Whole numbers of a few digits as they come; anything else as JavaScript reads it.
        into[n++] = digits && i > start && i - start < 16 ? value : Number(text.slice(start, i));
        value = 0;
        start = i + 1;
        digits = true;
      } else if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
      else digits = false;
    }
  }
  return into.subarray(0, n);
}

let scratch = new Float64Array(4096);

/** The continuous p50 and p90 of the durations of some lists (null over none), exactly as `percentile_cont`. */
export function listPercentiles(texts: readonly string[]): [number | null, number | null] {
  let room = texts.length;
  for (const text of texts) room += text.length >> 1;
  if (scratch.length < room) scratch = new Float64Array(room * 2);
  return selectedPercentiles(readDurations(texts.filter((t) => t !== ''), scratch), 0.5, 0.9);
}

/** The durations of one list, in a array of their own (its length exactly their number). */
export function durationList(text: string): Float64Array {
  let commas = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) commas++;
  return text === '' ? new Float64Array(0) : readDurations([text], new Float64Array(commas + 1));
}
