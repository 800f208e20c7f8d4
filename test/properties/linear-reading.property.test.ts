/**
 * ADR 0029: every reader of client text runs in time linear in its length, and the linear
 * readers answer exactly what the regular expressions they replace answered.
 *
 * The cost is counted, never timed: `readingCost.steps` counts the code units the readers visit
 * (a collapsed window counts its length, and a window is bounded), and the property asserts a
 * per-subject ceiling proportional to the subject's length over adversarial alphabets (spaces of
 * every kind, tabs, digits, dashes, brackets, dots, commas, qualifier and date words).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArtistLine, replaceDateGroups, trailingDates, withoutTrailingSeparators } from '../../core/attestation/matching/artist-line.js';
import { catalogueTitleForms, lotNumberLength, subtitleStart } from '../../core/attestation/matching/catalogue-title.js';
import { collapsedHead, collapsedTail, isSpace, readingCost } from '../../core/attestation/matching/text-scan.js';
import {
  referenceReplaceDateGroups,
  referenceTitleForms,
  referenceTrailingDates,
  referenceTrimNameEnd,
} from '../support/reading-reference.js';

/** Every code unit `\s` reads as white space. */
const SPACES = [...'\t\n\u000b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'];
const PUNCTUATION = [...',;.:()[]-\u2013\u2014/&\'"'];
const WORDS = ['c', 'c.', 'ca', 'ca.', 'circa', 'about', 'dated', 'vers', 'ver\u017f', 'to', 'fl', 'fl.', 'active', 'b.', 'born', 'd.', 'died', 'né', 'ne',
  'recto', 'verso', 'and', 'lot', 'Lot no.', 'no', 'attributed to', 'after', "d'après", 'atelier de', 'school of', 'x', 'a', 'K', '\u212a', '\u{1d400}', '\ud800'];
const DIGITS = ['1', '12', '123', '1234', '12345', '1775', '1851', '92'];

/** Tokens of the adversarial alphabets, weighted towards runs of separators. */
const token = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPACES) },
  { weight: 3, arbitrary: fc.constantFrom(...PUNCTUATION) },
  { weight: 2, arbitrary: fc.constantFrom(...DIGITS) },
  { weight: 2, arbitrary: fc.constantFrom(...WORDS) },
);
/** A text of tokens, a run (one token repeated) in the middle: the shape that made the old expressions backtrack. */
const adversarial = (maxTokens: number, maxRun: number) =>
  fc
    .tuple(fc.array(token, { maxLength: maxTokens }), fc.array(token, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: maxRun }), fc.array(token, { maxLength: maxTokens }))
    .map(([head, unit, times, tail]) => head.join('') + unit.join('').repeat(times) + tail.join(''));

describe('the linear readers answer what the regular expressions answered (ADR 0029)', () => {
  const short = adversarial(12, 12);
  it('isSpace is \\s on every code unit', () => {
    const differ: number[] = [];
    for (let code = 0; code < 0x10000; code += 1) if (isSpace(code) !== /\s/.test(String.fromCharCode(code))) differ.push(code);
    expect(differ).toEqual([]);
  });

  it('catalogue title forms', () => {
    fc.assert(fc.property(short, (title) => {
      expect(catalogueTitleForms(title)).toEqual(referenceTitleForms(title));
    }), { numRuns: 3000 });
  });

  it('title marks on decorated titles', () => {
    const decorated = fc.tuple(adversarial(4, 3), fc.constantFrom('The Last Supper', 'Norham Castle, Sunrise', 'Study: Head', 'Lot 12: A View - Evening'), adversarial(6, 4));
    fc.assert(fc.property(decorated, ([a, t, b]) => {
      for (const title of [a + t + b, t + b, a + t]) expect(catalogueTitleForms(title)).toEqual(referenceTitleForms(title));
    }), { numRuns: 3000 });
  });

  it('date groups, trailing dates and trailing separators of the artist line', () => {
    fc.assert(fc.property(short, (line) => {
      const seen: string[][] = [];
      const expected: string[][] = [];
      const mark = (list: string[][]) => (whole: string, inner: string) => (list.push([whole, inner]), inner.length % 2 === 0 ? ' ' : whole);
      expect(replaceDateGroups(line, mark(seen))).toBe(referenceReplaceDateGroups(line, mark(expected)));
      expect(seen).toEqual(expected);
      expect(trailingDates(line)).toEqual(referenceTrailingDates(line));
      const collapsed = line.replace(/\s+/g, ' ');
      expect(withoutTrailingSeparators(collapsed)).toBe(referenceTrimNameEnd(collapsed));
    }), { numRuns: 3000 });
  });

  it('lot numbers and subtitles', () => {
    const led = fc.tuple(fc.constantFrom('', 'Lot ', 'lot no. ', 'LOT No', '12', '123a', '\u{1d400}'), short).map(([a, b]) => a + b);
    fc.assert(fc.property(led, (title) => {
      const lot = /^\s*(?:lot\s*(?:no\.?\s*)?)?\d{1,5}[a-z]?\s*(?:[.):\]\u2013\u2014-]\s*|\s+(?=\p{L}))/iu.exec(title);
      expect(lotNumberLength(title)).toBe(lot === null ? 0 : lot[0].length);
      const sub = /\s*(?::|\s[-\u2013\u2014]\s)/u.exec(title);
      expect(subtitleStart(title)).toBe(sub === null ? -1 : sub.index);
    }), { numRuns: 3000 });
  });
});

/** Code units visited per code unit of input, at most (measured: about 10 on the worst shapes). */
const STEPS_PER_UNIT = 40;

function stepsOf(read: () => unknown): number {
  readingCost.steps = 0;
  read();
  return readingCost.steps;
}

describe('reading a subject costs at most a constant per code unit (ADR 0029)', () => {
  it('windows stay bounded whatever the text', () => {
    fc.assert(fc.property(adversarial(60, 300), fc.integer({ min: 1, max: 30 }), (text, n) => {
      // n non-space units, each a surrogate pair at most, and one collapsed space around each.
      expect(collapsedTail(text, n).text.length).toBeLessThanOrEqual(4 * n + 1);
      expect(collapsedHead(text, n).text.length).toBeLessThanOrEqual(4 * n + 3);
    }));
  });

  it('artist line and title forms of adversarial subjects up to 4,800 code units', () => {
    fc.assert(fc.property(adversarial(40, 1500), adversarial(40, 1500), (artist, title) => {
      const steps = stepsOf(() => (parseArtistLine(artist), catalogueTitleForms(title)));
      expect(steps).toBeLessThanOrEqual(STEPS_PER_UNIT * (artist.length + title.length + 1));
    }), { numRuns: 500 });
  });

  it('the shapes of issue 25: the cost grows with the length, not faster', () => {
    const shapes = [
      (n: number) => 'a' + '\t\u00a0'.repeat(n) + '1234' + '\u2003 '.repeat(n) + 'x',
      (n: number) => 'a' + ', '.repeat(n) + '1234 ' + ' ;'.repeat(n) + 'x',
      (n: number) => '(' + '1'.repeat(2 * n) + ' ' + '('.repeat(n),
      (n: number) => ' '.repeat(2 * n) + '1 (' + '\u3000'.repeat(n) + '1234 recto',
      // A school word, then bracketed ends after bracketed ends: each is read once, not once per end.
      (n: number) => 'school ' + '() '.repeat(n),
    ];
    for (const shape of shapes) {
      const at = (n: number) => stepsOf(() => (parseArtistLine(shape(n)), catalogueTitleForms(shape(n)))) / shape(n).length;
      // Steps per code unit at 300 and at 4,800 code units: the same constant, within a margin.
      expect(at(1200)).toBeLessThanOrEqual(at(75) * 1.25 + 1);
      expect(at(1200)).toBeLessThanOrEqual(STEPS_PER_UNIT);
    }
  });
});
