import { selectedPercentiles } from '../../core/calls/call-stats.model.js';

/**
 * Lists of call durations as the database concatenates them (`string_agg` of whole seconds,
 * comma-separated): the calls per hour keep each hour's so (ADR 0058), and the call analytics
 * take a period's percentiles from them.
 */

/**
 * The durations of comma-separated texts, in their order, in `into` (room for them all): each text
 * copied to bytes (its characters are digits and commas, one byte each in Latin-1: a native copy),
 * then read byte by byte, faster than `charCodeAt` on the string (1.2 against 1.9 ms for a year's
 * 470 KB). Whole numbers of a few digits as they come; anything else as JavaScript reads it. An
 * empty text holds none.
 */
export function readDurations(texts: readonly string[], into: Float64Array): Float64Array {
  let n = 0;
  for (const text of texts) {
    if (text === '') continue;
    const bytes = Buffer.from(text, 'latin1');
    let value = 0;
    let start = 0;
    let digits = true;
    for (let i = 0; i <= bytes.length; i++) {
      const c = i < bytes.length ? bytes[i] : 44;
      if (c === 44) {
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
  return selectedPercentiles(readDurations(texts, scratch), 0.5, 0.9);
}

/** The durations of one list, in an array of their own (a number takes at least two characters with its comma). */
export function durationList(text: string): Float64Array {
  return readDurations([text], new Float64Array((text.length + 2) >> 1));
}
