import { readFileSync } from 'node:fs';
import { seededRandom } from '../dist/adapters/node/seeded-random.js';

export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The middle value (of an even count, the upper of the two middle ones, as `percentile` picks). */
export const median = (values) => percentile([...values].sort((a, b) => a - b), 0.5);

/**
 * CPU milliseconds a process has used, every thread (or only thread `tid`): user, system and
 * their total, from /proc/<pid>/stat (fields 14 and 15, in clock ticks: USER_HZ is 100 on
 * Linux). Contention does not inflate it as it inflates wall time. Linux only.
 */
export function processCpuMs(pid, tid) {
  const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const user = Number(fields[11]) * 10;
  const system = Number(fields[12]) * 10;
  return { user, system, total: user + system };
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
