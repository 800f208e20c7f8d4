import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCorpusDir, loadCorpusSnapshot, readCorpusManifest, type CorpusManifest } from '../../adapters/corpus/file-corpus.loader.js';
import { SOURCE_TAGS, type CorpusSnapshot } from '../../core/attestation/corpus.model.js';

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
});
