import type { SearchTerm } from '../../core/shared/search-query.js';
import { searchTokens } from '../../core/shared/search-query.js';
import { validationError } from '../../core/shared/errors.js';

/**
 * Text to `tsvector` and search terms to `tsquery`, built here rather than by PostgreSQL's
 * text parser: words are cut and folded by `searchTokens` (lower case, accents removed, every
 * non-letter/digit a separator), the same function the SQLite tokenizer is checked against and
 * the in-memory fake uses, so all three adapters match the same calls. Both travel as bound
 * parameters cast to their type; nothing a caller types becomes tsquery operators or SQL.
 */

/** PostgreSQL's limits: a lexeme below 2 KiB, a tsvector below 1 MiB, positions up to 16383. */
const MAX_LEXEME_BYTES = 2046;
const MAX_TSVECTOR_BYTES = 1_048_575;
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 256;

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A lexeme longer than PostgreSQL allows keeps its first 2046 bytes. Such a word has more
 * than 511 characters and a query word at most 500 (SEARCH_QUERY_MAX_LENGTH), so the
 * truncated lexeme still matches every prefix query it matched and never a whole-word one
 * it did not.
 */
export function fitLexeme(token: string): string {
  if (Buffer.byteLength(token) <= MAX_LEXEME_BYTES) return token;
  let out = '';
  let bytes = 0;
  for (const ch of token) {
    const b = Buffer.byteLength(ch);
    if (bytes + b > MAX_LEXEME_BYTES) break;
    out += ch;
    bytes += b;
  }
  return out;
}

function tooManyWords(): never {
  throw validationError('The text holds too many distinct words for the search index (1 MiB of distinct words at most).', [
    { path: 'text', message: 'too many distinct words to index' },
  ]);
}

/** The distinct words of `text` as a tsvector literal, without positions (matching only). */
export function tsvectorOf(text: string): string {
  const lexemes = [...new Set(searchTokens(text).map(fitLexeme))].map(quote);
  const literal = lexemes.join(' ');
  if (Buffer.byteLength(literal) > MAX_TSVECTOR_BYTES) tooManyWords();
  return literal;
}

/** The words of `text` with their positions (1-based), for ranking by frequency. */
export function tsvectorWithPositions(text: string): string {
  const positions = new Map<string, number[]>();
  searchTokens(text).forEach((token, i) => {
    const lexeme = fitLexeme(token);
    const at = positions.get(lexeme);
    const position = Math.min(i + 1, MAX_POSITION);
    if (at === undefined) positions.set(lexeme, [position]);
    else if (at.length < MAX_POSITIONS_PER_LEXEME && at[at.length - 1] !== position) at.push(position);
  });
  const literal = [...positions].map(([lexeme, at]) => `${quote(lexeme)}:${at.join(',')}`).join(' ');
  if (Buffer.byteLength(literal) > MAX_TSVECTOR_BYTES) tooManyWords();
  return literal;
}

const termQuery = (t: SearchTerm) => `${quote(fitLexeme(t.text))}${t.prefix ? ':*' : ''}`;

/** Every term (`&`); the empty list is never searched (callers check). */
export const tsqueryAll = (terms: SearchTerm[]): string => terms.map(termQuery).join(' & ');

/** Any of the terms (`|`). */
export const tsqueryAny = (terms: SearchTerm[]): string => terms.map(termQuery).join(' | ');
