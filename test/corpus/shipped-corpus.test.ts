import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCorpusDir, loadCorpusSnapshot, readCorpusManifest, type CorpusManifest } from '../../adapters/corpus/file-corpus.loader.js';
import { SOURCE_TAGS, type CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { normaliseName } from '../../core/attestation/matching/normalise.js';

/** Invariants of the corpus the service ships with (corpus/data). */
describe('shipped corpus', () => {
  let snap: CorpusSnapshot;
  let manifest: CorpusManifest;

  beforeAll(async () => {
    snap = await loadCorpusSnapshot();
    manifest = await readCorpusManifest();
  });

  it('is found in the package and matches its manifest', () => {
    expect(existsSync(join(defaultCorpusDir(), 'manifest.json'))).toBe(true);
    expect(snap.build_id).toBe(manifest.build_id);
  });

  it('matches its manifest counts', () => {
    expect(snap.artists.length).toBe(manifest.counts.artists);
    expect(snap.works.length).toBe(manifest.counts.works);
    expect(snap.works.reduce((n, w) => n + w.claims.length, 0)).toBe(manifest.counts.claims);
  });

  it('has no duplicate ids and is sorted by id', () => {
    const artistIds = snap.artists.map((a) => a.artist_id);
    const workIds = snap.works.map((w) => w.work_id);
    expect(new Set(artistIds).size).toBe(artistIds.length);
    expect(new Set(workIds).size).toBe(workIds.length);
    expect([...artistIds].sort()).toEqual(artistIds);
    expect([...workIds].sort()).toEqual(workIds);
  });

  // Problems are collected and compared once: an expect() per claim would take seconds.
  it('gives every work at least one attribution to a covered artist', () => {
    const ids = new Set(snap.artists.map((a) => a.artist_id));
    const problems: string[] = [];
    for (const w of snap.works) {
      if (w.attributions.length === 0) problems.push(`${w.work_id}: no attribution`);
      for (const a of w.attributions) if (!ids.has(a.artist_id)) problems.push(`${w.work_id} -> ${a.artist_id}`);
    }
    expect(problems).toEqual([]);
  });

  it('covers only artists who died at least 71 years ago', () => {
    const limit = new Date().getUTCFullYear() - 71;
    const problems = snap.artists.filter((a) => !Number.isInteger(a.death_year) || a.death_year > limit).map((a) => a.name);
    expect(problems).toEqual([]);
  });

  it('cites every claim with a followable source and a valid tag', () => {
    const tags = new Set<string>(SOURCE_TAGS);
    const problems: string[] = [];
    for (const w of snap.works) {
      for (const c of w.claims) {
        if (!c.source_ref.startsWith('http') || !tags.has(c.source) || c.claim.length === 0) problems.push(`${w.work_id}: ${c.claim}`);
      }
      for (const a of w.attributions) if (!tags.has(a.source) || !a.source_ref.startsWith('http')) problems.push(`${w.work_id}: ${a.display}`);
    }
    expect(problems).toEqual([]);
  });

  it('knows Turner under his usual forms', () => {
    const turner = snap.artists.find((a) => a.name === 'Joseph Mallord William Turner');
    expect(turner?.death_year).toBe(1851);
    expect(turner?.aliases).toEqual(expect.arrayContaining(['Turner, Joseph Mallord William', 'J. M. W. Turner']));
    expect(snap.works.filter((w) => w.attributions.some((a) => a.artist_id === turner?.artist_id)).length).toBeGreaterThan(30000);
  });

  it('covers the masters who died between 1900 and the public-domain limit', () => {
    const worksBy = new Map<string, number>();
    for (const w of snap.works) for (const id of new Set(w.attributions.map((a) => a.artist_id))) worksBy.set(id, (worksBy.get(id) ?? 0) + 1);
    const byKey = (name: string) => snap.artists.filter((a) => [a.name, ...a.aliases].some((n) => normaliseName(n) === normaliseName(name)));
    const masters: [string, number][] = [
      ['Claude Monet', 1926], ['Edgar Degas', 1917], ['Paul Cézanne', 1906], ['Auguste Renoir', 1919], ['Paul Gauguin', 1903],
      ['Camille Pissarro', 1903], ['Henri de Toulouse-Lautrec', 1901], ['Gustav Klimt', 1918], ['John Singer Sargent', 1925],
      ['James McNeill Whistler', 1903], ['Auguste Rodin', 1917], ['Mary Cassatt', 1926], ['Wassily Kandinsky', 1944], ['Henri Matisse', 1954],
    ];
    for (const [name, died] of masters) {
      const found = byKey(name);
      expect(found.map((a) => a.death_year), name).toEqual([died]);
      expect(worksBy.get(found[0].artist_id) ?? 0, name).toBeGreaterThanOrEqual(10);
    }
    for (const modern of ['Pablo Picasso', 'Salvador Dalí', 'Andy Warhol', 'Marc Chagall']) expect(byKey(modern), modern).toEqual([]);
  });

  it("keeps homonyms apart and merges one person's records", () => {
    const named = (name: string) => snap.artists.filter((a) => a.name === name);
    for (const name of ['Camille Pissarro', 'Lucien Pissarro', 'Esther Pissarro', 'Joseph Mallord William Turner', 'Charles Turner', 'William Turner of Oxford', 'Richard Wilson', 'Benjamin Wilson', 'Pieter Bruegel the Elder', 'Pieter Brueghel the Younger', 'Jan Brueghel the Elder', 'William Henry Hunt', 'William Holman Hunt']) {
      expect(named(name), name).toHaveLength(1);
    }
    expect(named('Nathaniel Hone').map((a) => a.death_year).sort()).toEqual([1784, 1917]);
    expect(named('Alfred Stevens').map((a) => a.death_year).sort()).toEqual([1875, 1906]);
    // One person under the spellings of several sources.
    expect(named('Pieter Bruegel the Elder')[0].ids).toMatchObject({ wikidata: 'Q43270', cmoa: expect.any(String) });
    expect(named('Pieter Brueghel the Younger')[0].ids).toMatchObject({ wikidata: 'Q255828', cmoa: expect.any(String) });
    expect(named('Wassily Kandinsky')[0].ids).toMatchObject({ wikidata: 'Q61064', tate: expect.any(String), cmoa: expect.any(String) });
    expect(named('Camille Pissarro')[0].ids).toMatchObject({ wikidata: 'Q134741', tate: expect.any(String), cmoa: expect.any(String) });
    // "Rembrandt" names Rembrandt van Rijn alone (not CMOA's photographic studio of 1916-1919).
    const rembrandt = snap.artists.filter((a) => [a.name, ...a.aliases].some((n) => normaliseName(n) === 'rembrandt'));
    expect(rembrandt.map((a) => a.name)).toEqual(['Rembrandt van Rijn']);
    // Initials two covered artists share name neither.
    for (const shared of ['W. H. Hunt', 'N. Hone', 'A. Stevens']) expect(snap.artists.filter((a) => a.aliases.includes(shared)), shared).toEqual([]);
  });
});
