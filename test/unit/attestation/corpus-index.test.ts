import { describe, expect, it } from 'vitest';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { buildCoverage } from '../../../core/attestation/corpus/coverage.js';
import { normaliseName, normaliseTitle } from '../../../core/attestation/matching/normalise.js';
import { ARTISTS, WORKS, attribution, fixtureSnapshot, work } from '../../fixtures/attestation/fixture-corpus.js';

const snapshot = fixtureSnapshot();
const index = CorpusIndex.build(snapshot);

describe('CorpusIndex', () => {
  it('holds the artists and works of the snapshot', () => {
    expect(index.buildId).toBe('fixture-1');
    expect(index.artists).toHaveLength(snapshot.artists.length);
    expect(index.works).toHaveLength(snapshot.works.length);
    expect(index.artist('art_turner')?.name).toBe('Joseph Mallord William Turner');
    expect(index.work(WORKS.mill.work_id)).toBe(WORKS.mill);
    expect(index.artist('nope')).toBeUndefined();
    expect(index.work('nope')).toBeUndefined();
  });

  it('indexes every name and alias, normalised', () => {
    for (const name of [ARTISTS.turner.name, ...ARTISTS.turner.aliases]) {
      expect(index.artistIdsByKey(normaliseName(name))).toEqual(['art_turner']);
    }
    expect(index.artistIdsByKey('rembrandt')).toEqual(['art_rembrandt']);
    expect(index.artistIdsByKey('')).toEqual([]);
  });

  it('lets one key name several artists', () => {
    const shared = CorpusIndex.build({
      build_id: 's',
      artists: [ARTISTS.turner, { ...ARTISTS.miller, aliases: ['J. M. W. Turner'] }],
      works: [],
    });
    expect(shared.artistIdsByKey('j m w turner')).toEqual(['art_turner', 'art_miller']);
  });

  it('indexes titles and title aliases per artist named in any attribution', () => {
    expect(index.workIdsByTitle('art_rembrandt', normaliseTitle('De Molen'))).toEqual([WORKS.mill.work_id]);
    expect(index.workIdsByTitle('art_rembrandt', 'young man seated at a table')).toEqual([WORKS.youngMan.work_id]);
    expect(index.workIdsByTitle('art_bol', 'young man seated at a table')).toEqual([WORKS.youngMan.work_id]);
    expect(index.workIdsByTitle('art_turner', 'study of sea')).toEqual(['wrk_tate_D25347', 'wrk_tate_D35960']);
    expect(index.workIdsByTitle('art_peale', 'mill')).toEqual([]);
  });

  it('indexes inventory numbers folded', () => {
    expect(index.workIdsByInventory('TATE  N01981')).toEqual([WORKS.norham.work_id]);
    expect(index.workIdsByInventory('NGA 1942.9.62')).toEqual([WORKS.mill.work_id]);
    expect(index.workIdsByInventory('nga 1942 9 62')).toEqual([WORKS.mill.work_id]);
    expect(index.workIdsByInventory('unknown')).toEqual([]);
  });

  it('lists an artist\u2019s works once each, whatever number of attributions names them', () => {
    expect(index.workIdsByArtist('art_rembrandt')).toEqual([
      WORKS.mill.work_id,
      WORKS.tallHat.work_id,
      WORKS.youngMan.work_id,
      WORKS.helmet.work_id,
      WORKS.disputed.work_id,
      WORKS.rider.work_id,
    ]);
  });

  it('counts artists, works and claims by source', () => {
    const claims = snapshot.works.reduce((n, w) => n + w.claims.length, 0);
    expect(index.counts.artists).toBe(snapshot.artists.length);
    expect(index.counts.works).toBe(snapshot.works.length);
    expect(index.counts.claims).toBe(claims);
    const bySource = index.counts.claims_by_source;
    expect(Object.values(bySource).reduce((a, b) => a + b, 0)).toBe(claims);
    expect(Object.keys(bySource).sort()).toEqual(['import:cmoa', 'import:kb', 'import:nationalmuseum', 'import:nga', 'import:tate', 'operator']);
    expect(bySource['operator']).toBe(5);
  });

  it('keeps the first of duplicate ids and ignores attributions to unknown artists', () => {
    const dup = CorpusIndex.build({
      build_id: 'd',
      artists: [ARTISTS.turner, { ...ARTISTS.turner, name: 'Someone Else' }],
      works: [
        work('w1', 'Sea', [attribution('art_turner', 'firm', 'import:tate'), attribution('art_ghost', 'firm', 'import:tate')]),
        work('w1', 'Other', [attribution('art_turner', 'firm', 'import:tate')]),
      ],
    });
    expect(dup.artist('art_turner')?.name).toBe('Joseph Mallord William Turner');
    expect(dup.counts).toMatchObject({ artists: 1, works: 1 });
    expect(dup.workIdsByTitle('art_turner', 'other')).toEqual([]);
    expect(dup.workIdsByTitle('art_ghost', 'sea')).toEqual([]);
  });
});

describe('buildCoverage', () => {
  const coverage = buildCoverage(index, 'fixture-1.0', '2026-01-01T00:00:00.000Z');

  it('describes the corpus with its revision and counts', () => {
    expect(coverage.engine).toBe('records-attestation/v1');
    expect(coverage.corpus_revision).toBe('fixture-1.0');
    expect(coverage.generated_at).toBe('2026-01-01T00:00:00.000Z');
    expect(coverage.counts).toEqual(index.counts);
    expect(coverage.counts.claims_by_source).not.toBe(index.counts.claims_by_source);
  });

  it('lists artists sorted by name, with aliases, dates and works count', () => {
    const names = coverage.artists.map((a) => a.name);
    expect(names).toEqual([
      'Adam Elsheimer',
      'Charles Turner',
      'Ferdinand Bol',
      'Gustave Courbet',
      'Jean-Auguste-Dominique Ingres',
      'Johannes Vermeer',
      'John Hoppner',
      'Joseph Mallord William Turner',
      'Rembrandt Peale',
      'Rembrandt van Rijn',
      'William Miller',
    ]);
    expect(coverage.artists.find((a) => a.artist_id === 'art_turner')).toEqual({
      artist_id: 'art_turner',
      name: 'Joseph Mallord William Turner',
      aliases: ['Turner, Joseph Mallord William', 'J. M. W. Turner'],
      birth_year: 1775,
      death_year: 1851,
      works: 5,
    });
    expect(coverage.artists.find((a) => a.artist_id === 'art_bol')?.works).toBe(2);
  });

  it('sorts names ignoring case and accents', () => {
    const accents = CorpusIndex.build({
      build_id: 'a',
      artists: [
        { artist_id: 'b', name: 'Édouard Manet', aliases: [], birth_year: 1832, death_year: 1883 },
        { artist_id: 'a', name: 'eugène Delacroix', aliases: [], birth_year: 1798, death_year: 1863 },
        { artist_id: 'c', name: 'Edgar Degas', aliases: [], birth_year: 1834, death_year: 1917 },
      ],
      works: [],
    });
    expect(buildCoverage(accents, 'r', 't').artists.map((a) => a.artist_id)).toEqual(['c', 'b', 'a']);
  });
});
