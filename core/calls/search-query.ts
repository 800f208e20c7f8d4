import { validationError } from '../shared/errors.js';
import type { SearchTerm } from './call.model.js';

export const SEARCH_QUERY_MAX_LENGTH = 500;
export const SEARCH_MAX_TERMS = 32;

/** A word: letters, digits and combining marks, optionally ending in `*` (prefix search). */
const WORD = /[\p{L}\p{N}\p{M}]+\*?/gu;

/**
 * Folds text the way the search index does (unicode61, remove_diacritics 2): decomposed,
 * combining marks dropped, lower case. `Élodie` and `elodie` are one word.
 */
export const foldForSearch = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text as the index sees them. */
export const searchTokens = (text: string): string[] => foldForSearch(text).split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 0);

/**
 * Free text to search terms. Everything that is not a word is a separator, so no input
 * (quotes, operators, parentheses, SQL) reaches an index as syntax: adapters quote each
 * term. A query with no word at all filters nothing (every one of its zero words matches).
 */
export function parseSearchQuery(q: string | undefined): SearchTerm[] {
  if (q === undefined) return [];
  if (q.length > SEARCH_QUERY_MAX_LENGTH) {
    throw validationError(`q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters.`, [{ path: 'q', message: `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters` }]);
  }
  const terms = searchTermsOf(q);
  if (terms.length > SEARCH_MAX_TERMS) {
    throw validationError(`q may hold at most ${SEARCH_MAX_TERMS} words.`, [{ path: 'q', message: `must hold at most ${SEARCH_MAX_TERMS} words` }]);
  }
  return terms;
}

/**
 * The words of a query, without the size limits: for a caller whose schema checks those
 * (the call list's wire schema reports them with the other bad fields).
 */
export function searchTermsOf(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  for (const match of q.matchAll(WORD)) {
    const prefix = match[0].endsWith('*');
    const tokens = searchTokens(prefix ? match[0].slice(0, -1) : match[0]);
    tokens.forEach((text, i) => {
      // Only the last token of a word carries its `*` (folding may split one word in two).
      const term = { text, prefix: prefix && i === tokens.length - 1 };
      const key = `${term.prefix ? '*' : '='}${text}`;
      if (!seen.has(key)) {
        seen.add(key);
        terms.push(term);
      }
    });
  }
  return terms;
}

/** Whether a text holds every term (the reference semantics the in-memory fake uses). */
export function matchesAll(tokens: ReadonlySet<string>, sortedTokens: readonly string[], terms: SearchTerm[]): boolean {
  return terms.every((term) => (term.prefix ? hasPrefix(sortedTokens, term.text) : tokens.has(term.text)));
}

function hasPrefix(sorted: readonly string[], prefix: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo].startsWith(prefix);
}

/** Where a text shows a search's words: [start, end) in UTF-16 code units (JavaScript string indexes). */
export interface Highlight {
  start: number;
  end: number;
}

/** A run of letters, digits and marks in the original text: the unit a highlight covers. */
const RUN = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The runs of `text` holding a word that matches one of `terms` as the index matches it
 * (folded; whole word, or its start for a prefix term), in text order. One pass over the text,
 * and at most `SEARCH_MAX_TERMS` comparisons per word: linear in the text's length.
 */
export function highlightsOf(text: string, terms: readonly SearchTerm[]): Highlight[] {
  if (terms.length === 0) return [];
  const exact = new Set(terms.filter((t) => !t.prefix).map((t) => t.text));
  const prefixes = terms.filter((t) => t.prefix).map((t) => t.text);
  const matches = (token: string) => exact.has(token) || prefixes.some((p) => token.startsWith(p));
  const out: Highlight[] = [];
  for (const run of text.matchAll(RUN)) {
    if (searchTokens(run[0]).some(matches)) out.push({ start: run.index, end: run.index + run[0].length });
  }
  return out;
}
