import type BetterSqlite3 from 'better-sqlite3';
import { listPercentiles } from '../sql/duration-lists.js';

/**
 * Functions the service's SQL calls on SQLite, registered on each of its connections (the main
 * one and the reader threads'): `duration_percentiles(list)`, a list of durations
 * (`string_agg` of whole seconds) to its continuous p50 and p90 as `p50,p90` (empty over none),
 * computed where the statement runs, so a year of the call analytics' lists is read on a reader
 * thread, not on the event loop (ADR 0058). Each number is JavaScript's shortest text for it,
 * which reads back to the same double.
 */
export function addSqliteFunctions(db: BetterSqlite3.Database): void {
  db.function('duration_percentiles', { deterministic: true }, (list: unknown) => {
    if (typeof list !== 'string') return null;
    const [p50, p90] = listPercentiles([list]);
    return p50 === null ? null : `${p50},${p90}`;
  });
}
