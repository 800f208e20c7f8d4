/**
 * The readers of client text as they were before ADR 0029, regular expressions that backtrack
 * polynomially: the reference the linear-time readers must agree with, on inputs short enough
 * for these to finish. Test-only.
 */
import { normaliseTitle } from '../../core/attestation/matching/normalise.js';

interface TitleForm {
  text: string;
  key: string;
}

const LOT_NUMBER = /^\s*(?:lot\s*(?:no\.?\s*)?)?\d{1,5}[a-z]?\s*(?:[.):\]\u2013\u2014-]\s*|\s+(?=\p{L}))/iu;
const TRAILING_DATE =
  /[\s,;.]*[([]?\s*(?:(?:c|ca|circa|about|dated|vers)\.?\s*)?\d{4}(?:\s*(?:[-\u2013\u2014/]|to)\s*(?:(?:c|ca)\.?\s*)?\d{2,4})?\s*[)\]]?\.?\s*$/iu;
const RECTO_VERSO = /[\s,;.:]*[([]?\s*(?:recto|verso)(?:\s*(?:and|&|\/|,)\s*(?:recto|verso))?\s*[)\]]?\.?\s*$/iu;
const SUBTITLE = /\s*(?::|\s[-\u2013\u2014]\s)/u;
const FOUR_DIGITS = /\d{4}/u;
const RECTO_OR_VERSO = /recto|verso/iu;

function push(forms: TitleForm[], text: string): string {
  const trimmed = text.trim();
  const key = normaliseTitle(trimmed);
  if (key !== '' && !forms.some((f) => f.key === key)) forms.push({ text: trimmed, key });
  return trimmed;
}

/** catalogueTitleForms before ADR 0029. */
export function referenceTitleForms(input: string): TitleForm[] {
  const forms: TitleForm[] = [];
  let title = push(forms, input);
  if (title === '') return forms;
  const mayDate = FOUR_DIGITS.test(title);
  const mayRectoVerso = RECTO_OR_VERSO.test(title);
  const strip = (re: RegExp, possible = true) => {
    if (!possible) return;
    const m = re.exec(title);
    if (m === null || m[0].length >= title.length) return;
    title = push(forms, m.index === 0 ? title.slice(m[0].length) : title.slice(0, m.index));
  };
  strip(LOT_NUMBER);
  for (let pass = 0; pass < 2; pass += 1) {
    strip(TRAILING_DATE, mayDate);
    strip(RECTO_VERSO, mayRectoVerso);
  }
  const sub = SUBTITLE.exec(title);
  if (sub !== null && sub.index > 0) push(forms, title.slice(0, sub.index));
  return forms;
}

const DATE_GROUP = /\s*[([]([^()[\]]*\d{3,4}[^()[\]]*)[)\]]/g;
const TRAILING_DATES =
  /(?:,\s*|\s+)((?:(?:c|ca|circa|fl|active|born|b|d|died|ne|né)\.?\s*)?\d{3,4}(?:\s*[-\u2013\u2014/]\s*(?:(?:c|ca|circa|d)\.?\s*)?\d{2,4})?)\s*$/iu;

/** The artist line's date groups replaced as before ADR 0029. */
export function referenceReplaceDateGroups(text: string, replace: (whole: string, inner: string) => string): string {
  return text.replace(DATE_GROUP, (whole: string, inner: string) => replace(whole, inner));
}

/** The artist line's trailing dates as read before ADR 0029. */
export function referenceTrailingDates(line: string): { index: number; text: string } | null {
  const m = TRAILING_DATES.exec(line);
  return m === null ? null : { index: m.index, text: m[1] as string };
}

/** The artist line's trailing separators as cut before ADR 0029. */
export function referenceTrimNameEnd(line: string): string {
  return line.replace(/[\s,;:]+$/, '').trim();
}
