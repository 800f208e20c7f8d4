import { describe, expect, it } from 'vitest';
import { finaliseArtists, mergeArtists } from '../../corpus/build/artist-merge.js';
import { initialsForms, namesCompatible, naturalOrder, stripHonorific } from '../../corpus/build/names.js';
import { ngaDeath } from '../../corpus/build/nga-source.js';
import type { SourceArtist } from '../../corpus/build/source.model.js';
import { tateDeathBasis } from '../../corpus/build/tate-source.js';
import { normaliseName } from '../../core/attestation/normalise.js';

const MAX = 1955;

function artist(p: Partial<SourceArtist> & Pick<SourceArtist, 'key' | 'name'>): SourceArtist {
  return { source: 'tate', names: [], birth_year: null, death_year: null, ids: {}, ...p };
}

const tateTurner = artist({
  key: 'tate:artist:558',
  source: 'tate',
  name: 'Joseph Mallord William Turner',
  names: ['Turner, Joseph Mallord William'],
  birth_year: 1775,
  death_year: 1851,
  ids: { tate: '558' },
});
const ngaTurner = artist({
  key: 'nga:constituent:1939',
  source: 'nga',
  name: 'Joseph Mallord William Turner',
  names: ['Turner, Joseph Mallord William'],
  birth_year: 1775,
  death_year: 1851,
  ids: { nga: '1939', ulan: '500026846', wikidata: 'Q159758' },
});
const cmoaJmw = artist({ key: 'cmoa:p/jmw', source: 'cmoa', name: 'J. M. W. Turner', birth_year: 1775, death_year: 1851, ids: { cmoa: 'jmw' } });
const ngaRembrandt = artist({
  key: 'nga:constituent:1822',
  source: 'nga',
  name: 'Rembrandt van Rijn',
  names: ['Rembrandt Harmenszoon van Rijn', 'Rembrandt', 'Rijn, Rembrandt Harmensz. van'],
  birth_year: 1606,
  death_year: 1669,
  ids: { nga: '1822', wikidata: 'Q5598', ulan: '500011051' },
});
const ngaPeale = artist({
  key: 'nga:constituent:1775',
  source: 'nga',
  name: 'Rembrandt Peale',
  names: ['Peale, Rembrandt'],
  birth_year: 1778,
  death_year: 1860,
  ids: { nga: '1775', wikidata: 'Q375926' },
});

describe('name helpers', () => {
  it('puts inverted names in natural order', () => {
    expect(naturalOrder('Turner, Joseph Mallord William')).toBe('Joseph Mallord William Turner');
    expect(naturalOrder('Rembrandt van Rijn')).toBe('Rembrandt van Rijn');
    expect(naturalOrder('Smith, Jr.')).toBe('Smith, Jr.');
  });

  it('drops honorifics only when a full name remains', () => {
    expect(stripHonorific('Sir Joshua Reynolds')).toBe('Joshua Reynolds');
    expect(stripHonorific('Rev. William Gilpin')).toBe('William Gilpin');
    expect(stripHonorific('Lady Gordon')).toBe('Lady Gordon');
  });

  it('tells compatible forenames and initials from different people', () => {
    expect(namesCompatible('J. M. W. Turner', 'Joseph Mallord William Turner')).toBe(true);
    expect(namesCompatible('J.M.W. Turner', 'Turner, Joseph Mallord William')).toBe(true);
    expect(namesCompatible('Rembrandt Peale', 'Rembrandt van Rijn')).toBe(false);
    expect(namesCompatible('Charles Turner', 'Joseph Mallord William Turner')).toBe(false);
    expect(namesCompatible('Willem van de Velde the Elder', 'Willem van de Velde the Younger')).toBe(false);
    expect(namesCompatible('Turner', 'Joseph Mallord William Turner')).toBe(false);
  });

  it('generates initials forms for names of two words or more', () => {
    expect(initialsForms('Joseph Mallord William Turner')).toEqual(['J. M. W. Turner', 'J.M.W. Turner']);
    expect(initialsForms('John Constable')).toEqual(['J. Constable']);
    expect(initialsForms('Rembrandt van Rijn')).toEqual(['R. van Rijn']);
    expect(initialsForms('Titian')).toEqual([]);
    expect(initialsForms('Jean-Baptiste-Camille Corot')).toEqual([]);
    expect(initialsForms('Kunisada II')).toEqual([]);
    expect(initialsForms('William Turner of Oxford')).toEqual([]);
  });
});

describe('death years', () => {
  it('reads NGA display dates', () => {
    expect(ngaDeath('Dutch, 1606 - 1669', 1669)).toEqual({ year: 1669, basis: 'death' });
    expect(ngaDeath('German, died 1573', 1573)).toEqual({ year: 1573, basis: 'death' });
    expect(ngaDeath('Ferrarese, 1432 - after 1506', 1506)).toEqual({ year: 1506, basis: 'death' });
    expect(ngaDeath('Parmese, 1544 - 1573/1574', 1574)).toEqual({ year: 1574, basis: 'death' });
    expect(ngaDeath('Netherlandish, active c. 1465 - 1494', 1494)).toEqual({ year: 1494, basis: 'floruit' });
    expect(ngaDeath('Venetian, active 1420/1462', 1480)).toEqual({ year: 1462, basis: 'floruit' });
    expect(ngaDeath('French, born 1736', 1816)).toBeNull();
    expect(ngaDeath('American, active 1827', 1887)).toBeNull();
    expect(ngaDeath('British, 18th century', 1799)).toBeNull();
  });

  it('reads Tate dates', () => {
    expect(tateDeathBasis('1775–1851')).toBe('death');
    expect(tateDeathBasis('c.1790–c.1830')).toBe('death');
    expect(tateDeathBasis('active 1787–1808')).toBe('floruit');
    expect(tateDeathBasis('active 1800')).toBeNull();
    expect(tateDeathBasis('19th century')).toBeNull();
  });
});

describe('mergeArtists', () => {
  it('merges records sharing a QID or ULAN, and names with initials and the same dates', () => {
    const r = mergeArtists([tateTurner, ngaTurner, cmoaJmw, ngaRembrandt, ngaPeale], { maxDeathYear: MAX });
    expect(r.artists).toHaveLength(3);
    const id = r.byKey.get('tate:artist:558');
    expect(id).toBeDefined();
    expect(r.byKey.get('nga:constituent:1939')).toBe(id);
    expect(r.byKey.get('cmoa:p/jmw')).toBe(id);
    expect(r.byKey.get('nga:constituent:1822')).not.toBe(r.byKey.get('nga:constituent:1775'));
    const turner = r.byId.get(id as string);
    expect(turner?.name).toBe('Joseph Mallord William Turner');
    expect(turner?.ids).toMatchObject({ wikidata: 'Q159758', ulan: '500026846', tate: '558', nga: '1939', cmoa: 'jmw' });
  });

  it('derives a stable artist_id from the strongest identifier', () => {
    const a = mergeArtists([tateTurner, ngaTurner], { maxDeathYear: MAX });
    const b = mergeArtists([ngaTurner], { maxDeathYear: MAX });
    expect(a.byKey.get('tate:artist:558')).toBe(b.byKey.get('nga:constituent:1939'));
    expect(a.byKey.get('tate:artist:558')).toMatch(/^art_[0-9a-f]{10}$/);
  });

  it('links a Wikidata label through its xref, whatever its form', () => {
    const label = artist({ key: 'wikidata:label:jmw', source: 'wikidata', name: 'J. M. W. Turner', links: ['tate:artist:558'] });
    const r = mergeArtists([tateTurner, label], { maxDeathYear: MAX });
    expect(r.artists).toHaveLength(1);
    expect(r.byKey.get('wikidata:label:jmw')).toBe(r.byKey.get('tate:artist:558'));
    expect(r.artists[0].source_names).toContain('J. M. W. Turner');
  });

  it('keeps apart namesakes with different authority ids or different dates', () => {
    const a = artist({ key: 'nga:constituent:1', source: 'nga', name: 'John Smith', death_year: 1800, ids: { wikidata: 'Q1' } });
    const b = artist({ key: 'nga:constituent:2', source: 'nga', name: 'John Smith', death_year: 1800, ids: { wikidata: 'Q2' } });
    const c = artist({ key: 'tate:artist:3', name: 'John Smith', death_year: 1830 });
    const r = mergeArtists([a, b, c], { maxDeathYear: MAX });
    expect(r.artists).toHaveLength(3);
    expect(r.resolveName('John Smith')).toBeUndefined();
  });

  it('merges the same full name with close dates (sources round "c." dates differently)', () => {
    const nga = artist({ key: 'nga:constituent:22', source: 'nga', name: 'Lemuel Francis Abbott', birth_year: 1755, death_year: 1802, ids: { ulan: '500012143' } });
    const tate = artist({ key: 'tate:artist:1', name: 'Lemuel Francis Abbott', names: ['Abbott, Lemuel Francis'], birth_year: 1760, death_year: 1803 });
    expect(mergeArtists([nga, tate], { maxDeathYear: MAX }).artists).toHaveLength(1);
  });

  it('covers only artists with a known death year at least 71 years ago', () => {
    const recent = artist({ key: 'tate:artist:9', name: 'Walter Sickert', death_year: 1942 });
    const tooRecent = artist({ key: 'tate:artist:10', name: 'Henri Matisse', death_year: 1954 });
    const unknown = artist({ key: 'tate:artist:11', name: 'John Doe', death_year: null });
    const r = mergeArtists([recent, tooRecent, unknown], { maxDeathYear: 1953 });
    expect(r.artists.map((a) => a.name)).toEqual(['Walter Sickert']);
  });

  it('accepts a documented floruit end only far in the past', () => {
    const memling = artist({ key: 'nga:constituent:1712', source: 'nga', name: 'Hans Memling', death_year: 1494, death_basis: 'floruit' });
    const late = artist({ key: 'nga:constituent:5', source: 'nga', name: 'Late Painter', death_year: 1920, death_basis: 'floruit' });
    const r = mergeArtists([memling, late], { maxDeathYear: MAX });
    expect(r.artists.map((a) => a.name)).toEqual(['Hans Memling']);
  });

  it('skips schools and anonymous hands', () => {
    const school = artist({ key: 'tate:artist:59', name: 'British School 18th century', death_year: 1799 });
    expect(mergeArtists([school], { maxDeathYear: MAX }).artists).toHaveLength(0);
  });

  it('resolves a name to the one artist who bears it, initials included', () => {
    const r = mergeArtists([tateTurner, ngaRembrandt, ngaPeale], { maxDeathYear: MAX });
    expect(r.resolveName('Rembrandt')).toBe(r.byKey.get('nga:constituent:1822'));
    expect(r.resolveName('J. M. W. Turner')).toBe(r.byKey.get('tate:artist:558'));
    expect(r.resolveName('Turner')).toBeUndefined();
  });
});

describe('finaliseArtists (aliases)', () => {
  const wdLabel = artist({ key: 'wikidata:label:x', source: 'wikidata', name: 'J. M. W. Turner', links: ['nga:constituent:1939'] });
  const charles = artist({ key: 'nga:constituent:3231', source: 'nga', name: 'Charles Turner', names: ['Turner, Charles'], birth_year: 1773, death_year: 1857, ids: { wikidata: 'Q5083052' } });
  const merged = mergeArtists([tateTurner, ngaTurner, wdLabel, charles, ngaRembrandt, ngaPeale], { maxDeathYear: MAX });
  const final = finaliseArtists(merged.artists);
  const byName = new Map(final.map((a) => [a.name, a]));

  it('keeps the inverted form, the labels and the initials forms', () => {
    const turner = byName.get('Joseph Mallord William Turner');
    expect(turner?.aliases).toContain('Turner, Joseph Mallord William');
    expect(turner?.aliases).toContain('J. M. W. Turner');
  });

  it('never adds a bare surname and deduplicates by normalised name', () => {
    for (const a of final) {
      const keys = a.aliases.map(normaliseName);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).not.toContain('turner');
      expect(keys).not.toContain('peale');
    }
    expect(byName.get('Rembrandt van Rijn')?.aliases).toContain('Rembrandt');
  });

  it('drops a generated form another artist would share', () => {
    const raphaelle = artist({ key: 'nga:constituent:23551', source: 'nga', name: 'Raphaelle Peale', death_year: 1825, ids: { wikidata: 'Q1374536' } });
    const out = finaliseArtists(mergeArtists([ngaPeale, raphaelle], { maxDeathYear: MAX }).artists);
    for (const a of out) expect(a.aliases).not.toContain('R. Peale');
  });
});
