import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { normaliseName } from '../../../core/attestation/matching/normalise.js';
import { evaluate } from '../../../core/attestation/verdict/evaluate.js';
import { attribution, fixtureSnapshot, work } from '../../fixtures/attestation/fixture-corpus.js';

/** Properties of ADR 0033 over a corpus holding generic, shared and foreign-readable titles. */
const base = fixtureSnapshot();
const snapshot = {
  ...base,
  works: [
    ...base.works,
    work('wrk_g1', 'Portrait of a Man', [attribution('art_rembrandt', 'firm', 'import:tate')]),
    work('wrk_g2', 'Portrait of a Man', [attribution('art_rembrandt', 'workshop_of', 'import:nga')]),
    work('wrk_g3', 'Study', [attribution('art_turner', 'firm', 'import:tate')]),
    work('wrk_g4', 'Nature morte', [attribution('art_courbet', 'firm', 'import:kb')]),
    work('wrk_g5', 'A Burial at Ornans', [attribution('art_courbet', 'firm', 'import:kb')]),
  ],
};
const index = CorpusIndex.build(snapshot);
const RUNS = { numRuns: 400 };

const coveredNames = snapshot.artists.flatMap((a) => [a.name, ...a.aliases]);
const coveredWords = new Set(coveredNames.flatMap((n) => normaliseName(n).split(' ')).filter((w) => w !== ''));

/** Generic titles as catalogues print them, in every language of the vocabulary. */
const GENERIC = ['Portrait of a Man', 'Portrait of a Lady', 'Portret van een man', 'Bildnis eines Mannes', 'Ritratto di gentiluomo', 'Retrato de un hombre', 'Porträtt av en man', 'Portrait d’homme', 'Study', 'Étude', 'Sketch', 'Landscape', 'Paysage', 'Still Life', 'Nature morte', 'Stilleben', 'Untitled', 'Sans titre', 'Head of a Girl', 'Tête de femme'];
const DECORATIONS = ['', '12. ', 'Lot 4: ', '"', ' (recto)', ', 1650', ' – sketch', ' (c. 1640)', ' '];
const decorate = fc.tuple(fc.constantFrom(...DECORATIONS), fc.constantFrom(...DECORATIONS));
const FOREIGN = ['Un enterrement à Ornans', 'La Vocation de saint Matthieu', 'Die Anbetung der Könige', 'Het Laatste Avondmaal', 'La nascita di Venere', 'El Expolio', 'Venus födelse', 'Nature morte aux pommes'];

describe('generic and translated titles (ADR 0033)', () => {
  it('never attests a generic title without subject_ref, whoever the artist and however it is decorated', () => {
    fc.assert(
      fc.property(fc.constantFrom(...coveredNames), fc.constantFrom(...GENERIC), decorate, (artist, title, [before, after]) => {
        const outcome = evaluate(index, { subject_artist: artist, subject_title: `${before}${title}${after}` });
        expect(outcome.verdict).not.toBe('attested');
        if (outcome.verdict === 'contradicted') expect.unreachable(`${artist} / ${title}`);
      }),
      RUNS,
    );
  });

  it('never turns unavailable for an uncovered artist into anything else, translated or decorated', () => {
    const uncovered = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => normaliseName(s).split(' ').every((w) => !coveredWords.has(w)));
    fc.assert(
      fc.property(uncovered, fc.constantFrom(...FOREIGN, ...GENERIC, ...snapshot.works.map((w) => w.title)), decorate, (artist, title, [before, after]) => {
        const outcome = evaluate(index, { subject_artist: artist, subject_title: `${before}${title}${after}` });
        expect(outcome.verdict).toBe('unavailable');
        expect(outcome.attestations).toEqual([]);
      }),
      RUNS,
    );
  });

  it('lets subject_ref pin a generic title to the record it names', () => {
    expect(evaluate(index, { subject_artist: 'Rembrandt', subject_title: 'Portrait of a Man', subject_ref: 'wrk_g1' }).verdict).toBe('attested');
    expect(evaluate(index, { subject_artist: 'Rembrandt', subject_title: 'Portrait of a Man', subject_ref: 'wrk_g2' }).verdict).toBe('contradicted');
    expect(evaluate(index, { subject_artist: 'Courbet', subject_title: 'Un enterrement à Ornans' }).verdict).toBe('attested');
    expect(evaluate(index, { subject_artist: 'Courbet', subject_title: 'Nature morte' }).reason).toBe('generic_title');
  });
});
