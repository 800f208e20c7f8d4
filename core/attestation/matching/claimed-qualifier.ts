/**
 * The qualifier a subject claims, as catalogues print it (ADR 0030): before the name ("Attributed
 * to John Sell Cotman", "Atelier de Richard Wilson", "Werkstatt des Rubens", "Toegeschreven aan
 * Jan van Goyen"), or after it, after a comma or in brackets ("Jan van Goyen, zugeschrieben",
 * "Boucher, François (1703-1770) (atelier)", "Rembrandt (?)"), in English, French (modern and
 * older spellings), German, Dutch, Italian, Spanish and Swedish (swedish-qualifiers.ts, the table
 * the corpus build reads too), mapped to the one vocabulary the verdict rules use (QUALIFIERS;
 * ADR 0012's claim vs record table applies unchanged).
 * Case and accents are free; apostrophes of every kind are one. Read in time linear in the
 * line's length: phrases are compared word by word, never as expressions (ADR 0029).
 */
import type { Qualifier } from './vocabulary.js';
import { SWEDISH_QUALIFIERS } from './swedish-qualifiers.js';
import { isSpace, readingCost } from './text-scan.js';

/** Lower case, accents off, apostrophes as `'`, one code unit per input code unit where possible. */
export interface LooseText {
  /** The folded text. */
  text: string;
  /** For each code unit of `text`, the index of the input code unit it comes from. */
  origin: number[];
}

const MARKS = /\p{M}/gu;
const APOSTROPHE = /[\u2018\u2019\u201a\u201b\u2032\u02bc\u02bb\u0060\u00b4]/;

/** Folds `input` one character at a time, keeping where each folded unit came from. */
export function looseText(input: string): LooseText {
  let text = '';
  const origin: number[] = [];
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i] as string;
    const code = ch.charCodeAt(0);
    let folded: string;
    if (code < 0x80) folded = ch.toLowerCase();
    else if (APOSTROPHE.test(ch)) folded = "'";
    else folded = ch.normalize('NFD').replace(MARKS, '').toLowerCase();
    for (let j = 0; j < folded.length; j += 1) {
      text += folded[j];
      origin.push(i);
    }
  }
  return { text, origin };
}

/**
 * Phrases before the name (folded: lower case, no accents, `'` for every apostrophe) and the
 * qualifier each claims; a phrase ending in `'` joins the name directly ("d'apres Rembrandt").
 * Where a language has the distinction the vocabulary makes, it is kept: copy after (`copie
 * d'apres`, `Kopie nach`, `kopie naar`, `copia da`, `kopia efter`) against after (`d'apres`,
 * `nach`, `naar`, `efter`, `segun`); manner, style and imitator (`maniere de`, `style de`,
 * `dans le gout de`).
 */
export const CLAIM_PHRASES: ReadonlyArray<readonly [string, Qualifier]> = [
  // English, also abbreviated
  ['formerly attributed to', 'formerly_attributed_to'],
  ['attributed to', 'attributed_to'],
  ['attributed', 'attributed_to'],
  ['attrib. to', 'attributed_to'],
  ['attrib.', 'attributed_to'],
  ['attr. to', 'attributed_to'],
  ['attr.', 'attributed_to'],
  ['ascribed to', 'attributed_to'],
  ['doubtfully attributed to', 'doubtfully_attributed_to'],
  ['possibly by', 'possibly'],
  ['possibly', 'possibly'],
  ['poss. by', 'possibly'],
  ['probably by', 'probably'],
  ['probably', 'probably'],
  ['prob. by', 'probably'],
  ['workshop of', 'workshop_of'],
  ['studio of', 'studio_of'],
  ['circle of', 'circle_of'],
  ['school of', 'school_of'],
  ['pupil of', 'pupil_of'],
  ['follower of', 'follower_of'],
  ['followers of', 'follower_of'],
  ['in the manner of', 'manner_of'],
  ['manner of', 'manner_of'],
  ['in the style of', 'style_of'],
  ['style of', 'style_of'],
  ['imitator of', 'imitator_of'],
  ['copy after', 'copy_after'],
  ['copy of', 'copy_after'],
  ['after', 'after'],
  ['by', 'firm'],
  // French, modern and older spellings
  ['anciennement attribue a', 'formerly_attributed_to'],
  ['autrefois attribue a', 'formerly_attributed_to'],
  ['attribue a', 'attributed_to'],
  ['attribue au', 'attributed_to'],
  ['attribue', 'attributed_to'],
  ['peut-etre', 'possibly'],
  ['probablement', 'probably'],
  ['atelier de', 'workshop_of'],
  ["atelier d'", 'workshop_of'],
  ['atelier du', 'workshop_of'],
  ['ecole de', 'school_of'],
  ["ecole d'", 'school_of'],
  ['ecole du', 'school_of'],
  ['entourage de', 'circle_of'],
  ["entourage d'", 'circle_of'],
  ['entourage du', 'circle_of'],
  ['cercle de', 'circle_of'],
  ["cercle d'", 'circle_of'],
  ['eleve de', 'pupil_of'],
  ["eleve d'", 'pupil_of'],
  ['eleve du', 'pupil_of'],
  ['disciple de', 'pupil_of'],
  ["disciple d'", 'pupil_of'],
  ['suiveur de', 'follower_of'],
  ["suiveur d'", 'follower_of'],
  ['suiveur du', 'follower_of'],
  ['dans le gout de', 'imitator_of'],
  ["dans le gout d'", 'imitator_of'],
  ['dans le gout du', 'imitator_of'],
  ['imitateur de', 'imitator_of'],
  ["imitateur d'", 'imitator_of'],
  ['style de', 'style_of'],
  ["style d'", 'style_of'],
  ['dans le style de', 'style_of'],
  ["dans le style d'", 'style_of'],
  ['genre de', 'style_of'],
  ["genre d'", 'style_of'],
  ['maniere de', 'manner_of'],
  ["maniere d'", 'manner_of'],
  ['dans la maniere de', 'manner_of'],
  ["dans la maniere d'", 'manner_of'],
  ['dans la maniere du', 'manner_of'],
  ['a la maniere de', 'manner_of'],
  ["a la maniere d'", 'manner_of'],
  ["copie d'apres", 'copy_after'],
  ["copie de", 'copy_after'],
  ["d'apres", 'after'],
  // A sketch or a study "de" a master claims the master's hand: a plain attribution.
  ['esquisse de', 'firm'],
  ["esquisse d'", 'firm'],
  ['etude de', 'firm'],
  ["etude d'", 'firm'],
  ['par', 'firm'],
  // German
  ['ehemals zugeschrieben', 'formerly_attributed_to'],
  ['fruher zugeschrieben', 'formerly_attributed_to'],
  ['zugeschrieben', 'attributed_to'],
  ['zugeschrieben an', 'attributed_to'],
  ['zugeschr.', 'attributed_to'],
  ['wohl', 'probably'],
  ['vermutlich', 'probably'],
  ['moglicherweise', 'possibly'],
  ['werkstatt des', 'workshop_of'],
  ['werkstatt der', 'workshop_of'],
  ['werkstatt von', 'workshop_of'],
  ['werkstatt', 'workshop_of'],
  ['kreis des', 'circle_of'],
  ['kreis der', 'circle_of'],
  ['kreis von', 'circle_of'],
  ['kreis um', 'circle_of'],
  ['umkreis des', 'circle_of'],
  ['umkreis der', 'circle_of'],
  ['umkreis von', 'circle_of'],
  ['nachfolger des', 'follower_of'],
  ['nachfolger der', 'follower_of'],
  ['nachfolger von', 'follower_of'],
  ['nachfolge des', 'follower_of'],
  ['schule des', 'school_of'],
  ['schule der', 'school_of'],
  ['schule von', 'school_of'],
  ['schuler des', 'pupil_of'],
  ['schuler von', 'pupil_of'],
  ['art des', 'style_of'],
  ['art der', 'style_of'],
  ['art von', 'style_of'],
  ['in der art des', 'style_of'],
  ['in der art von', 'style_of'],
  ['stil des', 'style_of'],
  ['im stil des', 'style_of'],
  ['im stil von', 'style_of'],
  ['manier des', 'manner_of'],
  ['manier von', 'manner_of'],
  ['in der manier des', 'manner_of'],
  ['nachahmer des', 'imitator_of'],
  ['nachahmer von', 'imitator_of'],
  ['kopie nach', 'copy_after'],
  ['nach', 'after'],
  // Dutch
  ['voorheen toegeschreven aan', 'formerly_attributed_to'],
  ['toegeschreven aan', 'attributed_to'],
  ['toegeschreven', 'attributed_to'],
  ['waarschijnlijk', 'probably'],
  ['mogelijk', 'possibly'],
  ['atelier van', 'workshop_of'],
  ['werkplaats van', 'workshop_of'],
  ['omgeving van', 'circle_of'],
  ['kring van', 'circle_of'],
  ['navolger van', 'follower_of'],
  ['navolging van', 'follower_of'],
  ['school van', 'school_of'],
  ['leerling van', 'pupil_of'],
  ['stijl van', 'style_of'],
  ['in de stijl van', 'style_of'],
  ['manier van', 'manner_of'],
  ['op de wijze van', 'manner_of'],
  ['in de trant van', 'manner_of'],
  ['kopie naar', 'copy_after'],
  ['naar', 'after'],
  // Italian
  ['gia attribuito a', 'formerly_attributed_to'],
  ['attribuito a', 'attributed_to'],
  ['attribuito al', 'attributed_to'],
  ['attribuito', 'attributed_to'],
  ['probabilmente', 'probably'],
  ['forse', 'possibly'],
  ['bottega di', 'workshop_of'],
  ['bottega del', 'workshop_of'],
  ['cerchia di', 'circle_of'],
  ['cerchia del', 'circle_of'],
  ['ambito di', 'circle_of'],
  ['ambito del', 'circle_of'],
  ['seguace di', 'follower_of'],
  ['seguace del', 'follower_of'],
  ['scuola di', 'school_of'],
  ['scuola del', 'school_of'],
  ['allievo di', 'pupil_of'],
  ['allievo del', 'pupil_of'],
  ['maniera di', 'manner_of'],
  ['maniera del', 'manner_of'],
  ['alla maniera di', 'manner_of'],
  ['alla maniera del', 'manner_of'],
  ['stile di', 'style_of'],
  ['nello stile di', 'style_of'],
  ['imitatore di', 'imitator_of'],
  ['copia da', 'copy_after'],
  ['copia di', 'copy_after'],
  // Spanish
  ['anteriormente atribuido a', 'formerly_attributed_to'],
  ['atribuido a', 'attributed_to'],
  ['atribuido al', 'attributed_to'],
  ['atribuido', 'attributed_to'],
  ['probablemente', 'probably'],
  ['posiblemente', 'possibly'],
  ['taller de', 'workshop_of'],
  ['taller del', 'workshop_of'],
  ['circulo de', 'circle_of'],
  ['circulo del', 'circle_of'],
  ['entorno de', 'circle_of'],
  ['seguidor de', 'follower_of'],
  ['seguidor del', 'follower_of'],
  ['escuela de', 'school_of'],
  ['escuela del', 'school_of'],
  ['discipulo de', 'pupil_of'],
  ['alumno de', 'pupil_of'],
  ['estilo de', 'style_of'],
  ['al estilo de', 'style_of'],
  ['manera de', 'manner_of'],
  ['a la manera de', 'manner_of'],
  ['imitador de', 'imitator_of'],
  ['copia segun', 'copy_after'],
  ['copia de', 'copy_after'],
  ['segun', 'after'],
  // Swedish: the one table the corpus build reads too (swedish-qualifiers.ts)
  ...SWEDISH_QUALIFIERS.filter((q) => q.before).map((q) => [q.phrase, q.qualifier] as const),
];

/**
 * Qualifiers printed after the name, after a comma or in brackets, bare (folded, one space
 * between words): "Jan van Goyen, zugeschrieben", "(atelier)", "Rembrandt (?)".
 */
export const TRAILING_PHRASES: ReadonlyArray<readonly [string, Qualifier]> = [
  // English
  ['attributed', 'attributed_to'], ['attrib.', 'attributed_to'], ['attr.', 'attributed_to'], ['?', 'possibly'], ['possibly', 'possibly'],
  ['probably', 'probably'], ['workshop', 'workshop_of'], ['and workshop', 'workshop_of'], ['studio', 'studio_of'], ['and studio', 'studio_of'],
  ['circle', 'circle_of'], ['school', 'school_of'], ['pupil', 'pupil_of'], ['follower', 'follower_of'], ['followers', 'follower_of'],
  ['manner', 'manner_of'], ['style', 'style_of'], ['imitator', 'imitator_of'], ['copy', 'copy_after'], ['after', 'after'],
  ['formerly attributed', 'formerly_attributed_to'],
  // French
  ['attribue', 'attributed_to'], ['atelier', 'workshop_of'], ['ecole', 'school_of'], ['entourage', 'circle_of'], ['cercle', 'circle_of'],
  ['suiveur', 'follower_of'], ['eleve', 'pupil_of'], ['copie', 'copy_after'], ['maniere', 'manner_of'], ['genre', 'style_of'],
  ['imitateur', 'imitator_of'], ['anciennement attribue', 'formerly_attributed_to'],
  // German
  ['zugeschrieben', 'attributed_to'], ['zugeschr.', 'attributed_to'], ['werkstatt', 'workshop_of'], ['kreis', 'circle_of'],
  ['umkreis', 'circle_of'], ['nachfolger', 'follower_of'], ['nachfolge', 'follower_of'], ['schule', 'school_of'], ['schuler', 'pupil_of'],
  ['kopie', 'copy_after'], ['art', 'style_of'], ['manier', 'manner_of'], ['stil', 'style_of'], ['nachahmer', 'imitator_of'],
  ['wohl', 'probably'], ['ehemals zugeschrieben', 'formerly_attributed_to'],
  // Dutch
  ['toegeschreven', 'attributed_to'], ['werkplaats', 'workshop_of'], ['omgeving', 'circle_of'], ['kring', 'circle_of'],
  ['navolger', 'follower_of'], ['navolging', 'follower_of'], ['leerling', 'pupil_of'], ['stijl', 'style_of'], ['trant', 'manner_of'],
  // Italian
  ['attribuito', 'attributed_to'], ['bottega', 'workshop_of'], ['cerchia', 'circle_of'], ['ambito', 'circle_of'], ['seguace', 'follower_of'],
  ['scuola', 'school_of'], ['allievo', 'pupil_of'], ['copia', 'copy_after'], ['maniera', 'manner_of'], ['stile', 'style_of'],
  ['imitatore', 'imitator_of'],
  // Spanish
  ['atribuido', 'attributed_to'], ['taller', 'workshop_of'], ['circulo', 'circle_of'], ['entorno', 'circle_of'], ['seguidor', 'follower_of'],
  ['escuela', 'school_of'], ['discipulo', 'pupil_of'], ['estilo', 'style_of'], ['manera', 'manner_of'], ['imitador', 'imitator_of'],
  // Swedish: the one table the corpus build reads too (swedish-qualifiers.ts)
  ...SWEDISH_QUALIFIERS.filter((q) => q.after).map((q) => [q.phrase, q.qualifier] as const),
];

export interface ClaimedQualifier {
  qualifier: Qualifier;
  /** Input code units the phrase takes, the spaces after it included. */
  length: number;
}

interface Phrase {
  words: readonly string[];
  qualifier: Qualifier;
  /** Ends in `'`: joins the name directly. */
  elided: boolean;
}

/** The words of a folded phrase: split at spaces, an apostrophe ending its word ("d'apres" -> "d'", "apres"). */
function phraseWords(phrase: string): string[] {
  return phrase.replace(/'/g, "' ").split(' ').filter((w) => w !== '');
}

/** Leading phrases by their first word, most words first (so "formerly attributed to" wins over "attributed to"). */
const PHRASES_BY_FIRST: ReadonlyMap<string, readonly Phrase[]> = (() => {
  const byFirst = new Map<string, Phrase[]>();
  for (const [phrase, qualifier] of CLAIM_PHRASES) {
    const words = phraseWords(phrase);
    const list = byFirst.get(words[0] as string) ?? [];
    list.push({ words, qualifier, elided: phrase.endsWith("'") });
    byFirst.set(words[0] as string, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length || b.words.join(' ').length - a.words.join(' ').length);
  return byFirst;
})();
const LONGEST_PHRASE = Math.max(...[...PHRASES_BY_FIRST.values()].flat().map((p) => p.words.length));

const TRAILING: ReadonlyMap<string, Qualifier> = new Map(TRAILING_PHRASES);
const LONGEST_TRAILING = Math.max(...TRAILING_PHRASES.map(([p]) => p.length));
/**
 * Words that join a qualifier to the name it precedes, left hanging when the qualifier is printed
 * after the name: "Rembrandt, school of", "Rubens (circle of)", "Boucher (attribué à)",
 * "Teniers (copy after)", "Goyen (toegeschreven aan)".
 */
const CONNECTORS = new Set(['of', 'to', 'after', 'by', 'de', 'du', 'des', 'd', 'a', 'van', 'von', 'der', 'nach', 'naar', 'aan', 'di', 'del', 'della', 'da']);
const LONGEST_CONNECTOR = 1 + Math.max(...[...CONNECTORS].map((c) => c.length));

/** A trailing key without the connector word ending it ("school of" -> "school"), or '' when it has none. */
function withoutConnector(key: string): string {
  const space = key.lastIndexOf(' ');
  return space > 0 && CONNECTORS.has(key.slice(space + 1)) ? key.slice(0, space) : '';
}

/** ASCII code units a claim phrase can start with (upper and lower case): other ASCII starts claim nothing. */
const PHRASE_STARTS: readonly boolean[] = (() => {
  const starts = new Array<boolean>(128).fill(false);
  for (const [phrase] of CLAIM_PHRASES) {
    const code = phrase.charCodeAt(0);
    starts[code] = true;
    starts[phrase.toUpperCase().charCodeAt(0)] = true;
  }
  return starts;
})();

const isWordEnd = (code: number) => isSpace(code) || code === 0x3a;

/** The first `max` words of folded text: where each starts and ends; an apostrophe ends its word. */
function wordsOf(text: string, max: number): Array<{ word: string; start: number; end: number }> {
  const words: Array<{ word: string; start: number; end: number }> = [];
  let i = 0;
  while (i < text.length && words.length < max) {
    while (i < text.length && isWordEnd(text.charCodeAt(i))) i += 1;
    const start = i;
    while (i < text.length && !isWordEnd(text.charCodeAt(i))) {
      i += 1;
      if (text.charCodeAt(i - 1) === 0x27) break;
    }
    if (i > start) words.push({ word: text.slice(start, i), start, end: i });
  }
  readingCost.steps += i + 1;
  return words;
}

/** The qualifier phrase that starts `input` (after leading spaces), or null. */
export function readClaimedQualifier(input: string): ClaimedQualifier | null {
  const lead = input.length - input.trimStart().length;
  // An ASCII first character folds to itself lower-cased: no phrase starts with most of them.
  const first = input.charCodeAt(lead);
  if (first < 0x80 && PHRASE_STARTS[first] !== true) return null;
  // A first word of ASCII letters folds to itself lower-cased: most are no phrase's first word.
  let end = lead;
  let ascii = true;
  while (end < input.length && !isWordEnd(input.charCodeAt(end)) && input.charCodeAt(end) !== 0x27) {
    if (input.charCodeAt(end) >= 0x80) ascii = false;
    end += 1;
  }
  readingCost.steps += end - lead + 1;
  if (ascii && input.charCodeAt(end) !== 0x27 && (end >= input.length || !PHRASES_BY_FIRST.has(input.slice(lead, end).toLowerCase()))) return null;
  const loose = looseText(input.slice(lead));
  const words = wordsOf(loose.text, LONGEST_PHRASE + 1);
  const candidates = words.length === 0 ? undefined : PHRASES_BY_FIRST.get(words[0]!.word);
  if (candidates === undefined) return null;
  for (const phrase of candidates) {
    if (phrase.words.length > words.length) continue;
    if (!phrase.words.every((w, i) => words[i]!.word === w)) continue;
    let end = words[phrase.words.length - 1]!.end;
    if (!phrase.elided) {
      // A whole-word phrase is followed by a space or a colon.
      if (end >= loose.text.length || !isWordEnd(loose.text.charCodeAt(end))) continue;
      while (end < loose.text.length && isWordEnd(loose.text.charCodeAt(end))) end += 1;
    }
    // Nothing may be left to read as a name: "After" alone is not a claim.
    if (end >= loose.text.length) return null;
    return { qualifier: phrase.qualifier, length: lead + (loose.origin[end] ?? input.length - lead) };
  }
  return null;
}

/** Folded, white space collapsed, trimmed: how a bracketed or comma-separated qualifier is looked up. */
function trailingKey(text: string): string {
  return looseText(text).text.replace(/\s+/g, ' ').trim();
}

/**
 * A qualifier printed after the name: the last bracketed group, the last comma segment, or a
 * question mark ending the line. Returns the qualifier and the line without it, or null.
 */
export function readTrailingQualifier(line: string): { qualifier: Qualifier; rest: string } | null {
  const text = line.trimEnd();
  const last = text.charCodeAt(text.length - 1);
  let cut = -1;
  let key = '';
  if (last === 0x29 || last === 0x5d) {
    cut = text.lastIndexOf(last === 0x29 ? '(' : '[');
    if (cut < 0 || text.length - cut > 4 * LONGEST_TRAILING) return null;
    key = trailingKey(text.slice(cut + 1, -1));
  } else if (last === 0x3f) {
    cut = text.length - 1;
    key = '?';
  } else {
    cut = text.lastIndexOf(',');
    if (cut < 0 || text.length - cut > 4 * LONGEST_TRAILING) return null;
    key = trailingKey(text.slice(cut + 1));
  }
  readingCost.steps += text.length - cut + 1;
  const qualifier = key.length > LONGEST_TRAILING + LONGEST_CONNECTOR ? undefined : (TRAILING.get(key) ?? TRAILING.get(withoutConnector(key)));
  if (qualifier === undefined) return null;
  const rest = text.slice(0, cut).trim();
  // The qualifier alone names nobody.
  return rest === '' || rest === ',' ? null : { qualifier, rest };
}
