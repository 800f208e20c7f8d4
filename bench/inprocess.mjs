// In-process verification over the whole shipped corpus: p50/p99 latency and throughput.
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../dist/core/attestation/corpus/corpus-index.js';
import { evaluate } from '../dist/core/attestation/verdict/evaluate.js';
import { createVerifier } from '../dist/runtimes/embed/index.js';
import { catalogueSubjects, percentile, printTable, sampleSubjects } from './support.mjs';

export async function benchInProcess({ iterations = 200_000 } = {}) {
  const snapshot = await loadCorpusSnapshot();
  const t0 = performance.now();
  const index = CorpusIndex.build(snapshot);
  const buildMs = performance.now() - t0;
  const subjects = sampleSubjects(snapshot, 5_000);
  const catalogue = catalogueSubjects(snapshot, 5_000);
  const verifier = createVerifier({ snapshot });

  // Warm up the JIT on the same mix.
  for (let i = 0; i < 20_000; i++) evaluate(index, subjects[i % subjects.length]);
  for (let i = 0; i < 20_000; i++) evaluate(index, catalogue[i % catalogue.length]);

  const rows = [];
  for (const [label, run, mix] of [
    ['core evaluate()', (s) => evaluate(index, s), subjects],
    ['createVerifier().verify()', (s) => verifier.verify(s), subjects],
    ['core evaluate(), catalogue forms', (s) => evaluate(index, s), catalogue],
    ['createVerifier().verify(), catalogue forms', (s) => verifier.verify(s), catalogue],
  ]) {
    const samples = new Float64Array(iterations);
    const start = performance.now();
    for (let i = 0; i < iterations; i++) {
      const s = mix[i % mix.length];
      const a = performance.now();
      const r = run(s);
      if (r instanceof Promise) await r;
      samples[i] = (performance.now() - a) * 1000;
    }
    const totalMs = performance.now() - start;
    samples.sort();
    rows.push({
      path: label,
      p50_us: percentile(samples, 0.5).toFixed(1),
      p99_us: percentile(samples, 0.99).toFixed(1),
      max_us: samples[samples.length - 1].toFixed(0),
      per_second: Math.round(iterations / (totalMs / 1000)),
    });
  }
  const mix = subjects.reduce((m, s) => ((m[s.kind] = (m[s.kind] ?? 0) + 1), m), {});
  console.log(`\n## In-process verify (corpus: ${snapshot.artists.length} artists, ${snapshot.works.length} works; index build ${buildMs.toFixed(0)} ms)`);
  console.log(`subject mix: ${JSON.stringify(mix)}; catalogue forms: the same draw with dates, inversion, honorifics, claimed qualifiers, surnames alone, lot numbers (the artist-line reader in the path); target: p99 < 250 us`);
  printTable(rows);
  return rows;
}
