import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, highlightsOf, parseSearchQuery, SEARCH_MAX_TERMS, searchTokens } from '../../../core/calls/search-query.js';
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

describe('highlightsOf: where a passage shows the query\'s words', () => {
  const marked = (text: string, q: string) => highlightsOf(text, parseSearchQuery(q)).map(({ start, end }) => text.slice(start, end));

  it('marks whole words and prefixes as the index matches them (case and accents ignored), in text order', () => {
    expect(marked('Le remboursement est effectué ; Remboursé sous 5 jours.', 'rembours*')).toEqual(['remboursement', 'Remboursé']);
    expect(marked('Élodie a appelé ELODIE', 'elodie')).toEqual(['Élodie', 'ELODIE']);
    expect(marked('refunds and refund', 'refund')).toEqual(['refund']);
    expect(marked('Nothing here', 'refund')).toEqual([]);
    expect(marked('anything', '')).toEqual([]);
  });

  it('gives UTF-16 offsets that slice the original text, astral characters included', () => {
    const text = '😀 café 😀 CAFÉ';
    expect(highlightsOf(text, parseSearchQuery('cafe'))).toEqual([
      { start: 3, end: 7 },
      { start: 11, end: 15 },
    ]);
  });

  it('every highlight is a run whose folded words include a term (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom('café', 'a*', 'x y', 'ü*'), (text, q) => {
        const terms = parseSearchQuery(q);
        let last = -1;
        for (const { start, end } of highlightsOf(text, terms)) {
          expect(start).toBeGreaterThan(last);
          last = end;
          const words = searchTokens(text.slice(start, end));
          expect(words.some((w) => terms.some((t) => (t.prefix ? w.startsWith(t.text) : w === t.text)))).toBe(true);
        }
      }),
    );
  });
});
