import { describe, expect, it } from 'vitest';
import { mergeArtists } from '../../corpus/build/artist-merge.js';
import { mentionsCondition, truncateText } from '../../corpus/build/claims.js';
import { marketKind, pricedNotes, splitProvenance } from '../../corpus/build/provenance.js';
import { cmoaWorkId } from '../../corpus/build/cmoa-source.js';
import { previousAttributionNames } from '../../corpus/build/nga-source.js';
import type { SourceArtist, SourceWork } from '../../corpus/build/source.model.js';
import { tateTitleAliases } from '../../corpus/build/tate-source.js';
import { splitCreatorLabel } from '../../corpus/build/wikidata-source.js';
import { mergeWorks } from '../../corpus/build/work-merge.js';

describe('Tate title aliases', () => {
  it('adds the recto part of "Recto. Verso: …" titles', () => {
    expect(tateTitleAliases('Windmill. Verso: Foliage (?)')).toEqual(['Windmill']);
    expect(tateTitleAliases('St Christopher, Copy from an Engraving? Verso:Part of a Face')).toEqual([
      'St Christopher, Copy from an Engraving?',
    ]);
    expect(tateTitleAliases('[title not known] Verso: Tracing of Image on Recto')).toEqual([]);
    expect(tateTitleAliases('Petworth Church Seen from Rectory Meadows')).toEqual([]);
  });

  it('adds the foreign title', () => {
    expect(tateTitleAliases('Woman with a Cat', 'La Femme au chat')).toEqual(['La Femme au chat']);
  });
});

describe('other sources', () => {
  it('splits joint Wikidata creator labels and drops trailing dates', () => {
    expect(splitCreatorLabel('Raphael, Gianfrancesco Penni')).toEqual(['Raphael', 'Gianfrancesco Penni']);
    expect(splitCreatorLabel('Francisco de Zurbarán, Francisco de Zurbarán， 1598-1664')).toEqual(['Francisco de Zurbarán']);
  });

  it('reads the names in an NGA previous attribution', () => {
    expect(previousAttributionNames('Carel Fabritius and Workshop of Rembrandt van Rijn')).toEqual([
      'Carel Fabritius',
      'Rembrandt van Rijn',
    ]);
    expect(previousAttributionNames('Follower of Cimabue')).toEqual(['Cimabue']);
    expect(previousAttributionNames('Florentine School')).toEqual([]);
  });

  it('folds CMOA accession numbers into work ids', () => {
    expect(cmoaWorkId('56.55.4.43.A-B')).toBe('wrk_cmoa_56_55_4_43_a_b');
    expect(cmoaWorkId('03.2')).toBe('wrk_cmoa_03_2');
  });

  it('finds sales, prices and condition notes in provenance texts', () => {
    const text =
      'William Hoare, Bath. Stowe sale, September 14, 1848, no. 346 [1]; Estate sale in Cleveland, Ohio, 1950s; gift to museum.\n\nNotes:\n[1]. The purchase price was £86 2s. The painting was relined in 1950.';
    const { entries, notes } = splitProvenance(text);
    expect(entries.filter((e) => marketKind(e) === 'sale')).toEqual(['Stowe sale, September 14, 1848, no. 346', 'Estate sale in Cleveland, Ohio, 1950s']);
    expect(pricedNotes(notes)).toEqual(['The purchase price was £86 2s']);
    expect(notes.filter(mentionsCondition)).toEqual(['The painting was relined in 1950']);
    expect(mentionsCondition('by gift to the Western Pennsylvania Conservancy, 1977')).toBe(false);
  });

  it('truncates long texts at a boundary and marks the cut', () => {
    const t = truncateText('First owner, London; second owner, Paris; third owner, New York; fourth owner.', 50);
    expect(t.length).toBeLessThanOrEqual(54);
    expect(t.endsWith('[…]')).toBe(true);
  });
});

describe('mergeWorks', () => {
  const constable: SourceArtist = {
    key: 'tate:artist:109',
    source: 'tate',
    name: 'John Constable',
    names: ['Constable, John'],
    birth_year: 1776,
    death_year: 1837,
    ids: { tate: '109' },
  };
  const label: SourceArtist = { key: 'wd:c', source: 'wikidata', name: 'John Constable', names: [], birth_year: null, death_year: null, ids: {}, links: ['tate:artist:109'] };
  const artists = mergeArtists([constable, label], { maxDeathYear: 1955 });
  const tateWork = (acno: string, title: string): SourceWork => ({
    work_id: `wrk_tate_${acno}`,
    source: 'import:tate',
    source_ref: `http://www.tate.org.uk/art/artworks/x-${acno}`,
    title,
    title_aliases: [],
    inventory_numbers: [`Tate ${acno}`, acno],
    attributions: [{ artist_key: 'tate:artist:109', artist_name: 'John Constable', qualifier: 'firm', current: true, display: 'John Constable' }],
    claims: [{ pillar: 'provenance', kind: 'credit_line', claim: 'Tate credit line: x', source: 'import:tate', source_ref: 'http://t' }],
  });
  const wdWork = (qid: string, title: string, collections: string): SourceWork => ({
    work_id: `wrk_wd_${qid}`,
    source: 'import:kb',
    source_ref: `https://www.wikidata.org/wiki/${qid}`,
    title,
    title_aliases: [],
    inventory_numbers: [],
    attributions: [{ artist_key: 'wd:c', artist_name: 'John Constable', qualifier: 'firm', current: true, display: 'John Constable' }],
    claims: [{ pillar: 'provenance', kind: 'collection', claim: `Wikidata lists ${collections}`, source: 'import:kb', source_ref: `https://www.wikidata.org/wiki/${qid}` }],
    collections: [collections],
  });

  it('merges a Wikidata painting into the museum work with the same artist and title', () => {
    const { works, stats } = mergeWorks([tateWork('N00327', 'The Valley Farm'), wdWork('Q1', 'Valley Farm', 'Tate')], artists);
    expect(stats.wikidata_merged).toBe(1);
    expect(works.map((w) => w.work_id)).toEqual(['wrk_tate_N00327']);
    const w = works[0];
    // "Valley Farm" and "The Valley Farm" normalise alike: no alias needed.
    expect(w.title_aliases).toEqual([]);
    expect(w.claims.map((c) => c.source)).toEqual(['import:tate', 'import:kb']);
    expect(w.attributions.every((a) => a.source === 'import:tate')).toBe(true);
  });

  it('keeps the Wikidata title as an alias when it differs', () => {
    const tate = tateWork('N00130', 'Flatford Mill');
    tate.title_aliases.push('Scene on a Navigable River');
    const { works } = mergeWorks([tate, wdWork('Q2', 'Scene on a Navigable River', 'Tate Britain')], artists);
    expect(works).toHaveLength(1);
    expect(works[0].title_aliases).toEqual(['Scene on a Navigable River']);
  });

  it('does not merge when the collection is another museum, or the title is ambiguous', () => {
    const other = mergeWorks([tateWork('N00327', 'The Valley Farm'), wdWork('Q1', 'The Valley Farm', 'Louvre Museum')], artists);
    expect(other.works).toHaveLength(2);
    const ambiguous = mergeWorks(
      [tateWork('N1', 'Study of Clouds'), tateWork('N2', 'Study of Clouds'), wdWork('Q3', 'Study of Clouds', 'Tate')],
      artists,
    );
    expect(ambiguous.works).toHaveLength(3);
  });

  it('drops works whose artists are not covered, and attributions to unknown artists', () => {
    const w = tateWork('X1', 'Nobody');
    w.attributions = [{ artist_key: 'tate:artist:404', artist_name: 'Nobody', qualifier: 'firm', current: true, display: 'Nobody' }];
    const { works, stats } = mergeWorks([w], artists);
    expect(works).toHaveLength(0);
    expect(stats.dropped_without_covered_artist).toBe(1);
  });

  it('keeps a former attribution to another artist, not to the current one', () => {
    const girtin: SourceArtist = { key: 'tate:artist:211', source: 'tate', name: 'Thomas Girtin', names: [], birth_year: 1775, death_year: 1802, ids: {} };
    const a2 = mergeArtists([constable, girtin], { maxDeathYear: 1955 });
    const w = tateWork('D1', 'View');
    w.attributions.push(
      { artist_key: 'tate:artist:211', artist_name: 'Thomas Girtin', qualifier: 'formerly_attributed_to', current: false, display: 'formerly attributed to Thomas Girtin' },
      { artist_key: 'tate:artist:109', artist_name: 'John Constable', qualifier: 'formerly_attributed_to', current: false, display: 'x' },
    );
    const { works } = mergeWorks([w], a2);
    expect(works[0].attributions.map((a) => [a.qualifier, a.current])).toEqual([
      ['firm', true],
      ['formerly_attributed_to', false],
    ]);
  });
});
