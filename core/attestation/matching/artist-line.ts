/**
 * Reading an artist line as catalogues and assistants write it, into a structured claim:
 *
 *   "Sir Joshua Reynolds P.R.A. (Plympton 1723-1792 London)"
 *   "TURNER, Joseph Mallord William (1775-1851)"
 *   "Atelier de Richard Wilson", "After Rembrandt van Rijn (fl. 1630-1669)"
 *
 * gives the name, the claimed qualifier (English or French, see claimed-qualifier.ts) and the
 * life dates (places around them dropped). The name is offered to the matcher in several forms,
 * most literal first (`nameForms`): as written, without post-nominals (R.A., P.R.A., Bt...;
 * the list is name-titles.ts, shared with the corpus build),
 * without honorifics (Sir, Lord...). The corpus decides which form names a covered artist, so
 * that "Sir George Howland Beaumont, Bt" or "the Elder" stay part of a name where the corpus
 * has them. Pure: no corpus knowledge here.
 */
import type { Qualifier } from './vocabulary.js';
import { readClaimedQualifier, readTrailingQualifier } from './claimed-qualifier.js';
import { withoutDesignations } from './school-period.js';
import { isPostNominal, segmentsWithoutPostNominals, withoutHonorifics, withoutTrailingPostNominals } from './name-titles.js';
import { collapsedTail, endOf, isSpace, readingCost, startOf, trailingRunStart } from './text-scan.js';

/** Claimed life dates as read from the artist line. */
export interface ParsedDates {
  birth_year: number | null;
  death_year: number | null;
  active_from: number | null;
  active_to: number | null;
  circa: boolean;
  /** The dates as written, places included. */
  text: string;
}

/** Claimed life dates: the `dates` of the `parsed` echo. */
export type LifeDates = ParsedDates;

export interface ArtistLine {
  /** The name as read: qualifier and dates removed, in natural order when it was inverted. */
  name: string;
  /** The claimed qualifier; null when the line names the artist plainly. */
  qualifier: Qualifier | null;
  dates: LifeDates | null;
  /** Forms of the name to look up, most literal first (distinct). */
  nameForms: string[];
  /**
   * How a matched form is echoed: the form itself, or, for a form written surname first
   * ("TURNER, Joseph Mallord William"), the same name in natural order.
   */
  echo(form: string): string;
  /** The line is only a school or period designation ("École française vers 1800"): it names nobody. */
  noArtist: boolean;
}

const YEAR = /(?<!\d)\d{3,4}(?!\d)/g;
/** The end of a range written short: "1723-92". */
const SHORT_RANGE_END = /\d{4}\s*[-\u2013\u2014/]\s*(\d{2})(?!\d)/;
const CIRCA = /(?:^|[^\p{L}])(?:c|ca|circa|about|vers|env)(?:\.|(?![\p{L}]))/iu;
const ACTIVE = /(?:^|[^\p{L}])(?:fl|active|act|actif|active)(?:\.|(?![\p{L}]))/iu;
const BORN = /(?:^|[^\p{L}])(?:b|born|ne|née|né|nee)(?:\.|(?![\p{L}]))/iu;
const DIED = /(?:^|[^\p{L}])(?:d|died|mort|morte|†)(?:\.|(?![\p{L}]))|†/iu;

/** What date groups and TRAILING_DATES cannot match without. */
const ANY_DIGIT = /\d/;
/**
 * Dates written after the name without brackets: ", 1775-1851", " c. 1723-1792", " fl. 1650".
 * A match holds at most 23 non-space characters (", active. 1723-circa. 1792"): it runs over the
 * line's last few non-space characters with white space collapsed (text-scan.ts, ADR 0029).
 */
const TRAILING_DATES =
  /(?:,\s*|\s+)((?:(?:c|ca|circa|fl|active|born|b|d|died|ne|né)\.?\s*)?\d{3,4}(?:\s*[-\u2013\u2014/]\s*(?:(?:c|ca|circa|d)\.?\s*)?\d{2,4})?)\s*$/iu;
const TRAILING_DATES_NON_SPACE = 25;

const isBracketOpen = (code: number) => code === 0x28 || code === 0x5b;
const isBracket = (code: number) => code === 0x28 || code === 0x29 || code === 0x5b || code === 0x5d;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/**
 * Each parenthesised or bracketed group holding a year (three digits in a row), with the white
 * space before it, replaced by what `replace` gives for the whole and its inside: the scan
 * `text.replace(/\s*[([]([^()[\]]*\d{3,4}[^()[\]]*)[)\]]/g, replace)` makes, by hand.
 */
export function replaceDateGroups(text: string, replace: (whole: string, inner: string) => string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  let steps = 0;
  while (from < text.length) {
    let open = from;
    while (open < text.length && !isBracketOpen(text.charCodeAt(open))) open += 1;
    if (open >= text.length) break;
    let close = open + 1;
    let run = 0;
    let year = false;
    while (close < text.length && !isBracket(text.charCodeAt(close))) {
      run = isDigit(text.charCodeAt(close)) ? run + 1 : 0;
      if (run >= 3) year = true;
      close += 1;
    }
    steps += close - from + 1;
    const closer = text.charCodeAt(close);
    if (!year || close >= text.length || isBracketOpen(closer)) {
      from = open + 1;
      continue;
    }
    let start = open;
    while (start > from && isSpace(text.charCodeAt(start - 1))) start -= 1;
    steps += open - start;
    out += text.slice(copied, start) + replace(text.slice(start, close + 1), text.slice(open + 1, close));
    copied = close + 1;
    from = close + 1;
  }
  readingCost.steps += steps;
  return copied === 0 ? text : out + text.slice(copied);
}

/** Dates after the name without brackets (TRAILING_DATES): where they start and their text, or null. */
export function trailingDates(line: string): { index: number; text: string } | null {
  const window = collapsedTail(line, TRAILING_DATES_NON_SPACE);
  const m = TRAILING_DATES.exec(window.text);
  if (m === null) return null;
  const group = m[1] as string;
  const groupStart = m.index + m[0].indexOf(group);
  return { index: startOf(window, m.index), text: line.slice(startOf(window, groupStart), endOf(window, groupStart + group.length - 1)) };
}

const isNameEnd = (code: number) => code === 0x2c || code === 0x3b || code === 0x3a || isSpace(code);

/** The line without the white space, commas, semicolons and colons it ends with (`/[\s,;:]+$/`), trimmed. */
export function withoutTrailingSeparators(line: string): string {
  return line.slice(0, trailingRunStart(line, isNameEnd)).trim();
}

/** Reads years out of a date text; null when it holds none. */
export function readLifeDates(text: string): LifeDates | null {
  const years = [...text.matchAll(YEAR)].map((m) => {
    const n = Number(m[0]);
    return { n, digits: m[0].length, at: m.index ?? 0 };
  });
  const shortEnd = SHORT_RANGE_END.exec(text);
  if (years.length === 1 && shortEnd !== null) years.push({ n: Number(shortEnd[1]), digits: 2, at: shortEnd.index });
  if (years.length === 0) return null;
  const circa = CIRCA.test(text);
  const dates: LifeDates = { birth_year: null, death_year: null, active_from: null, active_to: null, circa, text: text.trim() };
  const first = years[0]!.n;
  let second = years.length > 1 ? years[1]!.n : null;
  // "1723-92": a short second year takes the first one's century.
  if (second !== null && years[1]!.digits < 4 && years[0]!.digits === 4) {
    const width = years[1]!.digits;
    const base = Math.floor(first / 10 ** width) * 10 ** width;
    second = base + second < first ? base + 10 ** width + second : base + second;
  }
  if (ACTIVE.test(text)) {
    dates.active_from = first;
    dates.active_to = second ?? first;
  } else if (second !== null) {
    dates.birth_year = first;
    dates.death_year = second;
  } else if (DIED.test(text)) {
    dates.death_year = first;
  } else if (BORN.test(text)) {
    dates.birth_year = first;
  } else {
    return null; // one year, said to be nothing: nothing to compare
  }
  return dates;
}

/**
 * Whether `form` is already tidy: no white space but single inner ASCII spaces, and no comma at
 * either end. Non-ASCII characters count as untidy (some are white space): the regular
 * expressions then decide.
 */
function isTidy(form: string): boolean {
  const last = form.length - 1;
  if (last < 0 || form.charCodeAt(0) === 0x2c || form.charCodeAt(last) === 0x2c) return false;
  let previousSpace = true; // no space may start the form
  for (let i = 0; i <= last; i += 1) {
    const code = form.charCodeAt(i);
    if (code === 0x20) {
      if (previousSpace) return false;
      previousSpace = true;
    } else if (code <= 0x20 || code >= 0x7f) return false;
    else previousSpace = false;
  }
  return !previousSpace;
}

function distinctPush(list: string[], form: string): void {
  const trimmed = isTidy(form) ? form : form.replace(/\s+/g, ' ').trim().replace(/^,|,$/g, '').trim();
  if (trimmed !== '' && !list.includes(trimmed)) list.push(trimmed);
}

const asWritten = (form: string): string => form;

/** The name forms the matcher tries, most literal first. */
function nameFormsOf(name: string): { natural: string; forms: string[]; echo: (form: string) => string } {
  if (isTidy(name) && !name.includes(',')) {
    // No comma segments, nothing inverted: the forms below reduce to these.
    const forms = [name];
    const words = withoutTrailingPostNominals(name);
    distinctPush(forms, words.join(' '));
    const bare = withoutHonorifics(words).join(' ');
    distinctPush(forms, bare);
    return { natural: bare || name, forms, echo: asWritten };
  }
  const forms: string[] = [];
  distinctPush(forms, name);
  // Post-nominals as comma segments: "Reynolds, Sir Joshua, P.R.A."; "Beaumont, Sir George, Bt".
  const segments = segmentsWithoutPostNominals(name);
  distinctPush(forms, segments.join(', '));
  // Natural order: "Turner, Joseph Mallord William" -> "Joseph Mallord William Turner".
  let natural = segments.join(', ');
  if (segments.length === 2 && !isPostNominal(segments[1] as string)) natural = `${segments[1]} ${segments[0]}`;
  // The forms before the natural one are the line as written: inverted when natural differs.
  const inverted = natural !== segments.join(', ') ? new Set(forms) : new Set<string>();
  const naturalOrder = natural;
  distinctPush(forms, natural);
  // Post-nominals as trailing words: "Sir Joshua Reynolds P.R.A."
  const words = withoutTrailingPostNominals(natural);
  const plain = words.join(' ').replace(/,\s*$/, '');
  distinctPush(forms, plain);
  // Honorifics: "Sir Joshua Reynolds" -> "Joshua Reynolds".
  const bare = withoutHonorifics(words);
  distinctPush(forms, bare.join(' ').replace(/,\s*$/, ''));
  return { natural: bare.join(' ').replace(/,\s*$/, '') || natural, forms, echo: (form) => (inverted.has(form) ? naturalOrder : form) };
}

/** Reads an artist line (see the module comment). Never throws; an empty line gives an empty name. */
export function parseArtistLine(input: string): ArtistLine {
  let rest = typeof input === 'string' ? input.trim() : '';
  // "École flamande du XVIIe siècle, suiveur de ...": the school and period name nobody.
  const designations = withoutDesignations(rest);
  rest = designations.rest;
  const claimed = readClaimedQualifier(rest);
  let qualifier = claimed?.qualifier ?? null;
  if (claimed !== null) rest = rest.slice(claimed.length).trim();

  let dates: LifeDates | null = null;
  // Dates hold a year: without a digit there are none to read.
  if (ANY_DIGIT.test(rest)) rest = replaceDateGroups(rest, (whole, inner) => {
    const read = readLifeDates(inner);
    if (read === null) return whole;
    dates ??= read;
    return ' ';
  });
  // A qualifier after the name: "Jan van Goyen, zugeschrieben", "Boucher, François (atelier)".
  // Printed on both sides, the leading one is the claim; the trailing words are no name either.
  const after = readTrailingQualifier(rest);
  if (after !== null) {
    qualifier ??= after.qualifier;
    rest = after.rest;
  }
  if (dates === null && ANY_DIGIT.test(rest)) {
    const trailing = trailingDates(rest);
    const read = trailing === null ? null : readLifeDates(trailing.text);
    if (read !== null && trailing !== null && trailing.index > 0) {
      dates = read;
      rest = rest.slice(0, trailing.index);
    }
  }
  if (!isTidy(rest) || rest.endsWith(';') || rest.endsWith(':')) {
    rest = withoutTrailingSeparators(rest.replace(/\s+/g, ' '));
  }
  if (after === null) {
    const late = readTrailingQualifier(rest);
    if (late !== null) {
      qualifier ??= late.qualifier;
      rest = late.rest;
    }
  }
  const { natural, forms, echo } = nameFormsOf(rest);
  return { name: natural, qualifier, dates, nameForms: forms, echo, noArtist: designations.dropped && natural === '' };
}

/** How many years a life date may be off before it names someone else (more when "c."). */
export const DATE_TOLERANCE_YEARS = 3;
export const CIRCA_TOLERANCE_YEARS = 10;

/**
 * Whether claimed dates fit an artist's recorded years. A year the record lacks is not
 * compared; a year of activity must fall within the recorded life.
 */
export function datesFit(dates: LifeDates, artist: { birth_year: number | null; death_year: number }): boolean {
  const slack = dates.circa ? CIRCA_TOLERANCE_YEARS : DATE_TOLERANCE_YEARS;
  const near = (claimed: number | null, recorded: number | null) =>
    claimed === null || recorded === null || Math.abs(claimed - recorded) <= slack;
  if (!near(dates.birth_year, artist.birth_year) || !near(dates.death_year, artist.death_year)) return false;
  for (const year of [dates.active_from, dates.active_to]) {
    if (year === null) continue;
    if (artist.birth_year !== null && year < artist.birth_year - slack) return false;
    if (year > artist.death_year + slack) return false;
  }
  return true;
}
