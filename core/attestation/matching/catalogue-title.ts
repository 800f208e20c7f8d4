/**
 * Titles as catalogues write them: a leading lot number ("123. ", "Lot 45: "), quotes, a
 * trailing date or date range (", 1838", "(c. 1660)"), `recto`/`verso` marks, a subtitle after a
 * colon or a spaced dash. `catalogueTitleForms` lists the forms of a title to look up, the title
 * as written first, then with each of these taken off in turn. Only a form the corpus holds
 * exactly is ever a match (the matcher looks the keys up; nothing fuzzy here). Quotes need no
 * form of their own: the title key folds them away (normaliseTitle).
 *
 * Every mark is found in time linear in the title's length (ADR 0029): the patterns run over a
 * window of the title's first or last few non-space characters with white space collapsed
 * (text-scan.ts), the subtitle separator is found by hand.
 */
import { normaliseTitle } from './normalise.js';
import { collapsedHead, isSpace, readingCost, trailingMatchStart } from './text-scan.js';

export interface TitleForm {
  /** The title as read, in its written case. */
  text: string;
  /** Its lookup key (normaliseTitle). */
  key: string;
}

/** A match holds at most 13 non-space characters ("lot no. 12345a:") and looks at one more. */
const LOT_NUMBER = /^\s*(?:lot\s*(?:no\.?\s*)?)?\d{1,5}[a-z]?\s*(?:[.):\]\u2013\u2014-]\s*|\s+(?=\p{L}))/iu;
const LOT_NUMBER_NON_SPACE = 15;
/** Past the run of separators it starts with, a match holds at most 22 non-space characters ("(circa 1660 to ca. 1670)."). */
const TRAILING_DATE =
  /[\s,;.]*[([]?\s*(?:(?:c|ca|circa|about|dated|vers)\.?\s*)?\d{4}(?:\s*(?:[-\u2013\u2014/]|to)\s*(?:(?:c|ca)\.?\s*)?\d{2,4})?\s*[)\]]?\.?\s*$/iu;
const TRAILING_DATE_NON_SPACE = 24;
/** Past the run of separators it starts with, a match holds at most 16 non-space characters ("(recto and verso)."). */
const RECTO_VERSO = /[\s,;.:]*[([]?\s*(?:recto|verso)(?:\s*(?:and|&|\/|,)\s*(?:recto|verso))?\s*[)\]]?\.?\s*$/iu;
const RECTO_VERSO_NON_SPACE = 18;
/** What TRAILING_DATE and RECTO_VERSO cannot match without (same flags: the same case folding). */
const FOUR_DIGITS = /\d{4}/u;
const RECTO_OR_VERSO = /recto|verso/iu;

const isDateLead = (code: number) => code === 0x2c || code === 0x3b || code === 0x2e || isSpace(code);
const isRectoVersoLead = (code: number) => isDateLead(code) || code === 0x3a;
const isDash = (code: number) => code === 0x2d || code === 0x2013 || code === 0x2014;

/**
 * Where a subtitle starts: the white space before the first colon or spaced dash
 * (`/\s*(?::|\s[-\u2013\u2014]\s)/`), -1 when there is none.
 */
export function subtitleStart(title: string): number {
  let runStart = 0;
  for (let i = 0; i < title.length; i += 1) {
    const code = title.charCodeAt(i);
    if (isSpace(code)) {
      if (i === 0 || !isSpace(title.charCodeAt(i - 1))) runStart = i;
      if (i + 2 < title.length && isDash(title.charCodeAt(i + 1)) && isSpace(title.charCodeAt(i + 2))) {
        readingCost.steps += i + 1;
        return runStart;
      }
    } else if (code === 0x3a) {
      readingCost.steps += i + 1;
      return i > 0 && isSpace(title.charCodeAt(i - 1)) ? runStart : i;
    }
  }
  readingCost.steps += title.length + 1;
  return -1;
}

/** How long the leading lot number is, with the separators after it (0 when there is none). */
export function lotNumberLength(title: string): number {
  const window = collapsedHead(title, LOT_NUMBER_NON_SPACE);
  const m = LOT_NUMBER.exec(window.text);
  if (m === null || m[0].length === 0) return 0;
  return window.to[m[0].length - 1] ?? 0;
}

function push(forms: TitleForm[], text: string): string {
  const trimmed = text.trim();
  const key = normaliseTitle(trimmed);
  if (key !== '' && !forms.some((f) => f.key === key)) forms.push({ text: trimmed, key });
  return trimmed;
}

/** The forms of a catalogue title to look up, most literal first (distinct keys). */
export function catalogueTitleForms(input: string): TitleForm[] {
  const forms: TitleForm[] = [];
  let title = push(forms, typeof input === 'string' ? input : '');
  if (title === '') return forms;
  // Forms only ever shorten the title: a mark the whole title cannot hold is not looked for.
  const mayDate = FOUR_DIGITS.test(title);
  const mayRectoVerso = RECTO_OR_VERSO.test(title);
  const lot = lotNumberLength(title);
  if (lot > 0 && lot < title.length) title = push(forms, title.slice(lot));
  // A trailing mark: cut where it starts, unless it is the whole title.
  const cut = (start: number) => {
    if (start > 0) title = push(forms, title.slice(0, start));
  };
  // Marks may come in either order: "(recto), 1838" or "1838 (verso)".
  for (let pass = 0; pass < 2; pass += 1) {
    if (mayDate) cut(trailingMatchStart(title, TRAILING_DATE, TRAILING_DATE_NON_SPACE, isDateLead));
    if (mayRectoVerso) cut(trailingMatchStart(title, RECTO_VERSO, RECTO_VERSO_NON_SPACE, isRectoVersoLead));
  }
  const sub = subtitleStart(title);
  if (sub > 0) push(forms, title.slice(0, sub));
  return forms;
}
