/**
 * Titles read through the multilingual vocabulary (title-vocabulary.ts, ADR 0033).
 *
 * A title key (normaliseTitle) is read word by word, longest vocabulary phrase first: each
 * phrase of any language becomes its concept (its first English form), articles, prepositions
 * and conjunctions of every language are left out, any other word stays as it is. The reading
 * key is the concepts and words sorted, so that "Paysage italien" and "Italian Landscape", or
 * "La Vocation de saint Matthieu" and "The Calling of Saint Matthew", read alike. The same
 * function reads the records' titles, so a match is always one key equal to another; nothing
 * is scored or guessed. A title is `foreign` when a word of it belongs to another language
 * than English only: only such a title is looked up by its reading (an English title must
 * equal a record's, ADR 0012).
 *
 * `isGenericTitle` tells titles that name no one work (ADR 0033): genre heads ("portrait",
 * "study", "sketch", "head", "landscape", "still life", "untitled"...) with at most modifiers
 * and one generic person ("Portrait of a Man", "Tête de vieillard", "Bildnis einer jungen Frau").
 *
 * Everything is linear in the title's length: at most MAX_PHRASE_WORDS lookups per word.
 */
import { foldText } from './normalise.js';
import {
  FIGURE_CONCEPTS,
  FUNCTION_WORDS,
  GENERIC_HEADS,
  GENERIC_MODIFIERS,
  GENERIC_PEOPLE,
  GENRE_CONCEPTS,
  PEOPLE_CONCEPTS,
  SUBJECT_CONCEPTS,
  TITLE_LANGUAGES,
  type ConceptRow,
} from './title-vocabulary.js';

/** How one title reads. */
export interface TitleReading {
  /** The concepts and other words, sorted, one space apart: what readings are compared by. */
  key: string;
  /** The concepts and other words in the title's order, in English: what `parsed.title_read_as` shows. */
  english: string;
  /** Whether a word of the title is of another language than English only. */
  foreign: boolean;
  /** Whether the title names no one work (see isGenericTitle). */
  generic: boolean;
}

/** What the vocabulary says of one word. */
interface WordEntry {
  /** The most words of a phrase starting with this word (0: it starts none, 1: only itself). */
  phraseWords: number;
  /** Whether it is a function word: absent, no; else whether English has it. */
  functionWord: boolean | undefined;
  /** The concept the word alone reads as, if any. */
  concept: string | undefined;
}

interface Vocabulary {
  /** Folded phrase -> concept (its first English form, spaces as underscores). */
  concepts: Map<string, string>;
  /** Folded phrases and function words that are English (a match of one is not foreign). */
  english: Set<string>;
  /**
   * Per word that starts a phrase or is a function word (of any language), what `readTitle`
   * asks of it, in one look-up (most words of a title are neither: one miss).
   */
  words: Map<string, WordEntry>;
  /** Words a generic title cannot do without: every word of a generic head's forms. */
  headWords: Set<string>;
  /**
   * Words that may make a reading foreign: function words English lacks, and the first word of
   * every phrase English lacks. A title with none of them never reads as foreign.
   */
  foreignStarts: Set<string>;
}

const conceptId = (english: string): string => foldText(english).replace(/ /g, '_');
const ids = (list: readonly string[]) => new Set(list.map(conceptId));

function buildVocabulary(): Vocabulary {
  const rows: readonly ConceptRow[] = [...GENRE_CONCEPTS, ...PEOPLE_CONCEPTS, ...FIGURE_CONCEPTS, ...SUBJECT_CONCEPTS];
  const concepts = new Map<string, string>();
  const english = new Set<string>();
  const phraseWords = new Map<string, number>();
  const headWords = new Set<string>();
  const foreignStarts = new Set<string>();
  const headIds = ids(GENERIC_HEADS);
  // English forms first, then each language in turn: a surface form shared by several concepts
  // reads as the first that claims it, English before any other language.
  for (let lang = 0; lang < TITLE_LANGUAGES.length; lang += 1) {
    for (const row of rows) {
      const id = conceptId((row[0].split('|')[0] as string));
      for (const form of (row[lang] as string).split('|')) {
        const folded = foldText(form);
        if (folded === '') continue;
        if (lang === 0) english.add(folded);
        if (!concepts.has(folded)) concepts.set(folded, id);
        const words = folded.split(' ');
        const first = words[0] as string;
        if (lang !== 0) foreignStarts.add(first);
        phraseWords.set(first, Math.max(phraseWords.get(first) ?? 1, words.length));
        if (headIds.has(id)) for (const word of words) headWords.add(word);
      }
    }
  }
  const functionWords = new Map<string, boolean>();
  for (const lang of TITLE_LANGUAGES) {
    for (const word of FUNCTION_WORDS[lang].split('|')) {
      const folded = foldText(word);
      if (folded === '' || folded.includes(' ')) continue;
      functionWords.set(folded, (functionWords.get(folded) ?? false) || lang === 'en');
    }
  }
  for (const [word, isEnglish] of functionWords) if (!isEnglish) foreignStarts.add(word);
  const words = new Map<string, WordEntry>();
  for (const word of new Set([...phraseWords.keys(), ...functionWords.keys()])) {
    words.set(word, { phraseWords: phraseWords.get(word) ?? 0, functionWord: functionWords.get(word), concept: concepts.get(word) });
  }
  return { concepts, english, words, headWords, foreignStarts };
}

let vocabulary: Vocabulary | null = null;
const vocab = (): Vocabulary => (vocabulary ??= buildVocabulary());

let heads: ReadonlySet<string> | null = null;
let people: ReadonlySet<string> | null = null;
let modifiers: ReadonlySet<string> | null = null;

/** Reads a title key (normaliseTitle's output, or any folded text). */
export function readTitle(titleKey: string): TitleReading {
  const v = vocab();
  const words = titleKey === '' ? [] : titleKey.split(' ');
  // Where each word starts in the key: a phrase of words i..j is one substring of the key
  // (the same text as words.slice(i, j + 1).join(' '), without the array and the join).
  const starts: number[] = new Array<number>(words.length);
  for (let w = 0, at = 0; w < words.length; w += 1) {
    starts[w] = at;
    at += (words[w] as string).length + 1;
  }
  const parts: string[] = [];
  let foreign = false;
  let i = 0;
  while (i < words.length) {
    const word = words[i] as string;
    const entry = v.words.get(word);
    let matched = 0;
    // Longest phrase first (a phrase may hold function words: "flight into egypt"), then the word
    // alone: a function word, else a concept. A word with no entry is neither.
    for (let n = entry === undefined ? 0 : Math.min(entry.phraseWords, words.length - i); n >= 2 && matched === 0; n -= 1) {
      const phrase = titleKey.slice(starts[i] as number, (starts[i + n - 1] as number) + (words[i + n - 1] as string).length);
      const concept = v.concepts.get(phrase);
      if (concept !== undefined) {
        parts.push(concept);
        if (!v.english.has(phrase)) foreign = true;
        matched = n;
      }
    }
    if (matched === 0 && entry !== undefined) {
      if (entry.functionWord !== undefined) {
        if (!entry.functionWord) foreign = true;
        matched = 1;
      } else if (entry.concept !== undefined) {
        parts.push(entry.concept);
        if (!v.english.has(word)) foreign = true;
        matched = 1;
      }
    }
    if (matched === 0) {
      parts.push(word);
      matched = 1;
    }
    i += matched;
  }
  return {
    key: parts.slice().sort().join(' '),
    english: parts.join(' ').replace(/_/g, ' '),
    foreign,
    generic: isGenericParts(parts),
  };
}

/**
 * Whether `readTitle(titleKey).foreign` can be true: a word of the key is a function word English
 * lacks or starts a phrase English lacks. False means the title reads as English, so a caller
 * that only wants a foreign reading need not read it (most titles not found as written).
 */
export function mayReadForeign(titleKey: string): boolean {
  const v = vocab();
  let start = 0;
  for (;;) {
    const space = titleKey.indexOf(' ', start);
    if (v.foreignStarts.has(space < 0 ? titleKey.slice(start) : titleKey.slice(start, space))) return true;
    if (space < 0) return false;
    start = space + 1;
  }
}

/**
 * Modifiers*, one or more heads, modifiers*, at most one person, and nothing else:
 * "portrait man", "seated nude", "head old woman", "study", "untitled".
 */
function isGenericParts(parts: readonly string[]): boolean {
  heads ??= ids(GENERIC_HEADS);
  people ??= ids(GENERIC_PEOPLE);
  modifiers ??= ids(GENERIC_MODIFIERS);
  let sawHead = false;
  let sawPerson = false;
  for (const part of parts) {
    if (sawPerson) return false;
    if (heads.has(part)) sawHead = true;
    else if (people.has(part)) {
      if (!sawHead) return false;
      sawPerson = true;
    } else if (!modifiers.has(part)) return false;
  }
  return sawHead;
}

/** Whether a title key names no one work: "portrait of a lady", "study", "nature morte" (ADR 0033). */
export function isGenericTitle(titleKey: string): boolean {
  // Most titles hold no word of a generic head: they are not read at all.
  const v = vocab();
  let start = 0;
  for (;;) {
    const space = titleKey.indexOf(' ', start);
    if (v.headWords.has(space < 0 ? titleKey.slice(start) : titleKey.slice(start, space))) return readTitle(titleKey).generic;
    if (space < 0) return false;
    start = space + 1;
  }
}
