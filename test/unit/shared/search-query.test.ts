import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, parseSearchQuery, SEARCH_MAX_TERMS, searchTokens } from '../../../core/shared/search-query.js';
import { fts5Query } from '../../../adapters/sqlite/sqlite-call-search.js';

describe('parseSearchQuery', () => {
  it('folds case and accents, splits on anything that is not a letter or digit', () => {
    expect(parseSearchQuery('Réservation ANNULÉE, s’il-vous-plaît!')).toEqual([
      { text: 'reservation', prefix: false },
      { text: 'annulee', prefix: false },
      { text: 's', prefix: false },
      { text: 'il', prefix: false },
      { text: 'vous', prefix: false },
      { text: 'plait', prefix: false },
    ]);
    expect(foldForSearch('Ÿ Ñ Ç Å Ø')).toBe('y n c a ø');
  });

  it('reads a trailing * as a prefix, and drops repeated words', () => {
    expect(parseSearchQuery('rembours* carte Carte rembours*')).toEqual([
      { text: 'rembours', prefix: true },
      { text: 'carte', prefix: false },
    ]);
    expect(parseSearchQuery('*oops * **')).toEqual([{ text: 'oops', prefix: false }]);
  });

  it('a query without words filters nothing; absent is the same', () => {
    expect(parseSearchQuery(undefined)).toEqual([]);
    expect(parseSearchQuery('  "*" () -- ; ')).toEqual([]);
  });

  it('refuses over-long queries and too many words with a 400 naming q', () => {
    expect(() => parseSearchQuery('x'.repeat(501))).toThrow(expect.objectContaining({ code: 'VALIDATION', errors: [expect.objectContaining({ path: 'q' })] }));
    const many = Array.from({ length: SEARCH_MAX_TERMS + 1 }, (_, i) => `w${i}`).join(' ');
    expect(() => parseSearchQuery(many)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('always yields terms made of folded letters and digits only (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (q) => {
        const terms = (() => {
          try {
            return parseSearchQuery(q);
          } catch (err) {
            expect((err as { code?: string }).code).toBe('VALIDATION');
            return [];
          }
        })();
        for (const t of terms) {
          expect(t.text).toMatch(/^[\p{L}\p{N}]+$/u);
          expect(t.text).toBe(foldForSearch(t.text));
          expect(searchTokens(t.text)).toEqual([t.text]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('quotes every term for FTS5, so no term can be read as syntax', () => {
    expect(fts5Query(parseSearchQuery('NEAR(refund order) OR x*'))).toBe('"near" "refund" "order" "or" "x"*');
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (q) => {
        let terms;
        try {
          terms = parseSearchQuery(q);
        } catch {
          return;
        }
        expect(fts5Query(terms)).toMatch(/^("[^"]+"\*? ?)*$/);
      }),
    );
  });
});
