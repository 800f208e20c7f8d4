/**
 * The qualifier a subject claims, read from the start of its artist line in English or in French
 * (the language of decree 81-255): "Attributed to John Sell Cotman", "Atelier de Richard Wilson",
 * "D'après Rembrandt". Case and accents are free; apostrophes of every kind are one.
 */
import type { Qualifier } from '../corpus/corpus.model.js';

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

/** Phrases (folded) and the qualifier each claims; a phrase ending in `'` joins the name directly. */
export const CLAIM_PHRASES: ReadonlyArray<readonly [string, Qualifier]> = [
  // English
  ['formerly attributed to', 'formerly_attributed_to'],
  ['attributed to', 'attributed_to'],
  ['ascribed to', 'attributed_to'],
  ['doubtfully attributed to', 'doubtfully_attributed_to'],
  ['possibly by', 'possibly'],
  ['probably by', 'probably'],
  ['workshop of', 'workshop_of'],
  ['studio of', 'studio_of'],
  ['circle of', 'circle_of'],
  ['school of', 'school_of'],
  ['pupil of', 'pupil_of'],
  ['follower of', 'follower_of'],
  ['in the manner of', 'manner_of'],
  ['manner of', 'manner_of'],
  ['in the style of', 'style_of'],
  ['style of', 'style_of'],
  ['imitator of', 'imitator_of'],
  ['copy after', 'copy_after'],
  ['copy of', 'copy_after'],
  ['after', 'after'],
  ['by', 'firm'],
  // French
  ['anciennement attribue a', 'formerly_attributed_to'],
  ['attribue a', 'attributed_to'],
  ['atelier de', 'workshop_of'],
  ["atelier d'", 'workshop_of'],
  ['ecole de', 'school_of'],
  ["ecole d'", 'school_of'],
  ['entourage de', 'circle_of'],
  ["entourage d'", 'circle_of'],
  ['eleve de', 'pupil_of'],
  ["eleve d'", 'pupil_of'],
  ['suiveur de', 'follower_of'],
  ["suiveur d'", 'follower_of'],
  ['dans le gout de', 'imitator_of'],
  ["dans le gout d'", 'imitator_of'],
  ['style de', 'style_of'],
  ["style d'", 'style_of'],
  ['maniere de', 'manner_of'],
  ["maniere d'", 'manner_of'],
  ["copie d'apres", 'copy_after'],
  ["d'apres", 'after'],
  ['par', 'firm'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Longest phrases first, so that "formerly attributed to" wins over "attributed to". */
const PHRASE_RE: ReadonlyArray<readonly [RegExp, Qualifier]> = [...CLAIM_PHRASES]
  .sort((a, b) => b[0].length - a[0].length)
  .map(([phrase, q]): readonly [RegExp, Qualifier] => {
    const body = phrase.split(' ').map(escape).join('\\s+').replace(/'/g, "'\\s*");
    // A whole-word phrase must be followed by a space; an elided one ("d'") by anything.
    return [new RegExp(`^${body}${phrase.endsWith("'") ? '' : '[\\s:]+'}`), q];
  });

export interface ClaimedQualifier {
  qualifier: Qualifier;
  /** Input code units the phrase takes, the spaces after it included. */
  length: number;
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

/** The qualifier phrase that starts `input` (after leading spaces), or null. */
export function readClaimedQualifier(input: string): ClaimedQualifier | null {
  const lead = input.length - input.trimStart().length;
  // An ASCII first character folds to itself lower-cased: no phrase starts with most of them.
  const first = input.charCodeAt(lead);
  if (first < 0x80 && PHRASE_STARTS[first] !== true) return null;
  const loose = looseText(input.slice(lead));
  for (const [re, qualifier] of PHRASE_RE) {
    const m = re.exec(loose.text);
    if (m === null) continue;
    const end = m[0].length;
    // Nothing may be left to read as a name: "After" alone is not a claim.
    if (end >= loose.text.length) return null;
    return { qualifier, length: lead + (loose.origin[end] ?? input.length - lead) };
  }
  return null;
}
