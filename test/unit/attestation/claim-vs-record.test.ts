import { describe, expect, it } from 'vitest';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { QUALIFIERS, type Qualifier } from '../../../core/attestation/corpus/corpus.model.js';
import { evaluate } from '../../../core/attestation/verdict/evaluate.js';
import { CLAIM_PHRASES } from '../../../core/attestation/matching/claimed-qualifier.js';
import { artist, attribution, work } from '../../fixtures/attestation/fixture-corpus.js';

/**
 * Every cell of the claimed-qualifier-against-record table (docs/decisions/0012): each claim
 * phrase, English and French, against a record of each qualifier, a former attribution and a
 * work now given to another artist.
 *
 *   A  attested, nothing suggested;  A+ attested, the record's firmer wording suggested;
 *   C  contradicted, the record's wording suggested.
 */
type Cell = 'A' | 'A+' | 'C';
type Group = 'firm' | 'art4' | 'art5' | 'art6' | 'art7' | 'formerly';
type RecordGroup = Exclude<Group, 'formerly'> | 'formerly' | 'other_artist';

const GROUP: Record<Qualifier, Group> = {
  firm: 'firm',
  attributed_to: 'art4', possibly: 'art4', probably: 'art4', doubtfully_attributed_to: 'art4',
  workshop_of: 'art5', studio_of: 'art5',
  school_of: 'art6', pupil_of: 'art6', circle_of: 'art6', follower_of: 'art6',
  manner_of: 'art7', style_of: 'art7', imitator_of: 'art7', after: 'art7', copy_after: 'art7',
  formerly_attributed_to: 'formerly',
};

// claim (rows) x record (columns), as the ADR writes it.
const TABLE: Record<Group, Record<RecordGroup, Cell>> = {
  //          firm   art4   art5   art6   art7  formerly other_artist
  firm:     { firm: 'A',  art4: 'C',  art5: 'C',  art6: 'C',  art7: 'C', formerly: 'C', other_artist: 'C' },
  art4:     { firm: 'A+', art4: 'A',  art5: 'C',  art6: 'C',  art7: 'C', formerly: 'C', other_artist: 'C' },
  art5:     { firm: 'A+', art4: 'A+', art5: 'A',  art6: 'C',  art7: 'C', formerly: 'C', other_artist: 'C' },
  art6:     { firm: 'A+', art4: 'A+', art5: 'A+', art6: 'A',  art7: 'C', formerly: 'C', other_artist: 'C' },
  art7:     { firm: 'A+', art4: 'A+', art5: 'A+', art6: 'A+', art7: 'A', formerly: 'C', other_artist: 'C' },
  formerly: { firm: 'C',  art4: 'C',  art5: 'C',  art6: 'C',  art7: 'C', formerly: 'A', other_artist: 'A' },
};
const ARTICLE: Record<RecordGroup, string> = { firm: 'art. 3', art4: 'art. 4', art5: 'art. 5', art6: 'art. 6', art7: 'art. 7', formerly: 'art. 7', other_artist: 'art. 3' };

const records: Array<{ title: string; group: RecordGroup; qualifier: Qualifier | null }> = [
  ...QUALIFIERS.filter((q) => q !== 'formerly_attributed_to').map((q) => ({ title: `Record ${q}`, group: GROUP[q] as RecordGroup, qualifier: q })),
  { title: 'Record formerly', group: 'formerly', qualifier: null },
  { title: 'Record other artist', group: 'other_artist', qualifier: null },
];
const index = CorpusIndex.build({
  build_id: 'claims',
  artists: [artist('art_anna', 'Anna Example', ['Example, Anna'], 1600, 1660), artist('art_bruno', 'Bruno Other', [], 1610, 1670)],
  works: records.map((r, i) => {
    if (r.group === 'formerly') return work(`w${i}`, r.title, [attribution('art_anna', 'formerly_attributed_to', 'import:tate', { current: false })]);
    if (r.group === 'other_artist') {
      return work(`w${i}`, r.title, [attribution('art_anna', 'firm', 'import:tate', { current: false }), attribution('art_bruno', 'firm', 'import:tate')]);
    }
    return work(`w${i}`, r.title, [attribution('art_anna', r.qualifier as Qualifier, 'import:tate', { display: `${r.qualifier} Anna Example` })]);
  }),
});

const claims: Array<[string, Qualifier]> = [['', 'firm'], ...CLAIM_PHRASES.map(([phrase, q]): [string, Qualifier] => [phrase, q])];

describe('the claimed qualifier against the record (every cell)', () => {
  it('covers every qualifier in English and French, and every record standing', () => {
    expect(new Set(CLAIM_PHRASES.map(([, q]) => q))).toEqual(new Set(QUALIFIERS));
    expect(CLAIM_PHRASES.map(([p]) => p)).toEqual(expect.arrayContaining(['attribue a', 'atelier de', 'ecole de', 'entourage de', 'suiveur de', 'dans le gout de', 'style de', 'maniere de', "d'apres", "copie d'apres"]));
  });

  for (const [phrase, claimed] of claims) {
    for (const record of records) {
      const expected = TABLE[GROUP[claimed]][record.group];
      it(`"${phrase || '(plain)'}" on a record "${record.qualifier ?? record.group}": ${expected}`, () => {
        // The phrase as a catalogue writes it: capitalised, accents back on the French.
        const written = phrase.replace(/^./, (c) => c.toUpperCase()).replace('attribue a', 'attribué à').replace('ecole', 'école').replace('apres', 'après').replace('gout', 'goût').replace('maniere', 'manière').replace('eleve', 'élève');
        const out = evaluate(index, { subject_artist: `${written} Anna Example`.trim(), subject_title: record.title });
        expect(out.parsed.qualifier).toBe(phrase === '' ? null : claimed);
        expect(out.verdict).toBe(expected === 'C' ? 'contradicted' : 'attested');
        if (expected === 'A') expect(out.suggested_requalification).toBeNull();
        else expect(out.suggested_requalification?.article).toBe(ARTICLE[record.group]);
        if (record.group === 'other_artist' && expected === 'C') expect(out.suggested_requalification?.term_en).toContain('Bruno Other');
        if (expected === 'A+') expect(out.suggested_requalification?.note).toMatch(/more careful than the records/);
      });
    }
  }
});
