/**
 * Person-name helpers for the artist merger: natural order, honorifics, name parts,
 * compatibility of forenames and initials, generated initials forms.
 * Every comparison key goes through `foldText` / `normaliseName` from the core, so the
 * builder and the matcher agree.
 */
import { isPostNominal, segmentsWithoutPostNominals, withoutHonorifics, withoutTrailingPostNominals } from '../../core/attestation/matching/name-titles.js';
import { foldText, normaliseName } from '../../core/attestation/matching/normalise.js';

/** Leading titles that are not part of the name ("Sir Joshua Reynolds", "Rev. William Gilpin"). */
const HONORIFIC_RE =
  /^(sir|rev\.?|revd\.?|reverend|dr\.?|dame|lady|lord|hon\.?|captain|capt\.?|colonel|col\.?|general|admiral|major|mrs\.?|mr\.?|miss|fra|baron|baroness)\s+/i;

/** Trailing name parts that tell people apart and are not a surname. */
const SUFFIX_TOKENS = new Set(['senior', 'junior', 'sr', 'jr', 'i', 'ii', 'iii', 'iv', 'ra', 'pra', 'ara', 'rsa']);

/** Lower-case particles that belong to the surname ("van Rijn", "da Vinci", "de la Tour"). */
const PARTICLES = new Set([
  'van', 'von', 'de', 'der', 'den', 'da', 'di', 'del', 'della', 'degli', 'dei', 'le', 'la', 'du', 'des',
  'ten', 'ter', 'y', 'zu', 'vander', 'vanden', 'dos', 'das', 'do',
]);

/** Names that are not a person: schools, anonymous hands, collective credits. */
const NON_PERSON_RE =
  /\b(school|unknown|anonymous|anon|various artists|unidentified|after a design|manufactory|factory|company)\b|\b\d{1,2}(st|nd|rd|th) century\b/i;

export function isNonPersonName(name: string): boolean {
  return NON_PERSON_RE.test(name);
}

/** Drops parenthetical notes: "Samuel Colman (or Coleman)" -> "Samuel Colman". */
export function stripParenthetical(name: string): string {
  return name.replace(/\s*\([^)]*\)?/g, ' ').replace(/\s+/g, ' ').trim();
}

/** "Sir Joshua Reynolds" -> "Joshua Reynolds"; a name left with one word is returned unchanged. */
export function stripHonorific(name: string): string {
  let out = name.trim();
  for (let k = 0; k < 3; k++) {
    const next = out.replace(HONORIFIC_RE, '');
    if (next === out) break;
    out = next;
  }
  return out.split(/\s+/).length >= 2 ? out : name.trim();
}

/**
 * Natural order of a source name. One comma, surname first: "Turner, Joseph Mallord William"
 * -> "Joseph Mallord William Turner" (same rule as `normaliseName`); anything else unchanged,
 * a generational or post-nominal tail included ("George Barret, Jr.", "Sir John Everett Millais, Bt").
 */
export function naturalOrder(name: string): string {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  const parts = trimmed.split(',');
  if (parts.length === 2) {
    const surname = parts[0].trim();
    const forenames = parts[1].trim();
    if (surname && forenames && !/^(jr|sr|the elder|the younger)\.?$/i.test(forenames) && !isPostNominal(forenames)) {
      return `${forenames} ${surname}`;
    }
  }
  return trimmed;
}

/**
 * The name without its titles, in natural order: post-nominals (R.A., Bt, K.B.: the subject
 * parser's list, name-titles.ts) and honorifics (Sir, Lord, Dame; Rev., Captain...) dropped:
 * "Millais, Sir John Everett, Bt" and "Sir John Everett Millais, Bt" -> "John Everett Millais".
 * Generational markers stay ("Pieter Brueghel II"). Used to match records, never shown.
 */
export function untitledName(name: string): string {
  const natural = naturalOrder(segmentsWithoutPostNominals(stripParenthetical(name)).join(', '));
  const words = withoutHonorifics(withoutTrailingPostNominals(natural));
  return stripHonorific(words.join(' ').replace(/,\s*$/, ''));
}

/** Generational suffixes and the one spelling matching uses: "I" and "Sr." are "the Elder", "II" and "Jr." "the Younger". */
const GENERATION_RE = /^(.+?)\s*,?\s+(the elder|elder|i|sr\.?|senior|the younger|younger|ii|jr\.?|junior)$/i;

/**
 * The name with its generational suffix spelt one way, or null when it has none: "Pieter
 * Brueghel II" -> "Pieter Brueghel the Younger", "Pieter Bruegel I" -> "Pieter Bruegel the Elder".
 * The head must keep two words ("Master I" has no suffix). Used to match records, never shown.
 */
export function generationalForm(name: string): string | null {
  const m = GENERATION_RE.exec(name.replace(/\s+/g, ' ').trim());
  if (!m || m[1].split(' ').length < 2) return null;
  const younger = /^(the younger|younger|ii|jr\.?|junior)$/i.test(m[2]);
  return `${m[1]} ${younger ? 'the Younger' : 'the Elder'}`;
}

export interface NameParts {
  forenames: string[];
  /** Surname with its particles, folded ("van rijn"). */
  surname: string;
  /** Folded suffix ("the elder", "ii", "senior"), '' when none. */
  suffix: string;
}

/** Splits a folded natural-order name into forenames, surname and suffix. */
function splitTokens(tokens: string[]): { forenames: string[]; surname: string[]; suffix: string[] } | null {
  const t = [...tokens];
  const suffix: string[] = [];
  if (t.length >= 3 && t[t.length - 2] === 'the' && (t[t.length - 1] === 'elder' || t[t.length - 1] === 'younger')) {
    suffix.unshift(...t.splice(t.length - 2, 2));
  }
  while (t.length > 2 && SUFFIX_TOKENS.has(t[t.length - 1])) suffix.unshift(t.pop() as string);
  if (t.length < 2) return null;
  const surname = [t.pop() as string];
  while (t.length > 1 && PARTICLES.has(t[t.length - 1])) surname.unshift(t.pop() as string);
  return { forenames: t, surname, suffix };
}

/** Name parts of a person's name, or null for a one-word name. */
export function nameParts(name: string): NameParts | null {
  const tokens = foldText(stripHonorific(stripParenthetical(naturalOrder(name)))).split(' ').filter(Boolean);
  const split = splitTokens(tokens);
  if (!split) return null;
  return { forenames: split.forenames, surname: split.surname.join(' '), suffix: split.suffix.join(' ') };
}

function forenameCompatible(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === 1) return b.startsWith(a);
  if (b.length === 1) return a.startsWith(b);
  return false;
}

/**
 * True when two names can denote the same person: same surname and suffix, and forenames
 * that agree position by position, a single letter standing for a forename
 * ("J. M. W. Turner" ~ "Joseph Mallord William Turner"). "Rembrandt Peale" is not
 * "Rembrandt van Rijn" (different surnames). Dates are checked by the caller.
 */
export function namesCompatible(a: string, b: string): boolean {
  const pa = nameParts(a);
  const pb = nameParts(b);
  if (!pa || !pb) return false;
  if (pa.surname !== pb.surname || pa.suffix !== pb.suffix) return false;
  const n = Math.min(pa.forenames.length, pb.forenames.length);
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    if (!forenameCompatible(pa.forenames[i], pb.forenames[i])) return false;
  }
  return true;
}

/** Levenshtein distance of two short strings. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/**
 * True when two names differ only by the spelling of their forenames, as transliterations and
 * national forms do ("Wassily" / "Vassily Kandinsky", "Johann" / "Johan Zoffany", "Henri" /
 * "Henry Lerolle"): same surname and suffix, as many forenames, each pair equal, an initial of
 * the other, or two words of four letters or more at most two edits apart. "Kiyonobu" and
 * "Kiyomasu" (three edits) or "William" and "John" are different people. The caller requires
 * identical birth and death years.
 */
export function forenameSpellingVariants(a: string, b: string): boolean {
  const pa = nameParts(a.replace(/-/g, ' '));
  const pb = nameParts(b.replace(/-/g, ' '));
  if (!pa || !pb || pa.surname !== pb.surname || pa.suffix !== pb.suffix) return false;
  if (pa.forenames.length === 0 || pa.forenames.length !== pb.forenames.length) return false;
  return pa.forenames.every((x, i) => {
    const y = pb.forenames[i];
    return forenameCompatible(x, y) || (x.length >= 4 && y.length >= 4 && editDistance(x, y) <= 2);
  });
}

/**
 * Initials forms of a natural-order name: "Joseph Mallord William Turner" ->
 * ["J. M. W. Turner", "J.M.W. Turner"]. None for one-word names, hyphenated or already
 * abbreviated forenames, or forenames that are not capitalised words.
 */
export function initialsForms(name: string): string[] {
  const base = stripHonorific(stripParenthetical(name));
  const words = base.split(/\s+/).filter(Boolean);
  if (words.length < 2) return [];
  const folded = words.map((w) => foldText(w));
  if (folded.some((w) => w === '' || w.includes(' '))) return [];
  const split = splitTokens(folded);
  if (!split || split.forenames.length === 0) return [];
  // "Kunisada II": no surname to keep, so no initials form.
  if (split.surname.length === 1 && SUFFIX_TOKENS.has(split.surname[0])) return [];
  const nFore = split.forenames.length;
  const fore = words.slice(0, nFore);
  // Forenames written out ("Harmensz." abbreviates a patronymic but is still a forename);
  // hyphenated ones give hyphenated initials ("Jean-Auguste-Dominique" -> "J.-A.-D.").
  // An initial already given ("Levi W. Prentice") stays an initial; at least one forename is written out.
  const part = /^\p{Lu}\p{Ll}+\.?$/u;
  const initial = /^\p{Lu}\.$/u;
  if (fore.some((w) => !w.split('-').every((p) => part.test(p) || initial.test(p)))) return [];
  if (fore.every((w) => w.split('-').every((p) => initial.test(p)))) return [];
  const tail = words.slice(nFore).join(' ');
  const initials = fore.map((w) => w.split('-').map((p) => `${p[0]}.`).join('-'));
  const spaced = `${initials.join(' ')} ${tail}`;
  const compact = `${initials.join('')} ${tail}`;
  return spaced === compact ? [spaced] : [spaced, compact];
}

/** The key aliases are deduplicated by. */
export function nameKey(name: string): string {
  return normaliseName(name);
}

/** Number of words in a name's key. */
export function nameWordCount(name: string): number {
  const key = nameKey(name);
  return key === '' ? 0 : key.split(' ').length;
}

/** Last word of a natural-order name's key (its bare surname). */
export function lastWord(name: string): string {
  const key = nameKey(name);
  const i = key.lastIndexOf(' ');
  return i < 0 ? key : key.slice(i + 1);
}
