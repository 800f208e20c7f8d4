/**
 * Titles as catalogues write them: a leading lot number ("123. ", "Lot 45: "), quotes, a
 * trailing date or date range (", 1838", "(c. 1660)"), `recto`/`verso` marks, a subtitle after a
 * colon or a spaced dash. `catalogueTitleForms` lists the forms of a title to look up, the title
 * as written first, then with each of these taken off in turn. Only a form the corpus holds
 * exactly is ever a match (the matcher looks the keys up; nothing fuzzy here). Quotes need no
 * form of their own: the title key folds them away (normaliseTitle).
 */
import { normaliseTitle } from './normalise.js';

export interface TitleForm {
  /** The title as read, in its written case. */
  text: string;
  /** Its lookup key (normaliseTitle). */
  key: string;
}

const LOT_NUMBER = /^\s*(?:lot\s*(?:no\.?\s*)?)?\d{1,5}[a-z]?\s*(?:[.):\]\u2013\u2014-]\s*|\s+(?=\p{L}))/iu;
const TRAILING_DATE =
  /[\s,;.]*[([]?\s*(?:(?:c|ca|circa|about|dated|vers)\.?\s*)?\d{4}(?:\s*(?:[-\u2013\u2014/]|to)\s*(?:(?:c|ca)\.?\s*)?\d{2,4})?\s*[)\]]?\.?\s*$/iu;
const RECTO_VERSO = /[\s,;.:]*[([]?\s*(?:recto|verso)(?:\s*(?:and|&|\/|,)\s*(?:recto|verso))?\s*[)\]]?\.?\s*$/iu;
const SUBTITLE = /\s*(?::|\s[-\u2013\u2014]\s)/u;
/** What TRAILING_DATE and RECTO_VERSO cannot match without (same flags: the same case folding). */
const FOUR_DIGITS = /\d{4}/u;
const RECTO_OR_VERSO = /recto|verso/iu;

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
  const strip = (re: RegExp, possible = true) => {
    if (!possible) return;
    const m = re.exec(title);
    if (m === null || m[0].length >= title.length) return;
    title = push(forms, m.index === 0 ? title.slice(m[0].length) : title.slice(0, m.index));
  };
  strip(LOT_NUMBER);
  // Marks may come in either order: "(recto), 1838" or "1838 (verso)".
  for (let pass = 0; pass < 2; pass += 1) {
    strip(TRAILING_DATE, mayDate);
    strip(RECTO_VERSO, mayRectoVerso);
  }
  const sub = SUBTITLE.exec(title);
  if (sub !== null && sub.index > 0) push(forms, title.slice(0, sub.index));
  return forms;
}
