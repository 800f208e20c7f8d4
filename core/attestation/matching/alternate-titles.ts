/**
 * Alternate titles a record's own title carries (ADR 0033): "Christ Crucified between Two
 * Thieves (The Three Crosses)", "Woman with White Stockings (La Femme aux bas blancs)",
 * "Dort, or Dordrecht", "Portrait of Tommaso Inghirami, called Fedra", "Personnage dit
 * 'Sévère'". The corpus index files the work under each of them as well (titleKeys), so each is
 * matched exactly as a title is; nothing here is fuzzy.
 *
 * What is not an alternate: a parenthesis or bracket holding a date, an inscription, a position
 * ("(Left)"), a source ("(after Baubrun)", "(from a series...)"), a doubt ("[?]"), a cataloguer's
 * lower-case note ("[site plan]", "[fishing]") or a single bracketed word ("[Turner]": an
 * inscription); "or" only after a comma ("A Castle or Church" is one title); "called" and
 * "known as" only after a comma or before a quoted name. Only what the title ends with is read.
 */

/** First words of a parenthesis that is a note on the work, not another title. */
const NOTE_WORDS = new Set([
  'after', 'from', 'for', 'see', 'cf', 'recto', 'verso', 'left', 'right', 'top', 'bottom', 'centre', 'center', 'upper', 'lower',
  'inscription', 'inscriptions', 'inscribed', 'titled', 'title', 'as', 'plus', 'study', 'studies', 'sketch', 'detail', 'copy', 'version',
  'replica', 'signed', 'dated', 'no', 'nos', 'number', 'cat', 'fig', 'plate', 'pl', 'vol', 'en', 'ie', 'i', 'possibly', 'probably',
  'perhaps', 'formerly', 'previously', 'related', 'companion', 'pendant', 'part', 'series', 'sheet', 'page', 'folio',
  'fol', 'and', 'with', 'by', 'or', 'unfinished', 'blank', 'd', 'après', 'apres', 'nach',
]);

const LETTER = /\p{L}/u;
const UPPER_START = /^[\p{Lu}\d'"‘“«]/u;
/** ", or ", ", called ", ", known as ", ", also known as ", ", so-called ". */
const COMMA_MARKER = /,\s+(?:or|called|known as|also known as|so-called)\s+/iu;
/** "called ‘X’", "known as 'X'" without a comma: the name quoted. */
const QUOTED_MARKER = /\s(?:called|known as)\s+(?=['"‘“«])/iu;
/** French, German, Dutch, Italian, Spanish and Swedish "called". */
const FOREIGN_MARKER = /\s(?:dit|dite|dits|dites|genannt|genaamd|detto|detta|llamado|llamada|kallad|kallat)\s+/iu;
const LEADING_QUOTES = new Set([...' \t\'"‘’“”«»']);
const TRAILING_MARKS = new Set([...' \t\'"‘’“”«».,;:']);
const TRAILING_PUNCTUATION = new Set([...' \t,;:.']);

/** `text` without the characters of `start` at its start and of `end` at its end (a loop: linear). */
function trimSets(text: string, start: ReadonlySet<string>, end: ReadonlySet<string>): string {
  let from = 0;
  let to = text.length;
  while (from < to && start.has(text[from] as string)) from += 1;
  while (to > from && end.has(text[to - 1] as string)) to -= 1;
  return text.slice(from, to);
}

function clean(text: string): string {
  return trimSets(text, LEADING_QUOTES, TRAILING_MARKS).trim();
}

function firstWord(text: string): string {
  const m = /^[\p{L}\d]+/u.exec(text.normalize('NFC').toLowerCase());
  return m === null ? '' : m[0];
}

/** The trailing parenthesis or bracket of a title: its inside and what precedes it, or null. */
function trailingGroup(title: string): { outer: string; inner: string; bracket: boolean } | null {
  const end = title.length - 1;
  const close = title[end];
  if (close !== ')' && close !== ']') return null;
  const open = close === ')' ? '(' : '[';
  let depth = 0;
  for (let i = end; i >= 0; i -= 1) {
    const c = title[i];
    if (c === close) depth += 1;
    else if (c === open) {
      depth -= 1;
      if (depth === 0) return { outer: trimSets(title.slice(0, i), new Set(), TRAILING_PUNCTUATION).trim(), inner: title.slice(i + 1, end).trim(), bracket: open === '[' };
    }
  }
  return null;
}

/** Whether the inside of a trailing group reads as another title. */
function isTitle(inner: string, bracket: boolean): boolean {
  if (!LETTER.test(inner) || inner.includes('?')) return false;
  if (NOTE_WORDS.has(firstWord(inner))) return false;
  if (bracket && (!UPPER_START.test(inner) || !inner.includes(' '))) return false;
  return true;
}

function splitAt(title: string, marker: RegExp): [string, string] | null {
  const m = marker.exec(title);
  if (m === null || m.index === 0) return null;
  const before = clean(title.slice(0, m.index));
  const after = clean(title.slice(m.index + m[0].length));
  return before === '' || after === '' || !LETTER.test(after) ? null : [before, after];
}

/** The other titles a record's title holds, in the order found (the title itself left out). */
export function alternateTitles(title: string): string[] {
  const out: string[] = [];
  const add = (text: string) => {
    const t = clean(text);
    if (t !== '' && t !== title && LETTER.test(t) && !out.includes(t)) out.push(t);
  };
  const trimmed = title.trim();
  const group = trailingGroup(trimmed);
  let main = trimmed;
  if (group !== null && group.outer !== '' && LETTER.test(group.outer)) {
    add(group.outer);
    if (isTitle(group.inner, group.bracket)) add(group.inner);
    main = group.outer;
  }
  for (const marker of [COMMA_MARKER, QUOTED_MARKER, FOREIGN_MARKER]) {
    const parts = splitAt(main, marker);
    if (parts !== null) {
      add(parts[0]);
      add(parts[1]);
      break;
    }
  }
  return out;
}
