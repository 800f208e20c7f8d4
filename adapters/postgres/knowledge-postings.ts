import type { SearchTerm } from '../../core/shared/search-query.js';
import { searchTokens } from '../../core/shared/search-query.js';
import { fitLexeme } from './tsvector.js';

/**
 * The inverted index of the PostgreSQL knowledge store (ADR 0019), built here: words are cut
 * and folded by `searchTokens`, as SQLite's FTS5 tokenizer and the in-memory fake cut them, so
 * the three count the same words in a chunk and BM25 sees the same lengths and frequencies.
 */

/** A chunk's length in words and its distinct words with their counts (`terms[i]` occurs `tfs[i]` times). */
export interface ChunkPostings {
  tokens: number;
  terms: string[];
  tfs: number[];
}

export function chunkPostings(text: string): ChunkPostings {
  const tokens = searchTokens(text);
  const counts = new Map<string, number>();
  for (const token of tokens) {
    const term = fitLexeme(token);
    counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return { tokens: tokens.length, terms: [...counts.keys()], tfs: [...counts.values()] };
}

/** The code point after `cp`, skipping the surrogates (no string holds them alone). */
const nextCodePoint = (cp: number) => (cp === 0xd7ff ? 0xe000 : cp + 1);

/**
 * The key range `[from, to)` of the words a term matches in a byte-ordered (`COLLATE "C"`)
 * index: UTF-8 sorts as code points do. A whole word's range holds that word alone (no word
 * holds U+0001, a separator); a prefix's ends at the prefix with its last code point
 * incremented. A word never ends in U+10FFFF (not a letter or digit), so that case cannot arise.
 */
export function termRange(term: SearchTerm): { from: string; to: string } {
  const from = fitLexeme(term.text);
  if (!term.prefix) return { from, to: `${from}\u0001` };
  const cps = [...from];
  const last = cps.pop()?.codePointAt(0) ?? 0;
  return { from, to: cps.join('') + String.fromCodePoint(nextCodePoint(last)) };
}
