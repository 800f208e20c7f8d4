/**
 * Whom an artist line names (ADR 0030): the covered artists a catalogue's name form resolves to,
 * most literal reading first, and never a guess:
 *
 * 1. a name form that is a covered artist's name or alias (normaliseName key);
 * 2. an exonym or period spelling of the list (name-exonyms.ts): the artists of its target,
 *    with every covered artist the form could also be the surname of;
 * 3. a full or short form of a covered name: the same surname, forenames one a subsequence of
 *    the other, an initial standing for a forename ("Jean-Antoine Watteau" for "Antoine
 *    Watteau", "J. Vermeer"); every covered artist it fits is kept;
 * 4. a surname alone (`artistIdsBySurname`).
 *
 * Several artists are several (`bySurname`: an exact title must settle which, else
 * `ambiguous_artist`); a form is never given to one of two artists who could carry it. Pure.
 */
import { normaliseName } from '../matching/normalise.js';
import type { CorpusIndex } from './corpus-index.js';
import { EXONYMS } from './name-exonyms.js';

export type NameReading = 'name' | 'exonym' | 'forenames' | 'surname';

export interface ResolvedArtists {
  artistIds: readonly string[];
  /** Several artists could be meant, or one by a shortened form: the title must settle it. */
  bySurname: boolean;
  /** The name form as written that named them (reading `name` only), else null. */
  form: string | null;
  /** How the name was read; null when it names no covered artist. */
  how: NameReading | null;
}

const NONE: ResolvedArtists = { artistIds: [], bySurname: false, form: null, how: null };

/** Exonym keys to their targets' keys. */
const EXONYM_TARGETS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const { target, forms } of EXONYMS) for (const form of forms) map.set(normaliseName(form), normaliseName(target));
  return map;
})();

/** The exonym list's targets by form key (for the tests and the evaluation). */
export const exonymTargets = (): ReadonlyMap<string, string> => EXONYM_TARGETS;

/** Whether `short` is a subsequence of `long`, word by word. */
function subsequence(short: readonly string[], long: readonly string[]): boolean {
  let j = 0;
  for (const word of long) if (j < short.length && short[j] === word) j += 1;
  return j === short.length;
}

/** Whether the subject's forename `a` stands for the record's `b`: the same word, or its initial (never the other way). */
const fits = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a));

/**
 * Forenames of two forms of one surname agree: both present, and one a subsequence of the other
 * ("Jean Antoine" / "Antoine"), or as many on each side, each the same or an initial of the
 * other ("G. B." / "Giovanni Battista"): an initial never stands for a shortened list ("J. Turner"
 * is not "J. M. W. Turner").
 */
function forenamesAgree(subject: readonly string[], record: readonly string[]): boolean {
  if (subject.length === 0 || record.length === 0) return false;
  if (subject.length === record.length) return subject.every((w, i) => fits(w, record[i] as string));
  // The record may shorten the subject's forenames by one at most ("Jean-Antoine" / "Antoine").
  if (subject.length > record.length + 1) return false;
  const [short, long] = subject.length < record.length ? [subject, record] : [record, subject];
  return short.every((w) => w.length > 1) && long.every((w) => w.length > 1) && subsequence(short, long);
}

/** Full and short forms: the covered artists whose name has the key's surname and agreeing forenames. */
function byForenames(index: CorpusIndex, key: string): string[] {
  const words = key.split(' ');
  const found = new Set<string>();
  // The longest surname first ("van dyck" before "dyck"); forenames are what precedes it.
  for (let i = 1; i < words.length; i += 1) {
    const surname = words.slice(i).join(' ');
    const forenames = words.slice(0, i);
    for (const id of index.artistIdsBySurname(surname)) {
      const artist = index.artist(id);
      if (artist === undefined) continue;
      for (const name of [artist.name, ...artist.aliases]) {
        const nameKey = normaliseName(name);
        if (!nameKey.endsWith(` ${surname}`)) continue;
        if (forenamesAgree(forenames, nameKey.slice(0, -surname.length - 1).split(' '))) {
          found.add(id);
          break;
        }
      }
    }
    if (found.size > 0) break;
  }
  return [...found];
}

/** The covered artists a line's name forms name (see the module comment). */
export function resolveArtistName(index: CorpusIndex, nameForms: readonly string[], name: string): ResolvedArtists {
  const keys: string[] = [];
  for (const form of nameForms) {
    const key = normaliseName(form);
    if (key === '') continue;
    const ids = index.artistIdsByKey(key);
    if (ids.length > 0) return { artistIds: ids, bySurname: false, form, how: 'name' };
    if (!keys.includes(key)) keys.push(key);
  }
  const nameKey = normaliseName(name);
  if (nameKey !== '' && !keys.includes(nameKey)) keys.push(nameKey);
  for (const key of keys) {
    const target = EXONYM_TARGETS.get(key);
    if (target === undefined) continue;
    const ids = new Set([...index.artistIdsByKey(target), ...index.artistIdsBySurname(key)]);
    if (ids.size > 0) return { artistIds: [...ids], bySurname: ids.size > 1, form: null, how: 'exonym' };
  }
  for (const key of keys) {
    if (!key.includes(' ')) continue;
    const ids = byForenames(index, key);
    if (ids.length > 0) return { artistIds: ids, bySurname: ids.length > 1, form: null, how: 'forenames' };
  }
  const ids = nameKey === '' ? [] : index.artistIdsBySurname(nameKey);
  return ids.length > 0 ? { artistIds: ids, bySurname: true, form: null, how: 'surname' } : NONE;
}
