import { describe, expect, it } from 'vitest';
import { finaliseArtists, mergeArtists } from '../../corpus/build/artist-merge.js';
import { cmoaDeath } from '../../corpus/build/cmoa-source.js';
import {
  forenameSpellingVariants,
  generationalForm,
  initialsForms,
  namesCompatible,
  naturalOrder,
  stripHonorific,
  untitledName,
} from '../../corpus/build/names.js';
import { ngaDeath } from '../../corpus/build/nga-source.js';
import type { SourceArtist } from '../../corpus/build/source.model.js';
import { tateDeathBasis } from '../../corpus/build/tate-source.js';
import { normaliseName } from '../../core/attestation/matching/normalise.js';

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
    // A post-nominal tail is not a forename ("Bt Sir John Everett Millais" would be).
    expect(naturalOrder('Sir John Everett Millais, Bt')).toBe('Sir John Everett Millais, Bt');
    expect(naturalOrder('John Bacon, R.A.')).toBe('John Bacon, R.A.');
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
    expect(initialsForms('Levi W. Prentice')).toEqual(['L. W. Prentice', 'L.W. Prentice']);
    expect(initialsForms('J. M. W. Turner')).toEqual([]);
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

/**
 * Homonyms the public-domain extracts (death year <= 1955) brought in, with their records as
 * the readers give them from the 2026 source files.
 */
describe('homonyms of the widened sources', () => {
  const final = (records: SourceArtist[]) => {
    const merged = mergeArtists(records, { maxDeathYear: MAX });
    return { merged, artists: finaliseArtists(merged.artists) };
  };

  it('merges Camille Pissarro across the four sources and keeps Lucien and Esther apart', () => {
    const camille = [
      artist({ key: 'tate:artist:1776', name: 'Camille Pissarro', names: ['Pissarro, Camille'], birth_year: 1830, death_year: 1903, ids: { tate: '1776' } }),
      artist({ key: 'nga:constituent:1791', source: 'nga', name: 'Camille Pissarro', names: ['Pissarro, Camille', 'Pissarro, Camille Jacob'], birth_year: 1830, death_year: 1903, ids: { nga: '1791', ulan: '500001924', wikidata: 'Q134741' } }),
      artist({ key: 'cmoa:cmoa:parties/c1dd', source: 'cmoa', name: 'Camille Pissarro', names: ['Pissarro, Camille'], birth_year: 1830, death_year: 1903, ids: { cmoa: 'c1dd' } }),
      artist({ key: 'wikidata:label:camille pissarro|nga:constituent:1791', source: 'wikidata', name: 'Camille Pissarro', links: ['nga:constituent:1791'] }),
    ];
    const lucien = [
      artist({ key: 'tate:artist:1777', name: 'Lucien Pissarro', names: ['Pissarro, Lucien'], birth_year: 1863, death_year: 1944, ids: { tate: '1777' } }),
      artist({ key: 'nga:constituent:28881', source: 'nga', name: 'Lucien Pissarro', names: ['Pissarro, Lucien'], birth_year: 1863, death_year: 1944, ids: { nga: '28881', ulan: '500028996', wikidata: 'Q964608' } }),
    ];
    const esther = artist({ key: 'tate:artist:11753', name: 'Esther Pissarro', names: ['Pissarro, Esther'], birth_year: 1870, death_year: 1951, ids: { tate: '11753' } });
    const { merged, artists } = final([...camille, ...lucien, esther]);
    expect(artists.map((a) => a.name).sort()).toEqual(['Camille Pissarro', 'Esther Pissarro', 'Lucien Pissarro']);
    const camilleId = merged.byKey.get('nga:constituent:1791');
    for (const r of camille) expect(merged.byKey.get(r.key)).toBe(camilleId);
    expect(merged.byKey.get('tate:artist:1777')).toBe(merged.byKey.get('nga:constituent:28881'));
    expect(merged.byKey.get('tate:artist:1777')).not.toBe(camilleId);
    expect(merged.resolveName('C. Pissarro')).toBe(camilleId);
    expect(merged.resolveName('Pissarro')).toBeUndefined();
    expect(artists.find((a) => a.name === 'Camille Pissarro')?.aliases).toContain('C. Pissarro');
  });

  it('reads "I" and "II" as the Elder and the Younger, and keeps the Brueghels apart', () => {
    const ngaElder = artist({ key: 'nga:constituent:1031', source: 'nga', name: 'Pieter Bruegel the Elder', names: ['Bruegel the Elder, Pieter', 'Bruegel, Pieter the Elder', 'Brueghel the Elder, Pieter', 'Brueghel, Pieter the Elder'], birth_year: 1525, death_year: 1569, ids: { nga: '1031', ulan: '500013247', wikidata: 'Q43270' } });
    const cmoaElder = artist({ key: 'cmoa:cmoa:parties/a33c', source: 'cmoa', name: 'Pieter Bruegel I', names: ['Bruegel, Pieter, I'], birth_year: 1520, death_year: 1569, ids: { cmoa: 'a33c' } });
    const ngaYounger = artist({ key: 'nga:constituent:3627', source: 'nga', name: 'Pieter Brueghel the Younger', names: ['Brueghel the Younger, Pieter', 'Brueghel, Pieter the Younger', 'Bruegel the Younger, Pieter', 'Bruegel, Pieter the Younger'], birth_year: 1564, death_year: 1638, ids: { nga: '3627', wikidata: 'Q255828' } });
    const cmoaYounger = artist({ key: 'cmoa:cmoa:parties/b8d5', source: 'cmoa', name: 'Pieter Brueghel II', names: ['Brueghel, Pieter, II'], birth_year: 1564, death_year: 1638, ids: { cmoa: 'b8d5' } });
    const jan = artist({ key: 'nga:constituent:3626', source: 'nga', name: 'Jan Brueghel the Elder', names: ['Brueghel the Elder, Jan', 'Brueghel, Jan the Elder', 'Bruegel the Elder, Jan', 'Bruegel, Jan the Elder'], birth_year: 1568, death_year: 1625, ids: { nga: '3626', ulan: '500013747', wikidata: 'Q209050' } });
    const { merged, artists } = final([ngaElder, cmoaElder, ngaYounger, cmoaYounger, jan]);
    expect(artists.map((a) => a.name).sort()).toEqual(['Jan Brueghel the Elder', 'Pieter Bruegel the Elder', 'Pieter Brueghel the Younger']);
    expect(merged.byKey.get(cmoaElder.key)).toBe(merged.byKey.get(ngaElder.key));
    expect(merged.byKey.get(cmoaYounger.key)).toBe(merged.byKey.get(ngaYounger.key));
    expect(merged.resolveName('Pieter Brueghel II')).toBe(merged.byKey.get(ngaYounger.key));
    expect(merged.resolveName('Pieter Bruegel I')).toBe(merged.byKey.get(ngaElder.key));
    expect(merged.resolveName('Pieter Brueghel')).toBeUndefined();
  });

  it('keeps apart a father and a son to whom a source gives one ULAN', () => {
    const son = artist({ key: 'nga:constituent:4607', source: 'nga', name: 'Jean Le Blond', names: ['Le Blond, Jean'], birth_year: 1635, death_year: 1709, ids: { nga: '4607', ulan: '500118942', wikidata: 'Q37824707' } });
    const father = artist({ key: 'nga:constituent:51006', source: 'nga', name: 'Jean Le Blond I', names: ['Le Blond, Jean'], birth_year: 1590, death_year: 1666, ids: { nga: '51006', ulan: '500118942' } });
    const cmoa = artist({ key: 'cmoa:cmoa:parties/a523', source: 'cmoa', name: 'Jean Le Blond', names: ['Le Blond, Jean'], birth_year: 1630, death_year: 1709, ids: { cmoa: 'a523' } });
    const { merged } = final([son, father, cmoa]);
    expect(merged.artists).toHaveLength(2);
    expect(merged.byKey.get(cmoa.key)).toBe(merged.byKey.get(son.key));
    expect(merged.byKey.get(father.key)).not.toBe(merged.byKey.get(son.key));
    expect(merged.byId.get(merged.byKey.get(son.key) as string)?.death_year).toBe(1709);
    // Death years a few years apart under one ULAN are one person, dated differently.
    const lafage = [
      artist({ key: 'nga:constituent:2602', source: 'nga', name: 'Nicolas-Raymond de La Fage', birth_year: 1656, death_year: 1690, ids: { ulan: '500115539' } }),
      artist({ key: 'nga:constituent:34403', source: 'nga', name: 'Raymond Lafage', birth_year: 1656, death_year: 1684, ids: { ulan: '500115539' } }),
    ];
    expect(mergeArtists(lafage, { maxDeathYear: MAX }).artists).toHaveLength(1);
  });

  it('keeps namesakes of one source apart, and drops the initials they would share', () => {
    const hone = [
      artist({ key: 'tate:artist:273', name: 'Nathaniel Hone', names: ['Hone, Nathaniel'], birth_year: 1718, death_year: 1784, ids: { tate: '273' } }),
      artist({ key: 'tate:artist:274', name: 'Nathaniel Hone', names: ['Hone, Nathaniel'], birth_year: 1831, death_year: 1917, ids: { tate: '274' } }),
    ];
    const hunt = [
      artist({ key: 'tate:artist:286', name: 'William Henry Hunt', names: ['Hunt, William Henry'], birth_year: 1790, death_year: 1864, ids: { tate: '286' } }),
      artist({ key: 'nga:constituent:9844', source: 'nga', name: 'William Henry Hunt', names: ['Hunt, William Henry'], birth_year: 1790, death_year: 1864, ids: { nga: '9844', ulan: '500024594', wikidata: 'Q1354660' } }),
      artist({ key: 'tate:artist:287', name: 'William Holman Hunt', names: ['Hunt, William Holman'], birth_year: 1827, death_year: 1910, ids: { tate: '287' } }),
      artist({ key: 'nga:constituent:4403', source: 'nga', name: 'William Holman Hunt', names: ['Hunt, William Holman'], birth_year: 1827, death_year: 1910, ids: { nga: '4403', ulan: '500001633', wikidata: 'Q211763' } }),
    ];
    const stevens = [
      artist({ key: 'tate:artist:525', name: 'Alfred Stevens', names: ['Stevens, Alfred'], birth_year: 1817, death_year: 1875, ids: { tate: '525' } }),
      artist({ key: 'nga:constituent:1905', source: 'nga', name: 'Alfred Stevens', names: ['Stevens, Alfred'], birth_year: 1823, death_year: 1906, ids: { nga: '1905', ulan: '500030207', wikidata: 'Q773855' } }),
      artist({ key: 'cmoa:cmoa:parties/a50a', source: 'cmoa', name: 'Alfred Stevens', names: ['Stevens, Alfred'], birth_year: 1823, death_year: 1906, ids: { cmoa: 'a50a' } }),
    ];
    const woodville = [
      artist({ key: 'nga:constituent:15094', source: 'nga', name: 'Richard Caton Woodville', names: ['Woodville, Richard Caton'], birth_year: 1825, death_year: 1855, ids: { nga: '15094', ulan: '500015269', wikidata: 'Q1390942' } }),
      artist({ key: 'tate:artist:611', name: 'Richard Caton Woodville', names: ['Woodville, Richard Caton'], birth_year: 1856, death_year: 1927, ids: { tate: '611' } }),
    ];
    const { merged, artists } = final([...hone, ...hunt, ...stevens, ...woodville]);
    expect(merged.artists).toHaveLength(8);
    expect(merged.byKey.get('tate:artist:286')).toBe(merged.byKey.get('nga:constituent:9844'));
    expect(merged.byKey.get('tate:artist:287')).toBe(merged.byKey.get('nga:constituent:4403'));
    expect(merged.byKey.get('nga:constituent:1905')).toBe(merged.byKey.get('cmoa:cmoa:parties/a50a'));
    expect(merged.byKey.get('tate:artist:525')).not.toBe(merged.byKey.get('nga:constituent:1905'));
    expect(merged.byKey.get('nga:constituent:15094')).not.toBe(merged.byKey.get('tate:artist:611'));
    for (const name of ['Nathaniel Hone', 'Alfred Stevens', 'Richard Caton Woodville', 'W. H. Hunt']) expect(merged.resolveName(name)).toBeUndefined();
    const aliases = artists.flatMap((a) => a.aliases);
    for (const shared of ['N. Hone', 'W. H. Hunt', 'A. Stevens', 'R. C. Woodville']) expect(aliases).not.toContain(shared);
    expect(merged.resolveName('William Holman Hunt')).toBe(merged.byKey.get('tate:artist:287'));
  });

  it('reads a CMOA life shorter than 15 years as activity: the "Rembrandt" photo studio of 1916-1919 stays out', () => {
    expect(cmoaDeath(1916, 1919)).toEqual({ death_year: 1919, death_basis: 'floruit' });
    expect(cmoaDeath(1794, 1795)).toEqual({ death_year: 1795, death_basis: 'floruit' });
    expect(cmoaDeath(1830, 1903)).toEqual({ death_year: 1903, death_basis: 'death' });
    expect(cmoaDeath(null, 1569)).toEqual({ death_year: 1569, death_basis: 'death' });
    expect(cmoaDeath(1606, null)).toEqual({ death_year: null });
    const studio = artist({ key: 'cmoa:cmoa:parties/93c7', source: 'cmoa', name: 'Rembrandt', birth_year: 1916, ...cmoaDeath(1916, 1919), ids: { cmoa: '93c7' } });
    const sharaku = artist({ key: 'cmoa:cmoa:parties/shk', source: 'cmoa', name: 'Sharaku Tôshûsai', birth_year: 1794, ...cmoaDeath(1794, 1795), ids: { cmoa: 'shk' } });
    const { merged, artists } = final([ngaRembrandt, ngaPeale, studio, sharaku]);
    expect(artists.map((a) => a.name).sort()).toEqual(['Rembrandt Peale', 'Rembrandt van Rijn', 'Sharaku Tôshûsai']);
    expect(artists.find((a) => a.name === 'Rembrandt van Rijn')?.aliases).toContain('Rembrandt');
    expect(merged.resolveName('Rembrandt')).toBe(merged.byKey.get('nga:constituent:1822'));
  });

  it('spells generational suffixes one way for matching only', () => {
    expect(generationalForm('Pieter Brueghel II')).toBe('Pieter Brueghel the Younger');
    expect(generationalForm('Pieter Bruegel I')).toBe('Pieter Bruegel the Elder');
    expect(generationalForm('George Barret, Jr.')).toBe('George Barret the Younger');
    expect(generationalForm('Richard Cooper Junior')).toBe('Richard Cooper the Younger');
    expect(generationalForm('Willem van de Velde the Elder')).toBe('Willem van de Velde the Elder');
    expect(generationalForm('Master I')).toBeNull();
    expect(generationalForm('Jan van de Velde III')).toBeNull();
    expect(generationalForm('Joseph Mallord William Turner')).toBeNull();
  });
});

describe('forenames spelt another way', () => {
  it('tells transliterations from brothers', () => {
    expect(forenameSpellingVariants('Vassily Kandinsky', 'Wassily Kandinsky')).toBe(true);
    expect(forenameSpellingVariants('Claude-Nicholas Ledoux', 'Claude Nicolas Ledoux')).toBe(true);
    expect(forenameSpellingVariants('Kiyonobu II Torii', 'Kiyomasu II Torii')).toBe(false);
    expect(forenameSpellingVariants('William Ridgway', 'John Ridgway')).toBe(false);
    expect(forenameSpellingVariants('James Clews', 'Ralph Clews')).toBe(false);
    expect(forenameSpellingVariants('Ivan Kandinsky', 'Wassily Kandinsky')).toBe(false);
  });

  it('merges them only with identical birth and death years', () => {
    const cmoa = artist({ key: 'cmoa:cmoa:parties/85b6', source: 'cmoa', name: 'Vassily Kandinsky', names: ['Kandinsky, Vassily'], birth_year: 1866, death_year: 1944, ids: { cmoa: '85b6' } });
    const nga = artist({ key: 'nga:constituent:1431', source: 'nga', name: 'Wassily Kandinsky', names: ['Kandinsky, Wassily'], birth_year: 1866, death_year: 1944, ids: { nga: '1431', ulan: '500021093', wikidata: 'Q61064' } });
    expect(mergeArtists([cmoa, nga], { maxDeathYear: MAX }).artists).toHaveLength(1);
    expect(mergeArtists([{ ...cmoa, birth_year: null }, nga], { maxDeathYear: MAX }).artists).toHaveLength(2);
    expect(mergeArtists([{ ...cmoa, birth_year: 1865 }, nga], { maxDeathYear: MAX }).artists).toHaveLength(2);
    // Brothers of one pottery, same years in the source, different forenames: apart.
    const william = artist({ key: 'cmoa:cmoa:parties/w', source: 'cmoa', name: 'William Ridgway', birth_year: 1814, death_year: 1830 });
    const john = artist({ key: 'cmoa:cmoa:parties/j', source: 'cmoa', name: 'John Ridgway', birth_year: 1814, death_year: 1830 });
    expect(mergeArtists([william, john], { maxDeathYear: MAX }).artists).toHaveLength(2);
  });
});

/** Records the readers give from the 2026 source files (tate_artists.csv, nga_constituents.csv, cmoa_artworks.ndjson). */
describe('names equal without titles (honorifics, post-nominals)', () => {
  const tateMillais = artist({ key: 'tate:artist:379', name: 'Sir John Everett Millais, Bt', names: ['Millais, Sir John Everett, Bt'], birth_year: 1829, death_year: 1896, ids: { tate: '379' } });
  const ngaMillais = artist({ key: 'nga:constituent:5475', source: 'nga', name: 'John Everett Millais', names: ['Millais, John Everett'], birth_year: 1829, death_year: 1896, ids: { nga: '5475', ulan: '500031367', wikidata: 'Q159606' } });
  const wikidataMillais = artist({ key: 'wikidata:label:john everett millais|nga:constituent:5475', source: 'wikidata', name: 'John Everett Millais', links: ['nga:constituent:5475'] });
  const ngaWilliamMillais = artist({ key: 'nga:constituent:47707', source: 'nga', name: 'William Henry Millais', names: ['Millais, William Henry'], birth_year: 1828, death_year: 1899, ids: { nga: '47707', ulan: '500020804' } });

  it('reads a name without its honorifics and post-nominals, generational markers kept', () => {
    expect(untitledName('Sir John Everett Millais, Bt')).toBe('John Everett Millais');
    expect(untitledName('Millais, Sir John Everett, Bt')).toBe('John Everett Millais');
    expect(untitledName('Reynolds, Sir Joshua, P.R.A.')).toBe('Joshua Reynolds');
    expect(untitledName('Sir Joshua Reynolds P.R.A.')).toBe('Joshua Reynolds');
    expect(untitledName('Dame Laura Knight, R.A.')).toBe('Laura Knight');
    expect(untitledName('Lord Frederic Leighton')).toBe('Frederic Leighton');
    expect(untitledName('Sir Godfrey Kneller, Bart.')).toBe('Godfrey Kneller');
    expect(untitledName('Sir Robert Smirke, K.B.')).toBe('Robert Smirke');
    expect(untitledName('Pieter Brueghel II')).toBe('Pieter Brueghel II');
    expect(untitledName('George Barret, Jr.')).toBe('George Barret, Jr.');
    expect(untitledName('Sir David Teniers the Younger')).toBe('David Teniers the Younger');
  });

  it("merges Tate's \"Sir John Everett Millais, Bt\" with NGA's John Everett Millais (same years), and keeps William Henry apart", () => {
    const merged = mergeArtists([tateMillais, ngaMillais, wikidataMillais, ngaWilliamMillais], { maxDeathYear: MAX });
    expect(merged.artists).toHaveLength(2);
    const id = merged.byKey.get('nga:constituent:5475');
    expect(id).toBe('art_92c1680eda');
    expect(merged.byKey.get('tate:artist:379')).toBe(id);
    expect(merged.byKey.get(wikidataMillais.key)).toBe(id);
    expect(merged.byKey.get('nga:constituent:47707')).not.toBe(id);
    const millais = merged.byId.get(id as string);
    expect(millais?.name).toBe('John Everett Millais');
    expect(millais?.ids).toEqual({ nga: '5475', tate: '379', ulan: '500031367', wikidata: 'Q159606' });
    expect(merged.resolveName('Sir John Everett Millais, Bt')).toBe(id);
    const [final] = finaliseArtists(merged.artists.filter((a) => a.artist_id === id));
    expect(final?.aliases).toEqual(['Millais, John Everett', 'Sir John Everett Millais, Bt', 'Millais, Sir John Everett, Bt', 'J. E. Millais']);
    // Before, the inverted "Bt Sir John Everett Millais" gave this initials form.
    expect(final?.aliases).not.toContain('B. S. J. E. Millais');
  });

  it('merges the three sources of Sir Edward Coley Burne-Jones, whatever side of the name "Sir" is on', () => {
    const records = [
      artist({ key: 'tate:artist:68', name: 'Sir Edward Coley Burne-Jones, Bt', names: ['Burne-Jones, Sir Edward Coley, Bt'], birth_year: 1833, death_year: 1898, ids: { tate: '68' } }),
      artist({ key: 'nga:constituent:5570', source: 'nga', name: 'Sir Edward Coley Burne-Jones', names: ['Burne-Jones, Edward Coley, Sir'], birth_year: 1833, death_year: 1898, ids: { nga: '5570', ulan: '500001381', wikidata: 'Q216406' } }),
      artist({ key: 'cmoa:cmoa:parties/ee5bdc49-422d-49c4-a897-a2a46075f890', source: 'cmoa', name: 'Sir Edward Coley Burne-Jones', names: ['Burne-Jones, Edward Coley'], birth_year: 1833, death_year: 1898, ids: { cmoa: 'ee5bdc49-422d-49c4-a897-a2a46075f890' } }),
    ];
    const merged = mergeArtists(records, { maxDeathYear: MAX });
    expect(merged.artists).toHaveLength(1);
    expect(merged.artists[0]?.artist_id).toBe('art_5a68d94c10');
    expect(Object.keys(merged.artists[0]?.ids ?? {}).sort()).toEqual(['cmoa', 'nga', 'tate', 'ulan', 'wikidata']);
  });

  it('keeps apart names equal without titles whose birth or death years differ or are unknown', () => {
    const apart = (other: Partial<SourceArtist>) => {
      const merged = mergeArtists([{ ...tateMillais, ...other }, ngaMillais], { maxDeathYear: MAX });
      expect(merged.artists).toHaveLength(2);
      expect(merged.byKey.get('tate:artist:379')).not.toBe(merged.byKey.get('nga:constituent:5475'));
    };
    apart({ birth_year: 1830 });
    apart({ death_year: 1897 });
    apart({ birth_year: null });
    // A namesake a generation later, knighted: apart.
    const beechey = [
      artist({ key: 'tate:artist:40', name: 'Sir William Beechey, RA', names: ['Beechey, Sir William, RA'], birth_year: 1753, death_year: 1839, ids: { tate: '40' } }),
      artist({ key: 'cmoa:cmoa:parties/wb', source: 'cmoa', name: 'William Beechey', names: ['Beechey, William'], birth_year: 1806, death_year: 1870, ids: { cmoa: 'wb' } }),
    ];
    expect(mergeArtists(beechey, { maxDeathYear: MAX }).artists).toHaveLength(2);
  });

  it('keeps generational markers: the Elder and the Younger with the same recorded years stay apart', () => {
    const elder = artist({ key: 'tate:artist:900', name: 'Sir David Teniers the Elder', names: ['Teniers, Sir David, the Elder'], birth_year: 1582, death_year: 1649, ids: { tate: '900' } });
    const younger = artist({ key: 'cmoa:cmoa:parties/dt2', source: 'cmoa', name: 'David Teniers II', names: ['Teniers, David, II'], birth_year: 1582, death_year: 1649, ids: { cmoa: 'dt2' } });
    expect(mergeArtists([elder, younger], { maxDeathYear: MAX }).artists).toHaveLength(2);
    const younger2 = artist({ key: 'tate:artist:901', name: 'Sir David Teniers the Younger', names: ['Teniers, Sir David, the Younger'], birth_year: 1610, death_year: 1690, ids: { tate: '901' } });
    const cmoaYounger = artist({ key: 'cmoa:cmoa:parties/dt3', source: 'cmoa', name: 'David Teniers II', names: ['Teniers, David, II'], birth_year: 1610, death_year: 1690, ids: { cmoa: 'dt3' } });
    expect(mergeArtists([younger2, cmoaYounger], { maxDeathYear: MAX }).artists).toHaveLength(1);
  });
});
