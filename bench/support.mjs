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

const PLACES = ['London', 'Paris', 'Antwerp', 'Venice'];
const PHRASES = ['Attributed to', 'Workshop of', 'After', 'Circle of', 'Attribué à', 'Atelier de', 'D’après', 'École de'];

/**
 * The same draw as `sampleSubjects`, written as catalogues write it: life dates and places, the
 * surname first in capitals, "Sir"/"R.A.", a claimed qualifier (English or French), the surname
 * alone, lot numbers and dates in titles. Exercises every branch of the artist-line reader.
 */
export function catalogueSubjects(snapshot, count, seed = 11) {
  const random = rng(seed);
  const artists = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
  return sampleSubjects(snapshot, count, seed).filter((s) => s.subject_title.length <= 300).map((s, i) => {
    const work = snapshot.works.find((w) => w.title === s.subject_title);
    const artist = work && artists.get(work.attributions[0]?.artist_id);
    const words = s.subject_artist.split(' ');
    const dates = artist ? `(${PLACES[i % 4]} ${artist.birth_year ?? ''}-${artist.death_year} ${PLACES[(i + 1) % 4]})` : '(1700-1760)';
    const r = random();
    let subject_artist = s.subject_artist;
    if (r < 0.25) subject_artist = `${s.subject_artist} ${dates}`;
    else if (r < 0.45 && words.length > 1) subject_artist = `${words.at(-1).toUpperCase()}, ${words.slice(0, -1).join(' ')} ${dates}`;
    else if (r < 0.6) subject_artist = `Sir ${s.subject_artist}, R.A.`;
    else if (r < 0.8) subject_artist = `${PHRASES[i % PHRASES.length]} ${s.subject_artist}`;
    else if (words.length > 1) subject_artist = words.at(-1);
    const t = random();
    const subject_title = t < 0.3 ? `${100 + i}. ${s.subject_title}` : t < 0.55 ? `${s.subject_title}, ${1700 + (i % 200)}` : s.subject_title;
    const fits = (text, plain) => (text.length <= 300 ? text : plain);
    return { kind: `catalogue_${s.kind}`, subject_artist: fits(subject_artist, s.subject_artist), subject_title: fits(subject_title, s.subject_title) };
  });
}
