/**
 * Calendar periods of a time zone as UTC instants (ADR 0043): where a local day, ISO week
 * (Monday) or month begins, daylight-saving changes included. ECMAScript's own `Intl` (the
 * time zone database the runtime ships, as `isTimeZone` already reads it), no I/O: every
 * adapter buckets on these same boundaries, so memory, SQLite and PostgreSQL agree.
 */
export const STATS_BUCKETS = ['day', 'week', 'month'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];

/** A local calendar date. `month` 1-12. */
interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `timeZone` at `ms`, as if it were UTC (milliseconds dropped). */
function wallClock(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at `ms`, in milliseconds (positive east of Greenwich). */
const offsetAt = (timeZone: string, ms: number) => wallClock(timeZone, ms) - Math.floor(ms / 1000) * 1000;

function localDateAt(timeZone: string, ms: number): LocalDate {
  const d = new Date(wallClock(timeZone, ms));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day);

/**
 * The first instant of local date `d`: local midnight, the earlier one when midnight happens
 * twice, and the end of the gap when a daylight-saving change skips midnight.
 */
function startOfLocalDay(timeZone: string, d: LocalDate): number {
  const midnight = dayNumber(d);
  const offsets = new Set([offsetAt(timeZone, midnight - 86_400_000), offsetAt(timeZone, midnight), offsetAt(timeZone, midnight + 86_400_000)]);
  const exact = [...offsets].map((o) => midnight - o).filter((t) => wallClock(timeZone, t) === midnight);
  if (exact.length > 0) return Math.min(...exact);
  // Midnight does not exist that day: the day begins where the gap ends, the first instant
  // whose local date is `d` (found by halving the two-day window: at most 28 steps).
  let lo = midnight - 86_400_000 - 14 * 3_600_000;
  let hi = midnight + 14 * 3_600_000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayNumber(localDateAt(timeZone, mid)) >= midnight) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * `startOfLocalDay` of `d`, first tried with `offset`, the zone's offset at the previous
 * boundary: local midnight at that offset is `d`'s first instant when the zone still has that
 * offset there (one look-up; the full search takes five, which made a year by day cost ~18 ms).
 * An earlier midnight of `d` would need the offset to change and change back within the day
 * between the two boundaries, which `startOfLocalDay` does not consider either. Otherwise (a
 * change since, every few months) the full search.
 */
function nextStartOfLocalDay(timeZone: string, d: LocalDate, offset: number): { start: number; offset: number } {
  const candidate = dayNumber(d) - offset;
  if (offsetAt(timeZone, candidate) === offset) return { start: candidate, offset };
  const start = startOfLocalDay(timeZone, d);
  return { start, offset: offsetAt(timeZone, start) };
}

/** The local date a bucket holding `d` begins on. */
function bucketDateOf(bucket: StatsBucket, d: LocalDate): LocalDate {
  if (bucket === 'day') return d;
  if (bucket === 'month') return { ...d, day: 1 };
  const weekday = (new Date(dayNumber(d)).getUTCDay() + 6) % 7; // Monday 0
  return addDays(d, -weekday);
}

function addDays(d: LocalDate, days: number): LocalDate {
  const t = new Date(dayNumber(d) + days * 86_400_000);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

function nextBucketDate(bucket: StatsBucket, d: LocalDate): LocalDate {
  if (bucket === 'day') return addDays(d, 1);
  if (bucket === 'week') return addDays(d, 7);
  return d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { year: d.year, month: d.month + 1, day: 1 };
}

const isoDate = (d: LocalDate) => `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** One period: [start, end) as normalised UTC instants, and the local date it begins on. */
export interface Period {
  start: string;
  end: string;
  /** The local calendar date (YYYY-MM-DD) the period begins on, in the zone. */
  date: string;
}

/**
 * The consecutive periods of `bucket` in `timeZone` that cover [from, to) (instants, `from`
 * before `to`), the first beginning at or before `from`. Null when more than `max` would be
 * needed (the caller refuses the request rather than building an unbounded list).
 */
export function periodsCovering(timeZone: string, bucket: StatsBucket, from: string, to: string, max: number): Period[] | null {
  const end = Date.parse(to);
  let date = bucketDateOf(bucket, localDateAt(timeZone, Date.parse(from)));
  let start = startOfLocalDay(timeZone, date);
  let offset = offsetAt(timeZone, start);
  const periods: Period[] = [];
  while (start < end) {
    if (periods.length === max) return null;
    const next = nextBucketDate(bucket, date);
    const following = nextStartOfLocalDay(timeZone, next, offset);
    // A date the zone skipped entirely (Pacific/Apia, 2011-12-30) is no period.
    if (following.start > start) periods.push({ start: new Date(start).toISOString(), end: new Date(following.start).toISOString(), date: isoDate(date) });
    date = next;
    start = following.start;
    offset = following.offset;
  }
  return periods;
}
