import { describe, expect, it } from 'vitest';
import { QUALIFIERS, type Qualifier } from '../../../core/attestation/corpus/corpus.model.js';
import { DECREE_81_255, suggestRequalification } from '../../../core/attestation/verdict/requalification.js';

const EXPECTED: Record<Qualifier, { article: string; fr: string; en: string }> = {
  firm: { article: 'art. 3', fr: 'par Rembrandt van Rijn', en: 'by Rembrandt van Rijn' },
  attributed_to: { article: 'art. 4', fr: 'attribué à Rembrandt van Rijn', en: 'attributed to Rembrandt van Rijn' },
  possibly: { article: 'art. 4', fr: 'attribué à Rembrandt van Rijn', en: 'attributed to Rembrandt van Rijn' },
  probably: { article: 'art. 4', fr: 'attribué à Rembrandt van Rijn', en: 'attributed to Rembrandt van Rijn' },
  doubtfully_attributed_to: { article: 'art. 4', fr: 'attribué à Rembrandt van Rijn', en: 'attributed to Rembrandt van Rijn' },
  workshop_of: { article: 'art. 5', fr: 'atelier de Rembrandt van Rijn', en: 'workshop of Rembrandt van Rijn' },
  studio_of: { article: 'art. 5', fr: 'atelier de Rembrandt van Rijn', en: 'workshop of Rembrandt van Rijn' },
  school_of: { article: 'art. 6', fr: 'école de Rembrandt van Rijn', en: 'school of Rembrandt van Rijn' },
  pupil_of: { article: 'art. 6', fr: 'école de Rembrandt van Rijn', en: 'school of Rembrandt van Rijn' },
  circle_of: { article: 'art. 6', fr: 'école de Rembrandt van Rijn', en: 'school of Rembrandt van Rijn' },
  follower_of: { article: 'art. 6', fr: 'école de Rembrandt van Rijn', en: 'school of Rembrandt van Rijn' },
  manner_of: { article: 'art. 7', fr: 'manière de Rembrandt van Rijn', en: 'manner of Rembrandt van Rijn' },
  style_of: { article: 'art. 7', fr: 'style de Rembrandt van Rijn', en: 'style of Rembrandt van Rijn' },
  imitator_of: { article: 'art. 7', fr: 'dans le goût de Rembrandt van Rijn', en: 'in the taste of Rembrandt van Rijn' },
  after: { article: 'art. 7', fr: 'd’après Rembrandt van Rijn', en: 'after Rembrandt van Rijn' },
  copy_after: { article: 'art. 7', fr: 'd’après Rembrandt van Rijn', en: 'after Rembrandt van Rijn' },
  formerly_attributed_to: { article: 'art. 7', fr: 'dans le goût de Rembrandt van Rijn', en: 'in the taste of Rembrandt van Rijn' },
};

describe('DECREE_81_255', () => {
  it('has a row for every qualifier', () => {
    for (const qualifier of QUALIFIERS) expect(DECREE_81_255[qualifier]).toBeDefined();
  });
});

describe('suggestRequalification', () => {
  it.each(QUALIFIERS.map((q) => [q]))('maps %s to its article of decree 81-255', (qualifier) => {
    const expected = EXPECTED[qualifier];
    const suggestion = suggestRequalification({ subject_artist: 'Rembrandt van Rijn', subject_qualifier: qualifier });
    expect(suggestion.article).toBe(expected.article);
    expect(suggestion.term_fr).toBe(expected.fr);
    expect(suggestion.term_en).toBe(expected.en);
  });

  it('always marks the suggestion as documentary assistance, not legal advice', () => {
    const requests = [
      ...QUALIFIERS.map((q) => ({ subject_artist: 'X', subject_qualifier: q })),
      { subject_artist: 'X', subject_qualifier: null, current_artist: { name: 'Y', qualifier: 'firm' as const } },
      { subject_artist: 'X', subject_qualifier: null },
    ];
    for (const request of requests) {
      const note = suggestRequalification(request).note;
      expect(note).toContain('Documentary assistance');
      expect(note).toContain('not legal advice');
      expect(note).toContain('81-255');
    }
  });

  it('suggests "par <other artist>" (art. 3) when the work is now firmly given to another artist', () => {
    const suggestion = suggestRequalification({
      subject_artist: 'Rembrandt van Rijn',
      subject_qualifier: 'formerly_attributed_to',
      current_artist: { name: 'Ferdinand Bol', qualifier: 'firm' },
      record_display: 'Ferdinand Bol',
    });
    expect(suggestion).toMatchObject({ article: 'art. 3', term_fr: 'par Ferdinand Bol', term_en: 'by Ferdinand Bol' });
    expect(suggestion.note).toContain('Ferdinand Bol');
  });

  it('follows the qualifier of the other artist when the work is now given to them with one', () => {
    const suggestion = suggestRequalification({
      subject_artist: 'Rembrandt van Rijn',
      subject_qualifier: null,
      current_artist: { name: 'Ferdinand Bol', qualifier: 'attributed_to' },
    });
    expect(suggestion).toMatchObject({ article: 'art. 4', term_fr: 'attribué à Ferdinand Bol' });
  });

  it('falls back to "dans le goût de" (art. 7) for a former attribution with no current artist', () => {
    for (const subject_qualifier of [null, 'formerly_attributed_to'] as const) {
      const suggestion = suggestRequalification({ subject_artist: 'Rembrandt van Rijn', subject_qualifier, current_artist: null });
      expect(suggestion).toMatchObject({ article: 'art. 7', term_fr: 'dans le goût de Rembrandt van Rijn' });
    }
  });

  it('elides "de" before a vowel in French', () => {
    expect(suggestRequalification({ subject_artist: 'Ingres', subject_qualifier: 'workshop_of' }).term_fr).toBe('atelier d’Ingres');
    expect(suggestRequalification({ subject_artist: 'Adam Elsheimer', subject_qualifier: 'school_of' }).term_fr).toBe('école d’Adam Elsheimer');
    expect(suggestRequalification({ subject_artist: 'Élisabeth Vigée Le Brun', subject_qualifier: 'manner_of' }).term_fr).toBe('manière d’Élisabeth Vigée Le Brun');
    expect(suggestRequalification({ subject_artist: 'Hans Holbein', subject_qualifier: 'workshop_of' }).term_fr).toBe('atelier de Hans Holbein');
    expect(suggestRequalification({ subject_artist: 'Ingres', subject_qualifier: 'attributed_to' }).term_fr).toBe('attribué à Ingres');
  });

  it('quotes the deciding record when it is given', () => {
    const suggestion = suggestRequalification({ subject_artist: 'Rembrandt van Rijn', subject_qualifier: 'workshop_of', record_display: 'Workshop of Rembrandt van Rijn' });
    expect(suggestion.note).toContain('“Workshop of Rembrandt van Rijn”');
  });
});
