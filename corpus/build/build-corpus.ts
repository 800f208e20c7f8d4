/**
 * Builds the shipped corpus from the CC0 source extracts.
 *
 *   npx tsx corpus/build/build-corpus.ts [--sources ../shared/corpus-sources] [--out corpus/data]
 *                                        [--only tate,wikidata,nga,cmoa,nationalmuseum] [--as-of YYYY]
 *
 * Paths given on the command line are relative to the current directory; the defaults are
 * relative to the repository root (the sources: `CORPUS_SOURCES` when set). `--as-of` fixes the year the public-domain rule counts from
 * (default: the current year): an artist is covered if they died at least 71 years before it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finaliseArtists, mergeArtists } from './artist-merge.js';
import { readCmoa } from './cmoa-source.js';
import { writeCorpus } from './corpus-writer.js';
import { readNationalmuseum } from './nationalmuseum-source.js';
import { readNga } from './nga-source.js';
import type { SourceName, SourceReadResult } from './source.model.js';
import { readTate } from './tate-source.js';
import { readWikidata } from './wikidata-source.js';
import { mergeWorks } from './work-merge.js';

export const PUBLIC_DOMAIN_YEARS = 71;

/** The package root: the nearest folder above this file with a package.json (works from dist/ too). */
function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return resolve(dirname(fileURLToPath(import.meta.url)), '../..');
}
const REPO_ROOT = findRepoRoot();
/** `CORPUS_SOURCES` when set (a checkout elsewhere, e.g. a git worktree), else `../shared/corpus-sources`. */
export const DEFAULT_SOURCES = resolve(REPO_ROOT, process.env.CORPUS_SOURCES || '../shared/corpus-sources');
export const DEFAULT_OUT = resolve(REPO_ROOT, 'corpus/data');
const LICENCES_DIR = resolve(REPO_ROOT, 'corpus/LICENSES');

const READERS: Record<SourceName, (dir: string) => Promise<SourceReadResult>> = {
  tate: readTate,
  wikidata: readWikidata,
  nga: readNga,
  cmoa: readCmoa,
  nationalmuseum: readNationalmuseum,
};
const ALL: SourceName[] = ['tate', 'wikidata', 'nga', 'cmoa', 'nationalmuseum'];

export interface BuildOptions {
  sources: string;
  out: string;
  only?: SourceName[];
  asOfYear?: number;
  log?: (line: string) => void;
}

export async function buildCorpus(options: BuildOptions) {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const asOf = options.asOfYear ?? new Date().getUTCFullYear();
  const names = options.only ?? ALL;
  const results: SourceReadResult[] = [];
  for (const name of names) {
    const t = Date.now();
    const r = await READERS[name](join(options.sources, name));
    log(`read ${name}: ${r.records_read} records, ${r.works.length} works, ${r.artists.length} artist records (${Date.now() - t} ms)`);
    results.push(r);
  }

  const merged = mergeArtists(
    results.flatMap((r) => r.artists),
    { maxDeathYear: asOf - PUBLIC_DOMAIN_YEARS },
  );
  log(`artists merged: ${merged.artists.length} covered (${merged.uncovered} records not covered)`);
  const { works, stats } = mergeWorks(
    results.flatMap((r) => r.works),
    merged,
  );
  log(`works: ${works.length} (${JSON.stringify(stats)})`);

  const referenced = new Set<string>();
  for (const w of works) for (const a of w.attributions) referenced.add(a.artist_id);
  const artists = finaliseArtists(merged.artists.filter((a) => referenced.has(a.artist_id)));

  const written = await writeCorpus(options.out, artists, works, results, new Date());
  log(`wrote ${options.out}: build ${written.manifest.build_id}, ${JSON.stringify(written.bytes)} (${Date.now() - started} ms)`);
  return { ...written, stats, artists, works };
}

async function copyLicences(sourcesDir: string): Promise<void> {
  await mkdir(LICENCES_DIR, { recursive: true });
  for (const name of ALL) {
    const from = join(sourcesDir, name, 'LICENSE');
    if (!existsSync(from)) continue;
    const to = join(LICENCES_DIR, `${name}.txt`);
    const text = await readFile(from);
    if (existsSync(to) && (await readFile(to)).equals(text)) continue;
    await rm(to, { force: true });
    await writeFile(to, text, { mode: 0o644 });
  }
}

function parseArgs(argv: string[]): BuildOptions {
  const opts: BuildOptions = { sources: DEFAULT_SOURCES, out: DEFAULT_OUT, log: (l) => console.log(l) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--sources') opts.sources = resolve(value());
    else if (arg === '--out') opts.out = resolve(value());
    else if (arg === '--only') opts.only = value().split(',').map((s) => s.trim()) as SourceName[];
    else if (arg === '--as-of') opts.asOfYear = Number.parseInt(value(), 10);
    else throw new Error(`unknown argument ${arg}`);
  }
  for (const n of opts.only ?? []) if (!ALL.includes(n)) throw new Error(`unknown source ${n}`);
  return opts;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    await buildCorpus(opts);
    if (opts.out === DEFAULT_OUT) await copyLicences(opts.sources);
  } catch (err) {
    console.error(`corpus build failed: ${(err as Error).stack ?? err}`);
    process.exitCode = 1;
  }
}
