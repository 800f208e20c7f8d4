import { describe, expect, it } from 'vitest';
import { confidenceFor, sourceRank } from '../../../core/attestation/verdict/confidence.js';
import { CLAIM_KINDS, SOURCE_TAGS, type ClaimKind, type SourceTag } from '../../../core/attestation/corpus/corpus.model.js';

const MUSEUMS: SourceTag[] = ['import:tate', 'import:cmoa', 'import:nga'];
const twoDecimals = (n: number): boolean => Math.round(n * 100) / 100 === n;

describe('sourceRank', () => {
  it('ranks the knowledge base, museums and operator research', () => {
    expect(sourceRank('import:kb')).toBe('kb');
    for (const museum of MUSEUMS) expect(sourceRank(museum)).toBe('museum');
    expect(sourceRank('operator')).toBe('operator');
  });

  it('ranks a tag it does not know lowest', () => {
    expect(sourceRank('import:elsewhere' as SourceTag)).toBe('kb');
  });
});

describe('confidenceFor', () => {
  it('keeps each source in its band, with two decimals', () => {
    for (const kind of CLAIM_KINDS) {
      const kb = confidenceFor('import:kb', kind);
      expect(kb).toBeGreaterThanOrEqual(0.4);
      expect(kb).toBeLessThanOrEqual(0.65);
      for (const museum of MUSEUMS) {
        const m = confidenceFor(museum, kind);
        expect(m).toBeGreaterThanOrEqual(0.7);
        expect(m).toBeLessThanOrEqual(0.89);
      }
      const op = confidenceFor('operator', kind);
      expect(op).toBeGreaterThanOrEqual(0.9);
      expect(op).toBeLessThanOrEqual(0.99);
      for (const source of SOURCE_TAGS) expect(twoDecimals(confidenceFor(source, kind))).toBe(true);
    }
  });

  it('puts every kb claim below every museum claim, and every museum claim below every operator claim', () => {
    const all = (sources: SourceTag[]): number[] => sources.flatMap((s) => CLAIM_KINDS.map((k) => confidenceFor(s, k)));
    expect(Math.max(...all(['import:kb']))).toBeLessThan(Math.min(...all(MUSEUMS)));
    expect(Math.max(...all(MUSEUMS))).toBeLessThan(Math.min(...all(['operator'])));
  });

  it('orders kinds within a band: attribution and catalogue number first, research note last', () => {
    const order: ClaimKind[][] = [
      ['attribution', 'catalogue_number'],
      ['inventory_number', 'credit_line', 'acquisition', 'ownership_event'],
      ['provenance_text'],
      ['collection'],
      ['sale', 'dealer'],
      ['condition_note'],
      ['research_note'],
    ];
    for (const source of SOURCE_TAGS) {
      for (const level of order) {
        const values = new Set(level.map((k) => confidenceFor(source, k)));
        expect(values.size).toBe(1);
      }
      for (let i = 1; i < order.length; i += 1) {
        expect(confidenceFor(source, order[i - 1]![0]!)).toBeGreaterThan(confidenceFor(source, order[i]![0]!));
      }
    }
    expect(confidenceFor('import:kb', 'attribution')).toBe(0.65);
    expect(confidenceFor('import:kb', 'research_note')).toBe(0.4);
    expect(confidenceFor('import:tate', 'attribution')).toBe(0.89);
    expect(confidenceFor('import:nga', 'research_note')).toBe(0.7);
    expect(confidenceFor('operator', 'catalogue_number')).toBe(0.99);
    expect(confidenceFor('operator', 'research_note')).toBe(0.9);
  });
});
