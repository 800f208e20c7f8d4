/**
 * The one Swedish qualifier table (core/attestation/matching/swedish-qualifiers.ts): a Swedish
 * phrase means the same qualifier when a subject claims it (before or after the name) and when a
 * Nationalmuseum record carries it (corpus build), and no phrase of any language maps to two
 * qualifiers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAIM_PHRASES, TRAILING_PHRASES, readClaimedQualifier, readTrailingQualifier } from '../../../core/attestation/matching/claimed-qualifier.js';
import { readSwedishQualifier, SWEDISH_QUALIFIERS } from '../../../core/attestation/matching/swedish-qualifiers.js';
import { parseArtistLine } from '../../../core/attestation/matching/artist-line.js';
import { nmQualifierWord } from '../../../corpus/build/qualifiers.js';

/** Swedish spelling of a folded phrase: its accents back where Swedish writes them. */
const SPELT: Record<string, string> = { atelje: 'ateljé', osaker: 'osäker', efterfoljare: 'efterföljare', mojligen: 'möjligen', maner: 'manér', imitator: 'imitatör' };
const spelt = (phrase: string) => phrase.split(' ').map((w) => SPELT[w] ?? w).join(' ');

/** Upper-cases the letters `mask` picks (catalogues print qualifiers in any case). */
const cased = (text: string, mask: readonly boolean[]) => [...text].map((c, i) => (mask[i % mask.length] ? c.toUpperCase() : c)).join('');

describe('the Swedish qualifier table', () => {
  it('holds each phrase once', () => {
    const phrases = SWEDISH_QUALIFIERS.map((q) => q.phrase);
    expect(new Set(phrases).size).toBe(phrases.length);
  });

  it('reads "ateljé" as studio_of and "hans art" as manner_of on both sides (they disagreed before)', () => {
    expect(readClaimedQualifier('Ateljé Anders Zorn ')?.qualifier).toBe('studio_of');
    expect(readTrailingQualifier('Rembrandt (hans ateljé)')?.qualifier).toBe('studio_of');
    expect(nmQualifierWord('Hans ateljé')).toEqual({ qualifier: 'studio_of', current: true });
    expect(readTrailingQualifier('Rembrandt, hans art')?.qualifier).toBe('manner_of');
    expect(nmQualifierWord('Hans art')).toEqual({ qualifier: 'manner_of', current: true });
    // German "Art" alone after a name stays German's: the Swedish word is only read in "hans art".
    expect(readTrailingQualifier('Rubens, Art')?.qualifier).toBe('style_of');
  });

  it('gives every phrase, in any case and with or without its accents, the same qualifier in a claim and in a record', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SWEDISH_QUALIFIERS), fc.boolean(), fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }), (row, accents, mask) => {
        const written = cased(accents ? spelt(row.phrase) : row.phrase, mask);
        // The record side (Nationalmuseum's roles and qualifiers): current unless former.
        const record = nmQualifierWord(written);
        expect(record).toEqual({ qualifier: row.qualifier, current: row.qualifier !== 'formerly_attributed_to' });
        expect(readSwedishQualifier(written)).toBe(row.qualifier);
        // The claim side, where the phrase is printed.
        if (row.before) {
          const line = parseArtistLine(`${written} Anders Zorn`);
          expect(line.qualifier).toBe(row.qualifier);
          expect(line.name).toBe('Anders Zorn');
        }
        if (row.after) {
          const line = parseArtistLine(`Anders Zorn, ${written}`);
          expect(line.qualifier).toBe(row.qualifier);
          expect(line.name).toBe('Anders Zorn');
          // In brackets the vocabulary reads the same (a bare "(skola)", like "(school)", is taken
          // for a school designation by the line reader first: school-period.ts).
          expect(readTrailingQualifier(`Anders Zorn (${written})`)).toEqual({ qualifier: row.qualifier, rest: 'Anders Zorn' });
        }
      }),
      { numRuns: 400 },
    );
  });

  it('leaves a plain Swedish role unqualified', () => {
    for (const role of ['Konstnär', 'Utförd av', 'Komp. och utförd av']) expect(nmQualifierWord(role)).toBeNull();
  });
});

describe('the claim vocabulary of every language', () => {
  it('never maps one phrase to two qualifiers, before or after the name', () => {
    for (const table of [CLAIM_PHRASES, TRAILING_PHRASES]) {
      const seen = new Map<string, string>();
      for (const [phrase, qualifier] of table) {
        expect(seen.get(phrase) ?? qualifier, phrase).toBe(qualifier);
        seen.set(phrase, qualifier);
      }
    }
  });
});
