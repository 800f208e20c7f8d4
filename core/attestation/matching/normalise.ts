/**
 * Normalisation of artist names and work titles. Pure functions: the same input always
 * gives the same key, so that the corpus builder and the matcher agree.
 *
 * Every function here is idempotent: applying it to its own output changes nothing.
 */

/** Every combining mark (accents, diacritics of any script), after canonical decomposition. */
const COMBINING_MARKS = /\p{M}/gu;
/** Straight, curly and modifier apostrophes, grave and acute accents used as apostrophes. */
const APOSTROPHES = /[\u2018\u2019\u201a\u201b\u2032\u02bc\u02bb\u0060\u00b4']/g;
/** Anything that is not a letter or a digit: punctuation, quotes, dashes, spaces, symbols. */
const NON_ALNUM = /[^\p{L}\p{N}]+/gu;
/** A folded key made only of ASCII lower-case letters, digits and single inner spaces. */
const PLAIN_ASCII_KEY = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/** Letters that NFD does not decompose. */
const FOLD: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h',
};
const FOLD_RE = new RegExp(`[${Object.keys(FOLD).join('')}]`, 'g');

function foldOnce(input: string): string {
  return input
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(FOLD_RE, (c) => FOLD[c] ?? c)
    .replace(APOSTROPHES, ' ')
    .replace(NON_ALNUM, ' ')
    .trim();
}

/**
 * Fast path. Each code unit below 0x0370 (Latin, IPA, combining marks) or in General Punctuation
 * (curly quotes, dashes) folds on its own, whatever surrounds it: NFKD only decomposes, marks are
 * dropped, and lower-casing in these ranges ignores context. So a per-character table, built
 * from `foldOnce` itself, gives the same key as the full pipeline. '' drops the character (a
 * combining mark); a space in an entry separates words.
 */
const TABLE_LOW_END = 0x0370;
const PUNCT_START = 0x2000;
const PUNCT_END = 0x2070;
const FAST_TABLE: readonly string[] = (() => {
  const table: string[] = [];
  const entry = (code: number): string => {
    const ch = String.fromCharCode(code);
    const folded = ch.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(FOLD_RE, (c) => FOLD[c] ?? c).replace(APOSTROPHES, ' ');
    if (folded === '') return '';
    return folded.replace(NON_ALNUM, ' ');
  };
  for (let code = 0; code < TABLE_LOW_END; code += 1) table[code] = entry(code);
  for (let code = PUNCT_START; code < PUNCT_END; code += 1) table[code - PUNCT_START + TABLE_LOW_END] = entry(code);
  return table;
})();

/** Whether the last `foldFast` result is plain ASCII (then it is final: no second pass needed). */
let fastKeyIsAscii = true;

function append(out: string, text: string, separate: boolean): string {
  if (out === '') return text;
  return separate ? `${out} ${text}` : out + text;
}

/**
 * `foldOnce` through the table, or null when a character lies outside it. Works on the
 * lower-cased input (lower-casing commutes with the table's folding in its ranges) and copies
 * runs of ASCII letters and digits in one slice each.
 */
function foldFast(input: string): string | null {
  fastKeyIsAscii = true;
  const lower = input.toLowerCase();
  let out = '';
  let runStart = -1;
  let separate = false;
  for (let i = 0; i < lower.length; i += 1) {
    const code = lower.charCodeAt(i);
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0) {
      out = append(out, lower.slice(runStart, i), separate);
      separate = false;
      runStart = -1;
    }
    if (code < 0x80) {
      separate = true; // ASCII punctuation and spaces
      continue;
    }
    let mapped: string | undefined;
    if (code < TABLE_LOW_END) mapped = FAST_TABLE[code];
    else if (code >= PUNCT_START && code < PUNCT_END) mapped = FAST_TABLE[code - PUNCT_START + TABLE_LOW_END];
    else return null;
    if (mapped === ' ') {
      separate = true;
      continue;
    }
    if (mapped === undefined || mapped === '') continue; // a combining mark joins its neighbours
    for (let j = 0; j < mapped.length; j += 1) {
      const c = mapped[j] as string;
      if (c === ' ') separate = true;
      else {
        out = append(out, c, separate);
        separate = false;
        if (c.charCodeAt(0) >= 0x80) fastKeyIsAscii = false;
      }
    }
  }
  if (runStart >= 0) out = append(out, lower.slice(runStart), separate);
  return out;
}

/**
 * Lower case, accents and ligatures folded, punctuation (quotes and dashes of every kind
 * included) to single spaces, trimmed.
 */
export function foldText(input: string): string {
  const fast = foldFast(input);
  if (fast !== null && fastKeyIsAscii) return fast;
  let folded = fast ?? foldOnce(input);
  if (folded === '' || PLAIN_ASCII_KEY.test(folded)) return folded;
  // A few exotic letters only reach their final form on a second pass (a lower-case form
  // that decomposes further); iterate to a fixed point so that the key is idempotent.
  for (let pass = 0; pass < 4; pass += 1) {
    const again = foldOnce(folded);
    if (again === folded) break;
    folded = again;
  }
  return folded;
}

/** Name suffixes that stay after the forenames when an inverted name is put in natural order. */
const NAME_SUFFIX = /^(jr|sr|the elder|the younger|ra|pra)\.?$/i;

/**
 * Artist name key. "Turner, Joseph Mallord William" and "Joseph Mallord William Turner" give
 * the same key: an inverted form (one comma, surname first) is put in natural order.
 */
export function normaliseName(input: string): string {
  const trimmed = input.trim();
  const commas = trimmed.split(',');
  let natural = trimmed;
  if (commas.length === 2) {
    const [surname, forenames] = commas.map((p) => p.trim());
    // "Rijn, Rembrandt van" -> "Rembrandt van Rijn"; suffixes such as "Jr." stay where they are.
    if (surname && forenames && !NAME_SUFFIX.test(forenames)) {
      natural = `${forenames} ${surname}`;
    }
  }
  return foldText(natural);
}

/** Leading articles dropped from titles, by language. Elided forms (l', d') are split by foldText. */
export const LEADING_ARTICLES: readonly string[] = [
  // English
  'the', 'a', 'an',
  // French
  'le', 'la', 'les', 'l', 'un', 'une',
  // Dutch
  'de', 'het', 'een', 't',
  // German
  'der', 'die', 'das', 'ein', 'eine',
  // Italian
  'il', 'lo', 'gli', 'i', 'uno', 'una',
  // Spanish
  'el', 'los', 'las', 'unos', 'unas',
];
const ARTICLE_SET = new Set(LEADING_ARTICLES);

/**
 * Title key: folded like a name (curly quotes, dashes and other punctuation become spaces),
 * with its leading articles dropped. The last word is never dropped, so a title that is only an
 * article keeps it. Articles are dropped until the first word is not one ("The 'La Belle'..."
 * loses both), which keeps the function idempotent.
 */
export function normaliseTitle(input: string): string {
  const folded = foldText(input);
  let start = 0;
  for (;;) {
    const space = folded.indexOf(' ', start);
    if (space < 0 || !ARTICLE_SET.has(folded.slice(start, space))) break;
    start = space + 1;
  }
  return start === 0 ? folded : folded.slice(start);
}

/** Distinct lookup keys of a title and its aliases (empty keys left out), in first-seen order. */
export function titleKeys(title: string, aliases: readonly string[] = []): string[] {
  const first = normaliseTitle(title);
  const keys: string[] = first === '' ? [] : [first];
  for (const alias of aliases) {
    const key = normaliseTitle(alias);
    if (key !== '' && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
