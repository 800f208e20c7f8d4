import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { OBJECT_TYPES, type CorpusWork, type ObjectType, type WorkObject } from '../../../core/attestation/corpus/corpus.model.js';
import { objectKindOfMedium } from '../../../core/attestation/matching/object-kind.js';
import { evaluate, MAX_OBJECT_SCAN } from '../../../core/attestation/verdict/evaluate.js';
import { fitsLot, lotObject, yearSpan } from '../../../core/attestation/verdict/object-match.js';
import { artist, attribution, work } from '../../fixtures/attestation/fixture-corpus.js';

const object = (object_type: ObjectType | null, medium: string | null = null, date: string | null = null): WorkObject => ({
  object_type,
  medium,
  date,
  dimensions: null,
  collection: 'Somewhere',
});
const withObject = (w: CorpusWork, o: WorkObject): CorpusWork => ({ ...w, object: o });

describe('objectKindOfMedium: a medium as catalogues print it', () => {
  const cases: [string, ObjectType | null][] = [
    ['huile sur toile', 'painting'],
    ['Oil on panel', 'painting'],
    ['Öl auf Leinwand', 'painting'],
    ['olieverf op doek', 'painting'],
    ['olio su tela', 'painting'],
    ['óleo sobre lienzo', 'painting'],
    ['Olja på duk.', 'painting'],
    ['oil and pencil on paper', 'painting'],
    ['bronze à patine brune', 'sculpture'],
    ['Bronzeguss', 'sculpture'],
    ['terre cuite', 'sculpture'],
    ['eau-forte', 'print'],
    ['Radierung', 'print'],
    ['Kupferstichradierung', 'print'],
    ['etching and aquatint', 'print'],
    ['xilografía', 'print'],
    ['lithographie en couleurs', 'print'],
    ['gelatin silver print', 'photograph'],
    ['tirage argentique', 'photograph'],
    ['Albumen print', 'photograph'],
    ['Watercolour on paper', 'drawing'],
    ['Akvarell', 'drawing'],
    ['plume et encre brune, lavis', 'drawing'],
    ['Graphite on paper', 'drawing'],
    ['porcelaine de Sèvres', 'decorative_art'],
    ['', null],
    ['signed lower left', null],
    ['Copper plate', null],
  ];
  it.each(cases)('%j reads as %s', (medium, kind) => {
    expect(objectKindOfMedium(medium)).toBe(kind);
  });

  it('never throws and always answers a kind or null, on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (text) => {
        const kind = objectKindOfMedium(text);
        expect(kind === null || (OBJECT_TYPES as readonly string[]).includes(kind)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('yearSpan: the years a date text names', () => {
  it.each([
    ['1885', { from: 1885, to: 1885 }],
    ['c. 1790–1830', { from: 1790, to: 1830 }],
    ['Executed probably 1600-talet', { from: 1600, to: 1699 }],
    ['1880-talet', { from: 1880, to: 1889 }],
    ['1880s', { from: 1880, to: 1889 }],
    ['Sign. 1885', { from: 1885, to: 1885 }],
    ['date not known', null],
    ['12345', null],
  ])('%j spans %j', (text, span) => {
    expect(yearSpan(text)).toEqual(span);
  });
});

describe('fitsLot', () => {
  const print = withObject(work('w1', 'Leda', [attribution('a', 'firm', 'import:cmoa')]), object('print', 'lithograph', '1900'));
  it('rules out a work of another kind, or dated more than 10 years from the lot', () => {
    expect(fitsLot(print, { kind: 'sculpture', years: null })).toBe(false);
    expect(fitsLot(print, { kind: 'print', years: null })).toBe(true);
    expect(fitsLot(print, { kind: null, years: { from: 1911, to: 1911 } })).toBe(false);
    expect(fitsLot(print, { kind: null, years: { from: 1910, to: 1910 } })).toBe(true);
  });
  it('never rules out on what the record does not say', () => {
    const bare = work('w2', 'Leda', [attribution('a', 'firm', 'import:cmoa')]);
    expect(fitsLot(bare, { kind: 'sculpture', years: { from: 1500, to: 1500 } })).toBe(true);
    expect(fitsLot(withObject(bare, object(null)), { kind: 'sculpture', years: { from: 1500, to: 1500 } })).toBe(true);
  });
  it('reads nothing from a lot that gives no medium or date it can read', () => {
    expect(lotObject({})).toBeNull();
    expect(lotObject({ subject_medium: 'signed' })).toBeNull();
    expect(lotObject({ subject_medium: 'bronze' })).toEqual({ kind: 'sculpture', years: null });
  });
});

describe('evaluate: which object', () => {
  const maillol = artist('art_maillol', 'Aristide Maillol', [], 1861, 1944);
  const printLeda = withObject(work('wrk_print', 'Leda', [attribution('art_maillol', 'firm', 'import:cmoa')]), object('print', 'lithograph', 'c. 1900'));
  const bronzeLeda = withObject(work('wrk_bronze', 'Leda', [attribution('art_maillol', 'firm', 'import:cmoa')]), object('sculpture', 'bronze', '1900'));

  it('answers object_mismatch, the works described and listed, when the only works that match are another kind', () => {
    const index = CorpusIndex.build({ build_id: 'b', artists: [maillol], works: [printLeda] });
    const out = evaluate(index, { subject_artist: 'Aristide Maillol', subject_title: 'Léda', subject_medium: 'bronze à patine brune' });
    expect(out.verdict).toBe('unavailable');
    expect(out.reason).toBe('object_mismatch');
    expect(out.parsed.object_type).toBe('sculpture');
    expect(out.attestations).toEqual([]);
    expect(out.near_matches).toEqual([{ artist: 'Aristide Maillol', title: 'Leda', work_id: 'wrk_print', score: 1, reason: 'object_mismatch' }]);
    expect(out.works).toEqual([{ work_id: 'wrk_print', title: 'Leda', object_type: 'print', medium: 'lithograph', date: 'c. 1900', dimensions: null, collection: 'Somewhere', source_ref: 'https://example.org/import:cmoa/art_maillol' }]);
    // Without a medium, or with the print's, the print attests: and says what it is.
    const plain = evaluate(index, { subject_artist: 'Aristide Maillol', subject_title: 'Léda' });
    expect(plain.verdict).toBe('attested');
    expect(plain.reason).toBeNull();
    expect(plain.works.map((w) => w.object_type)).toEqual(['print']);
    expect(evaluate(index, { subject_artist: 'Aristide Maillol', subject_title: 'Léda', subject_medium: 'lithographie' }).verdict).toBe('attested');
  });

  it('lets the lot\'s kind pick the one work of its kind among several of a title', () => {
    const index = CorpusIndex.build({ build_id: 'b', artists: [maillol], works: [printLeda, bronzeLeda] });
    expect(evaluate(index, { subject_artist: 'Aristide Maillol', subject_title: 'Leda' }).near_matches.map((m) => m.reason)).toEqual(['ambiguous_title', 'ambiguous_title']);
    const bronze = evaluate(index, { subject_artist: 'Aristide Maillol', subject_title: 'Leda', subject_medium: 'Bronze' });
    expect(bronze.verdict).toBe('attested');
    expect(bronze.works.map((w) => w.work_id)).toEqual(['wrk_bronze']);
  });

  it('answers object_mismatch when the only works are dated far from the lot', () => {
    const index = CorpusIndex.build({ build_id: 'b', artists: [maillol], works: [bronzeLeda] });
    const out = evaluate(index, { subject_artist: 'Aristide Maillol', subject_title: 'Leda', subject_date: '1935' });
    expect([out.verdict, out.reason]).toEqual(['unavailable', 'object_mismatch']);
    expect(evaluate(index, { subject_artist: 'Aristide Maillol', subject_title: 'Leda', subject_date: 'vers 1905' }).verdict).toBe('attested');
  });

  it('does not scan a title held by more than MAX_OBJECT_SCAN works: ambiguous, and the work subject_ref picks is checked', () => {
    const prints = Array.from({ length: MAX_OBJECT_SCAN + 1 }, (_, i) =>
      withObject(work(`wrk_p${String(i).padStart(4, '0')}`, 'Blank', [attribution('art_maillol', 'firm', 'import:tate')], { inventory_numbers: [`P${i}`] }), object('print')),
    );
    const index = CorpusIndex.build({ build_id: 'b', artists: [maillol], works: prints });
    const many = evaluate(index, { subject_artist: 'Maillol', subject_title: 'Blank', subject_medium: 'bronze' });
    expect([many.verdict, many.near_matches[0]?.reason]).toEqual(['unavailable', 'ambiguous_title']);
    const picked = evaluate(index, { subject_artist: 'Maillol', subject_title: 'Blank', subject_medium: 'bronze', subject_ref: 'P7' });
    expect([picked.verdict, picked.reason, picked.works.map((w) => w.work_id)]).toEqual(['unavailable', 'object_mismatch', ['wrk_p0007']]);
    expect(evaluate(index, { subject_artist: 'Maillol', subject_title: 'Blank', subject_medium: 'Radierung', subject_ref: 'P7' }).verdict).toBe('attested');
  });

  it('property: a work of another kind than subject_medium never attests the lot', () => {
    const media: [string, ObjectType][] = [
      ['huile sur toile', 'painting'], ['bronze', 'sculpture'], ['eau-forte', 'print'], ['Radierung', 'print'], ['aquarelle', 'drawing'],
      ['gelatin silver print', 'photograph'], ['porcelaine', 'decorative_art'], ['Olja på duk', 'painting'], ['pen and ink', 'drawing'],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...media),
        fc.constantFrom(...OBJECT_TYPES),
        fc.constantFrom('firm', 'attributed_to', 'workshop_of') as fc.Arbitrary<'firm' | 'attributed_to' | 'workshop_of'>,
        fc.boolean(),
        ([medium, lotKind], recordKind, qualifier, current) => {
          const w = withObject(work('w', 'Leda', [attribution('art_maillol', qualifier, 'import:tate', { current })]), object(recordKind));
          const index = CorpusIndex.build({ build_id: 'b', artists: [maillol], works: [w] });
          const out = evaluate(index, { subject_artist: 'Maillol', subject_title: 'Leda', subject_medium: medium });
          if (recordKind !== lotKind) {
            expect(out.verdict).toBe('unavailable');
            expect(out.reason).toBe('object_mismatch');
            expect(out.attestations).toEqual([]);
          } else {
            expect(out.reason).not.toBe('object_mismatch');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
