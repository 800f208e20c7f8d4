import { seededRandom } from '../dist/core/shared/random.js';

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

/**
 * A realistic mix of subjects drawn from the corpus: 60% titles of real works under their
 * artist's name (attested, contradicted or ambiguous), 20% a real artist with an altered
 * title (near-match search), 20% an artist outside the corpus.
 */
export function sampleSubjects(snapshot, count, seed = 7) {
  const random = rng(seed);
  const artists = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
  const out = [];
  while (out.length < count) {
    const work = snapshot.works[Math.floor(random() * snapshot.works.length)];
    const attribution = work.attributions[0];
    const artist = attribution && artists.get(attribution.artist_id);
    // A subject field is at most 300 characters (the API's limit); a few catalogue titles are longer.
    if (!artist || work.title.length > 300 - ' study'.length) continue;
    const r = random();
    if (r < 0.6) out.push({ kind: 'real', subject_artist: artist.name, subject_title: work.title });
    else if (r < 0.8) out.push({ kind: 'altered_title', subject_artist: artist.name, subject_title: `${work.title} study` });
    else out.push({ kind: 'uncovered_artist', subject_artist: `Unknown Painter ${Math.floor(random() * 1000)}`, subject_title: work.title });
  }
  return out.map(({ kind, ...s }) => Object.assign(s, { kind }));
}
