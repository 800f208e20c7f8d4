/**
 * Writes the shipped corpus: `artists.ndjson.gz`, `works.ndjson.gz` (one record per line,
 * sorted by id, fixed key order, no timestamps: building twice gives identical bytes) and
 * `manifest.json` (the only file with a date; `build_id` is a hash of the data).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CorpusArtist, CorpusWork } from '../../core/attestation/corpus/corpus.model.js';
import {
  ARTISTS_FILE,
  CORPUS_FORMAT,
  type CorpusManifest,
  type CorpusManifestSource,
  encodeWork,
  MANIFEST_FILE,
  WORKS_FILE,
} from '../../adapters/corpus/corpus-format.js';
import { PILLARS, SOURCE_TAGS } from '../../core/attestation/corpus/corpus.model.js';
import type { SourceInfo } from './source.model.js';

export type { CorpusManifest };

/** Fixed key order, so that the bytes depend on the content only. */
function artistLine(a: CorpusArtist): string {
  const ids: Record<string, string> = {};
  for (const k of Object.keys(a.ids ?? {}).sort()) ids[k] = (a.ids as Record<string, string>)[k];
  return JSON.stringify({
    artist_id: a.artist_id,
    name: a.name,
    aliases: a.aliases,
    birth_year: a.birth_year,
    death_year: a.death_year,
    ids,
  });
}

function workLine(w: CorpusWork): string {
  return JSON.stringify(encodeWork(w));
}

export function serialise(artists: CorpusArtist[], works: CorpusWork[]): { artistsText: string; worksText: string; buildId: string } {
  const sortedArtists = [...artists].sort((a, b) => (a.artist_id < b.artist_id ? -1 : a.artist_id > b.artist_id ? 1 : 0));
  const sortedWorks = [...works].sort((a, b) => (a.work_id < b.work_id ? -1 : a.work_id > b.work_id ? 1 : 0));
  const artistsText = sortedArtists.map((a) => `${artistLine(a)}\n`).join('');
  const worksText = sortedWorks.map((w) => `${workLine(w)}\n`).join('');
  const buildId = createHash('sha256').update(artistsText).update(worksText).digest('hex').slice(0, 12);
  return { artistsText, worksText, buildId };
}

export function countClaims(works: CorpusWork[]): CorpusManifest['counts'] {
  const bySource: Record<string, number> = {};
  const byPillar: Record<string, number> = {};
  for (const s of SOURCE_TAGS) bySource[s] = 0;
  for (const p of PILLARS) byPillar[p] = 0;
  let claims = 0;
  for (const w of works) {
    for (const c of w.claims) {
      claims++;
      bySource[c.source] = (bySource[c.source] ?? 0) + 1;
      byPillar[c.pillar] = (byPillar[c.pillar] ?? 0) + 1;
    }
  }
  return { artists: 0, works: works.length, claims, claims_by_source: bySource, claims_by_pillar: byPillar };
}

async function writeAtomic(path: string, data: Buffer | string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

export interface WriteResult {
  manifest: CorpusManifest;
  bytes: { artists: number; works: number; artists_uncompressed: number; works_uncompressed: number };
}

export async function writeCorpus(
  outDir: string,
  artists: CorpusArtist[],
  works: CorpusWork[],
  sources: { info: SourceInfo; records_read: number }[],
  builtAt: Date,
): Promise<WriteResult> {
  const { artistsText, worksText, buildId } = serialise(artists, works);
  const artistsGz = gzipSync(Buffer.from(artistsText, 'utf8'), { level: 9 });
  const worksGz = gzipSync(Buffer.from(worksText, 'utf8'), { level: 9 });

  const manifestSources: CorpusManifestSource[] = sources.map(({ info, records_read }) => {
    const workCount = works.filter((w) => w.claims.some((c) => c.source === info.tag)).length;
    const artistIds = new Set<string>();
    for (const w of works) for (const a of w.attributions) if (a.source === info.tag) artistIds.add(a.artist_id);
    return { ...info, records_read, works: workCount, artists: artistIds.size };
  });
  const counts = countClaims(works);
  counts.artists = artists.length;

  // Rebuilding unchanged data keeps the manifest unchanged too.
  let builtAtText = builtAt.toISOString();
  try {
    const previous = JSON.parse(await readFile(join(outDir, MANIFEST_FILE), 'utf8')) as Partial<CorpusManifest>;
    if (previous.build_id === buildId && typeof previous.built_at === 'string') builtAtText = previous.built_at;
  } catch {
    // no previous manifest
  }
  const manifest: CorpusManifest = { format: CORPUS_FORMAT, build_id: buildId, built_at: builtAtText, sources: manifestSources, counts };

  await mkdir(outDir, { recursive: true });
  await writeAtomic(join(outDir, ARTISTS_FILE), artistsGz);
  await writeAtomic(join(outDir, WORKS_FILE), worksGz);
  await writeAtomic(join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    manifest,
    bytes: {
      artists: artistsGz.length,
      works: worksGz.length,
      artists_uncompressed: Buffer.byteLength(artistsText),
      works_uncompressed: Buffer.byteLength(worksText),
    },
  };
}
