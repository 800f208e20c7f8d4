import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCorpusDir, readCorpusManifest } from '../../adapters/corpus/file-corpus.loader.js';
import { ARTISTS_FILE, WORKS_FILE } from '../../adapters/corpus/corpus-format.js';
import { buildCorpus, DEFAULT_SOURCES } from '../../corpus/build/build-corpus.js';

/**
 * The corpus build from the CC0 sources (CORPUS_SOURCES, or ../shared/corpus-sources): twice
 * from the same sources gives the same bytes, and they are the shipped files.
 */
describe.skipIf(!existsSync(DEFAULT_SOURCES))('corpus build from the sources', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is byte-identical twice over, and equal to the shipped corpus', async () => {
    const manifest = await readCorpusManifest();
    const asOfYear = new Date(manifest.built_at).getUTCFullYear();
    const builds = [];
    for (let i = 0; i < 2; i++) {
      const out = mkdtempSync(join(tmpdir(), 'svc-corpus-repro-'));
      dirs.push(out);
      builds.push({ out, result: await buildCorpus({ sources: DEFAULT_SOURCES, out, asOfYear }) });
    }
    const [a, b] = builds;
    for (const file of [ARTISTS_FILE, WORKS_FILE]) {
      const first = readFileSync(join(a.out, file));
      expect(first.equals(readFileSync(join(b.out, file))), file).toBe(true);
      expect(first.equals(readFileSync(join(defaultCorpusDir(), file))), `${file} differs from the shipped corpus: run npm run corpus:build`).toBe(true);
    }
    expect(a.result.manifest.build_id).toBe(manifest.build_id);
    expect(a.result.manifest.counts).toEqual(manifest.counts);
    expect(a.result.manifest.sources).toEqual(manifest.sources);
  }, 180_000);
});
