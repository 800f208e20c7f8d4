/**
 * Loads the shipped corpus (`corpus/data`: manifest.json, artists.ndjson.gz, works.ndjson.gz)
 * into a `CorpusSnapshot`. Decompression streams through zlib (off the main thread) while the
 * lines already decompressed are parsed; every line is checked for the shape the domain relies
 * on, and a bad line fails the load with its file and line number.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import type { CorpusArtist, CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import {
  ARTISTS_FILE,
  CORPUS_FORMAT,
  type CorpusManifest,
  CorpusFormatError,
  createInterner,
  decodeWork,
  MANIFEST_FILE,
  WORKS_FILE,
} from './corpus-format.js';

export { ARTISTS_FILE, type CorpusManifest, MANIFEST_FILE, WORKS_FILE };

export class CorpusLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorpusLoadError';
  }
}

/**
 * The package's own `corpus/data`: from TS source this file is `adapters/corpus/`, from the
 * compiled output `dist/adapters/corpus/`; the first candidate holding a manifest wins.
 */
export function defaultCorpusDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../../corpus/data'), resolve(here, '../../../corpus/data')];
  const found = candidates.find((c) => existsSync(join(c, MANIFEST_FILE)));
  if (!found) throw new CorpusLoadError(`corpus data not found; looked in ${candidates.join(', ')}`);
  return found;
}

export async function readCorpusManifest(dir: string = defaultCorpusDir()): Promise<CorpusManifest> {
  const path = join(dir, MANIFEST_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new CorpusLoadError(`${path}: cannot read manifest (${(err as Error).message})`);
  }
  const m = parsed as Partial<CorpusManifest>;
  if (!m || m.format !== CORPUS_FORMAT) throw new CorpusLoadError(`${path}: unsupported manifest format ${String(m?.format)}`);
  if (typeof m.build_id !== 'string' || !/^[0-9a-f]{8,64}$/.test(m.build_id)) {
    throw new CorpusLoadError(`${path}: build_id must be a hex string`);
  }
  if (typeof m.built_at !== 'string' || !Array.isArray(m.sources) || typeof m.counts !== 'object' || m.counts === null) {
    throw new CorpusLoadError(`${path}: built_at, sources and counts are required`);
  }
  return m as CorpusManifest;
}

/** Calls `onLine` with each non-empty line of a gzipped NDJSON file and its 1-based number. */
async function eachGzipLine(path: string, onLine: (text: string, line: number) => void): Promise<void> {
  // Large buffers: fewer chunks to stitch lines across (measured ~30% faster than the defaults).
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  const stream = file.pipe(createGunzip({ chunkSize: 1 << 18 }));
  let rest: Buffer | null = null;
  let line = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(10, start);
        if (nl < 0) break;
        line++;
        if (nl > start) onLine(buf.toString('utf8', start, nl), line);
        start = nl + 1;
      }
      rest = start < buf.length ? buf.subarray(start) : null;
    }
  } catch (err) {
    if (err instanceof CorpusLoadError) throw err;
    throw new CorpusLoadError(`${path}: cannot read (${(err as Error).message})`);
  } finally {
    file.destroy();
  }
  if (rest && rest.length > 0) onLine(rest.toString('utf8'), line + 1);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isStringArray = (v: unknown): v is string[] => {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
};

/** Returns a problem description, or null when the record has the artist shape. */
export function artistProblem(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return 'not an object';
  const a = v as Record<string, unknown>;
  if (!isString(a.artist_id) || a.artist_id === '') return 'artist_id must be a non-empty string';
  if (!isString(a.name) || a.name.trim() === '') return 'name must be a non-empty string';
  if (!isStringArray(a.aliases)) return 'aliases must be an array of strings';
  if (a.birth_year !== null && !Number.isInteger(a.birth_year)) return 'birth_year must be an integer or null';
  if (!Number.isInteger(a.death_year)) return 'death_year must be an integer';
  if (a.ids !== undefined && (typeof a.ids !== 'object' || a.ids === null)) return 'ids must be an object';
  return null;
}

/** Parses each line and turns it into a record with `decode`, which throws on a bad shape. */
async function readRecords<T>(path: string, decode: (v: unknown) => T): Promise<T[]> {
  if (!existsSync(path)) throw new CorpusLoadError(`${path}: file not found`);
  const out: T[] = [];
  await eachGzipLine(path, (text, line) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new CorpusLoadError(`${path}:${line}: invalid JSON (${(err as Error).message})`);
    }
    try {
      out.push(decode(value));
    } catch (err) {
      throw new CorpusLoadError(`${path}:${line}: ${(err as Error).message}`);
    }
  });
  return out;
}

function decodeArtist(value: unknown): CorpusArtist {
  const p = artistProblem(value);
  if (p) throw new CorpusFormatError(p);
  return value as CorpusArtist;
}

export async function loadCorpusSnapshot(dir: string = defaultCorpusDir()): Promise<CorpusSnapshot> {
  const manifest = await readCorpusManifest(dir);
  const artistsPath = join(dir, ARTISTS_FILE);
  const worksPath = join(dir, WORKS_FILE);
  const intern = createInterner();
  const [artists, works] = await Promise.all([
    readRecords(artistsPath, decodeArtist),
    readRecords(worksPath, (value) => decodeWork(value, intern)),
  ]);

  const artistIds = new Set<string>();
  for (const [i, a] of artists.entries()) {
    if (artistIds.has(a.artist_id)) throw new CorpusLoadError(`${artistsPath}:${i + 1}: duplicate artist_id ${a.artist_id}`);
    artistIds.add(a.artist_id);
  }
  const workIds = new Set<string>();
  for (const [i, w] of works.entries()) {
    if (workIds.has(w.work_id)) throw new CorpusLoadError(`${worksPath}:${i + 1}: duplicate work_id ${w.work_id}`);
    workIds.add(w.work_id);
    for (const a of w.attributions) {
      if (!artistIds.has(a.artist_id)) {
        throw new CorpusLoadError(`${worksPath}:${i + 1}: attribution names unknown artist ${a.artist_id}`);
      }
    }
  }
  return { build_id: manifest.build_id, artists, works };
}
