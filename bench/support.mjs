import { seededRandom } from '../dist/adapters/node/seeded-random.js';

export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function printTable(rows) {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals) => `| ${vals.map((v, i) => String(v).padEnd(width[i])).join(' | ')} |`;
  console.log(line(cols));
  console.log(`|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

/** Deterministic pseudo-random generator, so runs compare. */
export const rng = (seed = 42) => seededRandom(seed);

// The subject mixes are shared with the engine's golden test (corpus/build/subject-samples.ts).
export { catalogueSubjects, sampleSubjects } from '../dist/corpus/build/subject-samples.js';
