const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

export const MIN_YEAR = 1970;
export const MAX_YEAR = 9999;

/**
 * An ISO-8601 instant with an explicit offset (`Z` or `±hh:mm`) to its normalised UTC form
 * (`2026-11-03T10:00:00.000Z`), which sorts as text in time order; null when it is not one.
 * Impossible dates (February 30) are refused, not rolled over.
 */
export function normaliseInstant(text: string): string | null {
  const m = ISO_8601.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const utcYear = new Date(ms).getUTCFullYear();
  if (utcYear < MIN_YEAR || utcYear > MAX_YEAR) return null;
  return new Date(ms).toISOString();
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
