// The corpus: build time from the CC0 sources (into a scratch directory, the shipped files are
// not touched), shipped size, cold start of the HTTP server and p99 of an in-process verify on
// the shipped build, and the cost of laying operator research over it (what a running server
// does when an import lands). Needs `npm run build` and ../shared/corpus-sources for the build.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultCorpusDir, loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { CorpusHolder } from '../dist/core/attestation/operator-research/corpus-provider.js';
import { evaluate } from '../dist/core/attestation/verdict/evaluate.js';
import { buildCorpus, DEFAULT_SOURCES } from '../dist/corpus/build/build-corpus.js';
import { benchColdStart } from './cold-start.mjs';
import { percentile, printTable, rng, sampleSubjects } from './support.mjs';

const MiB = 1024 * 1024;

async function timeBuild() {
  if (!existsSync(DEFAULT_SOURCES)) return null;
  const out = mkdtempSync(join(tmpdir(), 'svc-corpus-build-'));
  try {
    const start = performance.now();
    const result = await buildCorpus({ sources: DEFAULT_SOURCES, out });
    return { ms: performance.now() - start, result };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** p50/p99 of `evaluate` over a realistic subject mix, after a warm-up. */
function verifyLatency(index, subjects, iterations) {
  for (let i = 0; i < 20_000; i++) evaluate(index, subjects[i % subjects.length]);
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const s = subjects[i % subjects.length];
    const t = performance.now();
    evaluate(index, s);
    samples[i] = (performance.now() - t) * 1000;
  }
  samples.sort();
  return { p50_us: percentile(samples, 0.5).toFixed(1), p99_us: percentile(samples, 0.99).toFixed(1) };
}

/** Operator research of `claims` claims on random works, `newWorks` of them adding works by frequent artists. */
function research(snapshot, claims, newWorks) {
  const random = rng(11);
  const out = { revision: 1, artists: [], works: [], claims: [], applied_at: { imp_bench: '2026-11-21T00:00:00.000Z' } };
  for (let i = 0; i < claims; i++) {
    const base = snapshot.works[Math.floor(random() * snapshot.works.length)];
    let work_id = base.work_id;
    let attribution = null;
    if (i < newWorks) {
      work_id = `wrk_op_bench${i}`;
      const artist_id = base.attributions[0].artist_id;
      out.works.push({ work_id, import_id: 'imp_bench', artist_id, title: `Bench Study ${i}`, inventory_number: null });
      attribution = { artist_id, qualifier: 'firm' };
    }
    out.claims.push({ import_id: 'imp_bench', line: i + 1, work_id, pillar: attribution ? 'authentication' : 'provenance', kind: attribution ? 'attribution' : 'ownership_event', claim: `Bench claim ${i}`, source_ref: 'https://example.org/bench', researcher: 'bench', attribution });
  }
  return out;
}

export async function benchCorpus({ iterations = 100_000, coldStartRuns = 3 } = {}) {
  const built = await timeBuild();
  const dir = defaultCorpusDir();
  const size = (f) => statSync(join(dir, f)).size;
  const shipped = { artists: size('artists.ndjson.gz'), works: size('works.ndjson.gz') };

  const loadStart = performance.now();
  const snapshot = await loadCorpusSnapshot();
  const loadMs = performance.now() - loadStart;
  const indexStart = performance.now();
  const holder = new CorpusHolder(snapshot);
  const indexMs = performance.now() - indexStart;
  const subjects = sampleSubjects(snapshot, 5_000);
  const shippedLatency = verifyLatency(holder.current().index, subjects, iterations);

  const overlays = [];
  for (const [claims, newWorks] of [[100, 10], [1_000, 100], [10_000, 1_000]]) {
    const r = research(snapshot, claims, newWorks);
    const start = performance.now();
    holder.applyOperatorResearch(r);
    overlays.push({ claims, new_works: newWorks, overlay_ms: (performance.now() - start).toFixed(1), ...verifyLatency(holder.current().index, subjects, iterations / 4) });
  }

  console.log('\n## Corpus: build, shipped size, load, verify, operator overlay');
  const rows = [
    { figure: 'build from the CC0 sources', value: built ? `${(built.ms / 1000).toFixed(1)} s (${built.result.manifest.counts.works} works, ${built.result.manifest.counts.claims} claims)` : 'sources not found' },
    { figure: 'shipped files (gz)', value: `works ${(shipped.works / MiB).toFixed(2)} MiB + artists ${(shipped.artists / MiB).toFixed(2)} MiB = ${((shipped.works + shipped.artists) / MiB).toFixed(2)} MiB` },
    { figure: 'load (decompress + parse + check)', value: `${loadMs.toFixed(0)} ms` },
    { figure: 'index build (once per process)', value: `${indexMs.toFixed(0)} ms` },
    { figure: 'verify p50 / p99, shipped corpus', value: `${shippedLatency.p50_us} / ${shippedLatency.p99_us} us` },
  ];
  printTable(rows);
  console.log('operator research laid over the shipped index (a server does this when an import lands):');
  printTable(overlays);
  // `coldStartRuns: 0` when the caller runs bench/cold-start.mjs itself (npm run bench runs both).
  const cold = coldStartRuns > 0 ? await benchColdStart({ runs: coldStartRuns }) : null;
  return { build_ms: built?.ms ?? null, shipped, loadMs, indexMs, shippedLatency, overlays, cold };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCorpus();
