import { describe, expect, it } from 'vitest';
import { CorpusIndex, surnameForms } from '../../../core/attestation/corpus/corpus-index.js';
import { evaluate } from '../../../core/attestation/verdict/evaluate.js';
import { datesFit, parseArtistLine, readLifeDates } from '../../../core/attestation/matching/artist-line.js';
import { catalogueTitleForms } from '../../../core/attestation/matching/catalogue-title.js';
import { readClaimedQualifier } from '../../../core/attestation/matching/claimed-qualifier.js';
import { artist, attribution, work } from '../../fixtures/attestation/fixture-corpus.js';

describe('reading the artist line', () => {
  it.each([
    ['Joseph Mallord William Turner (1775-1851)', 'Joseph Mallord William Turner', null, { birth_year: 1775, death_year: 1851 }],
    ['Sir Joshua Reynolds P.R.A. (Plympton 1723-1792 London)', 'Joshua Reynolds', null, { birth_year: 1723, death_year: 1792 }],
    ['TURNER, Joseph Mallord William (1775-1851)', 'Joseph Mallord William TURNER', null, { birth_year: 1775, death_year: 1851 }],
    ['Rembrandt van Rijn, 1606-69', 'Rembrandt van Rijn', null, { birth_year: 1606, death_year: 1669 }],
    ['Frans Hals (fl. 1610-1666)', 'Frans Hals', null, { active_from: 1610, active_to: 1666 }],
    ['Frans Hals (active 1610)', 'Frans Hals', null, { active_from: 1610, active_to: 1610 }],
    ['Rembrandt (born 1606)', 'Rembrandt', null, { birth_year: 1606, death_year: null }],
    ['Rembrandt, d. 1669', 'Rembrandt', null, { birth_year: null, death_year: 1669 }],
    ['Reynolds, Sir Joshua, P.R.A.', 'Joshua Reynolds', null, null],
    ['After Joseph Mallord William Turner', 'Joseph Mallord William Turner', 'after', null],
    ['Attributed to John Sell Cotman', 'John Sell Cotman', 'attributed_to', null],
    ['ASCRIBED TO John Sell Cotman', 'John Sell Cotman', 'attributed_to', null],
    ['Formerly attributed to John Sell Cotman', 'John Sell Cotman', 'formerly_attributed_to', null],
    ['Atelier de Richard Wilson', 'Richard Wilson', 'workshop_of', null],
    ["Atelier d'Ingres", 'Ingres', 'workshop_of', null],
    ['D\u2019APR\u00c8S Rembrandt', 'Rembrandt', 'after', null],
    ["Copie d'après Rembrandt (c. 1606-1669)", 'Rembrandt', 'copy_after', { birth_year: 1606, death_year: 1669, circa: true }],
    ['Dans le goût de Watteau', 'Watteau', 'imitator_of', null],
    ['attribue a Fragonard', 'Fragonard', 'attributed_to', null],
    ['Circle of Sir Peter Lely (1618 Soest - 1680 London)', 'Peter Lely', 'circle_of', { birth_year: 1618, death_year: 1680 }],
  ] as const)('%s', (input, name, qualifier, dates) => {
    const line = parseArtistLine(input);
    expect(line.name).toBe(name);
    expect(line.qualifier).toBe(qualifier);
    if (dates === null) expect(line.dates).toBeNull();
    else expect(line.dates).toMatchObject(dates);
  });

  it('offers the name most literal first, so that "Bt" or "Sir" stay where the corpus has them', () => {
    expect(parseArtistLine('Sir George Howland Beaumont, Bt').nameForms).toEqual(['Sir George Howland Beaumont, Bt', 'Sir George Howland Beaumont', 'George Howland Beaumont']);
    expect(parseArtistLine('Lucas Cranach the Elder').nameForms).toEqual(['Lucas Cranach the Elder']);
  });

  it('reads no claim where a phrase is the whole line or part of a word', () => {
    expect(readClaimedQualifier('After')).toBeNull();
    expect(readClaimedQualifier('Afterglow Painter')).toBeNull();
    expect(readClaimedQualifier('Studious Master')).toBeNull();
    expect(parseArtistLine('').name).toBe('');
  });

  it('reads a single year said to be nothing as no dates', () => {
    expect(readLifeDates('1606')).toBeNull();
    expect(readLifeDates('Leiden')).toBeNull();
  });

  it('fits dates within a few years, more when circa; activity within the life', () => {
    const rembrandt = { birth_year: 1606, death_year: 1669 };
    expect(datesFit(readLifeDates('1606-1669')!, rembrandt)).toBe(true);
    expect(datesFit(readLifeDates('1607-1670')!, rembrandt)).toBe(true);
    expect(datesFit(readLifeDates('1600-1669')!, rembrandt)).toBe(false);
    expect(datesFit(readLifeDates('c. 1600-1675')!, rembrandt)).toBe(true);
    expect(datesFit(readLifeDates('fl. 1630-1660')!, rembrandt)).toBe(true);
    expect(datesFit(readLifeDates('fl. 1700')!, rembrandt)).toBe(false);
    expect(datesFit(readLifeDates('d. 1669')!, { birth_year: null, death_year: 1669 })).toBe(true);
  });
});

describe('catalogue titles', () => {
  it.each([
    ['The Fighting Temeraire, 1838', 'The Fighting Temeraire'],
    ['"The Blue Boy" (c. 1770)', '"The Blue Boy"'],
    ['123. The Milkmaid', 'The Milkmaid'],
    ['Lot 45: The Milkmaid, 1658-60', 'The Milkmaid'],
    ['Study of a Tree (recto)', 'Study of a Tree'],
    ['Landscape [verso], 1820', 'Landscape'],
    ['The Blue Boy: Portrait of Jonathan Buttall', 'The Blue Boy'],
    ['Snow Storm \u2013 Steam-Boat off a Harbour\u2019s Mouth', 'Snow Storm'],
  ])('%s reads down to %s', (input, last) => {
    const forms = catalogueTitleForms(input);
    expect(forms[0]?.text).toBe(input);
    expect(forms.at(-1)?.text).toBe(last);
  });

  it('keeps a title that is only a year or a number', () => {
    expect(catalogueTitleForms('1805').map((f) => f.text)).toEqual(['1805']);
    expect(catalogueTitleForms('')).toEqual([]);
  });
});

describe('surnames and homonyms', () => {
  const index = CorpusIndex.build({
    build_id: 'surnames',
    artists: [
      artist('art_jan', 'Jan Example', [], 1600, 1650),
      artist('art_piet', 'Piet Example', [], 1700, 1760),
      artist('art_jan2', 'Jan Example', [], 1800, 1850),
    ],
    works: [
      work('w1', 'The Harbour', [attribution('art_jan', 'firm', 'import:tate')]),
      work('w2', 'The Dunes', [attribution('art_piet', 'firm', 'import:tate')]),
      work('w3', 'The Mill', [attribution('art_jan', 'firm', 'import:tate')]),
      work('w4', 'The Mill', [attribution('art_piet', 'firm', 'import:tate')]),
      work('w5', 'The Bridge', [attribution('art_jan2', 'firm', 'import:tate')]),
      work('w6', 'The Bridge', [attribution('art_jan', 'workshop_of', 'import:tate')]),
    ],
  });

  it('lists the trailing word runs of a name as surname forms', () => {
    expect(surnameForms('vincent van gogh')).toEqual(['van gogh', 'gogh']);
    expect(surnameForms('david teniers the younger')).toEqual(['teniers the younger']);
    expect(surnameForms('rembrandt')).toEqual([]);
  });

  it('resolves a surname by an exact title, and never by a fuzzy one', () => {
    expect(evaluate(index, { subject_artist: 'Example', subject_title: 'The Dunes' })).toMatchObject({ verdict: 'attested', parsed: { name: 'Piet Example' } });
    expect(evaluate(index, { subject_artist: 'EXAMPLE', subject_title: 'Harbour, 1640' })).toMatchObject({ verdict: 'attested', parsed: { name: 'Jan Example', title: 'Harbour' } });
    const fuzzy = evaluate(index, { subject_artist: 'Example', subject_title: 'The Dune' });
    expect(fuzzy.verdict).toBe('unavailable');
    expect(fuzzy.near_matches.every((m) => m.score < 1)).toBe(true);
  });

  it('answers ambiguous_artist when several artists of the surname have the title', () => {
    const out = evaluate(index, { subject_artist: 'Example', subject_title: 'The Mill' });
    expect(out.verdict).toBe('unavailable');
    expect(out.near_matches.map((m) => [m.artist, m.work_id, m.reason])).toEqual([
      ['Jan Example', 'w3', 'ambiguous_artist'],
      ['Piet Example', 'w4', 'ambiguous_artist'],
    ]);
  });

  it('tells homonyms apart by their dates, and refuses dates that fit neither', () => {
    expect(evaluate(index, { subject_artist: 'Jan Example (1800-1850)', subject_title: 'The Bridge' })).toMatchObject({ verdict: 'attested' });
    expect(evaluate(index, { subject_artist: 'Jan Example (1600-1650)', subject_title: 'The Bridge' })).toMatchObject({ verdict: 'contradicted' });
    const neither = evaluate(index, { subject_artist: 'Jan Example (1700-1750)', subject_title: 'The Bridge' });
    expect(neither.verdict).toBe('unavailable');
    expect(neither.near_matches.map((m) => [m.artist, m.reason])).toEqual([
      ['Jan Example', 'similar_artist'],
      ['Jan Example', 'similar_artist'],
    ]);
  });
});
