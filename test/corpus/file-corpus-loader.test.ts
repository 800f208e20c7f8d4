import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorpusLoadError, loadCorpusSnapshot, readCorpusManifest } from '../../adapters/corpus/file-corpus.loader.js';
import { decodeWork, encodeWork } from '../../adapters/corpus/corpus-format.js';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import type { CorpusArtist, CorpusWork } from '../../core/attestation/corpus/corpus.model.js';

const turner: CorpusArtist = {
  artist_id: 'art_e148de98a8',
  name: 'Joseph Mallord William Turner',
  aliases: ['Turner, Joseph Mallord William', 'J. M. W. Turner'],
  birth_year: 1775,
  death_year: 1851,
  ids: { tate: '558', wikidata: 'Q159758' },
};
const work: CorpusWork = {
  work_id: 'wrk_tate_N00530',
  title: 'Snow Storm - Steam-Boat off a Harbour’s Mouth',
  title_aliases: [],
  inventory_numbers: ['Tate N00530', 'N00530'],
  attributions: [
    {
      artist_id: 'art_e148de98a8',
      qualifier: 'firm',
      current: true,
      display: 'Joseph Mallord William Turner',
      source: 'import:tate',
      source_ref: 'http://www.tate.org.uk/art/artworks/turner-snow-storm-n00530',
    },
  ],
  claims: [
    {
      pillar: 'authentication',
      kind: 'attribution',
      claim: 'Tate records this work as by Joseph Mallord William Turner (Tate N00530).',
      source: 'import:tate',
      source_ref: 'http://www.tate.org.uk/art/artworks/turner-snow-storm-n00530',
    },
  ],
};
const manifest = {
  format: 2,
  build_id: 'abcdef012345',
  built_at: '2026-01-01T00:00:00.000Z',
  sources: [],
  counts: { artists: 1, works: 1, claims: 1, claims_by_source: {}, claims_by_pillar: {} },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'corpus-loader-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeFixture(artistLines: string[], workLines: string[], m: object = manifest) {
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(m));
  await writeFile(join(dir, 'artists.ndjson.gz'), gzipSync(artistLines.map((l) => `${l}\n`).join('')));
  await writeFile(join(dir, 'works.ndjson.gz'), gzipSync(workLines.map((l) => `${l}\n`).join('')));
}

const line = (w: CorpusWork) => JSON.stringify(encodeWork(w));

describe('corpus format 2 codec', () => {
  it('round-trips a work, lists each URL once and shares it', () => {
    const encoded = encodeWork(work);
    expect(encoded.refs).toEqual(['http://www.tate.org.uk/art/artworks/turner-snow-storm-n00530']);
    expect(encoded.claims[0]).toEqual(['authentication', 'attribution', work.claims[0].claim, 'import:tate', 0]);
    const decoded = decodeWork(JSON.parse(JSON.stringify(encoded)));
    expect(decoded).toEqual(work);
    expect(decoded.claims[0].source_ref).toBe(decoded.attributions[0].source_ref);
  });

  it('keeps an effective date and refuses a ref index that points nowhere', () => {
    const dated = { ...work, attributions: [{ ...work.attributions[0], current: false, effective_date: '1992-01-23' }] };
    expect(decodeWork(JSON.parse(JSON.stringify(encodeWork(dated))))).toEqual(dated);
    const bad = { ...encodeWork(work), claims: [['authentication', 'attribution', 'x', 'import:tate', 7]] };
    expect(() => decodeWork(bad)).toThrow(/claims\[0\] points to no ref/);
  });
});

describe('loadCorpusSnapshot', () => {
  it('loads a corpus directory', async () => {
    await writeFixture([JSON.stringify(turner)], [line(work)]);
    const snap = await loadCorpusSnapshot(dir);
    expect(snap.build_id).toBe('abcdef012345');
    expect(snap.artists).toEqual([turner]);
    expect(snap.works).toEqual([work]);
    expect((await readCorpusManifest(dir)).counts.works).toBe(1);
  });

  it('names the file and line of a malformed record', async () => {
    const bad = { ...work, work_id: 'wrk_tate_N00531', claims: [{ ...work.claims[0], pillar: 'rumour' as never }] };
    await writeFixture([JSON.stringify(turner)], [line(work), line(bad)]);
    await expect(loadCorpusSnapshot(dir)).rejects.toThrow(/works\.ndjson\.gz:2: claims\[0\]: pillar/);
  });

  it('names the line of invalid JSON', async () => {
    await writeFixture([JSON.stringify(turner), '{"artist_id": '], [line(work)]);
    await expect(loadCorpusSnapshot(dir)).rejects.toThrow(/artists\.ndjson\.gz:2: invalid JSON/);
  });

  it('rejects an attribution to an unknown artist and duplicate ids', async () => {
    const orphan = { ...work, attributions: [{ ...work.attributions[0], artist_id: 'art_missing' }] };
    await writeFixture([JSON.stringify(turner)], [line(orphan)]);
    await expect(loadCorpusSnapshot(dir)).rejects.toThrow(/unknown artist art_missing/);
    await writeFixture([JSON.stringify(turner)], [line(work), line(work)]);
    await expect(loadCorpusSnapshot(dir)).rejects.toThrow(/works\.ndjson\.gz:2: duplicate work_id/);
  });

  it('fails clearly without a manifest', async () => {
    await expect(loadCorpusSnapshot(dir)).rejects.toBeInstanceOf(CorpusLoadError);
    await writeFixture([], [], { ...manifest, format: 1 });
    await expect(readCorpusManifest(dir)).rejects.toThrow(/unsupported manifest format/);
  });
});

describe('writeCorpus', () => {
  it('writes what the loader reads, byte-identical on a second build', async () => {
    const sources = [{ info: { tag: 'import:tate' as const, name: 'Tate', licence: 'CC0 1.0' }, records_read: 1 }];
    const first = await writeCorpus(dir, [turner], [work], sources, new Date('2026-01-01T00:00:00Z'));
    const bytes = await readFile(join(dir, 'works.ndjson.gz'));
    const m1 = await readFile(join(dir, 'manifest.json'), 'utf8');
    const second = await writeCorpus(dir, [turner], [work], sources, new Date('2027-06-01T00:00:00Z'));
    expect(second.manifest.build_id).toBe(first.manifest.build_id);
    expect(await readFile(join(dir, 'works.ndjson.gz'))).toEqual(bytes);
    // Same data: the manifest (and its built_at) is kept as it was.
    expect(await readFile(join(dir, 'manifest.json'), 'utf8')).toBe(m1);

    const snap = await loadCorpusSnapshot(dir);
    expect(snap.build_id).toBe(first.manifest.build_id);
    expect(snap.works).toEqual([work]);
    expect(first.manifest.counts).toMatchObject({ artists: 1, works: 1, claims: 1 });
    expect(first.manifest.counts.claims_by_source['import:tate']).toBe(1);
    expect(first.manifest.sources[0]).toMatchObject({ tag: 'import:tate', works: 1, artists: 1, records_read: 1 });
  });
});
