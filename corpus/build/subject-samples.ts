/**
 * Deterministic subject mixes drawn from a corpus snapshot, shared by the benchmarks
 * (bench/support.mjs, from dist) and the engine's golden test (test/corpus/engine-golden.test.ts):
 * one draw, so that the figures and the golden digest are about the same subjects.
 */
import { seededRandom } from '../../adapters/node/seeded-random.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';

export interface SampledSubject {
  subject_artist: string;
  subject_title: string;
  kind: string;
}

/**
 * A realistic mix of subjects drawn from the corpus: 60% titles of real works under their
 * artist's name (attested, contradicted or ambiguous), 20% a real artist with an altered
 * title (near-match search), 20% an artist outside the corpus.
 */
export function sampleSubjects(snapshot: CorpusSnapshot, count: number, seed = 7): SampledSubject[] {
  const random = seededRandom(seed);
  const artists = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
  const out: Array<Omit<SampledSubject, 'kind'> & { kind: string }> = [];
  while (out.length < count) {
    const work = snapshot.works[Math.floor(random() * snapshot.works.length)];
    const attribution = work?.attributions[0];
    const artist = attribution && artists.get(attribution.artist_id);
    // A subject field is at most 300 characters (the API's limit); a few catalogue titles are longer.
    if (!work || !artist || work.title.length > 300 - ' study'.length) continue;
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
export function catalogueSubjects(snapshot: CorpusSnapshot, count: number, seed = 11): SampledSubject[] {
  const random = seededRandom(seed);
  const artists = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
  // The first work with a title (what `works.find` by title gives), without a scan per subject.
  const byTitle = new Map<string, CorpusSnapshot['works'][number]>();
  for (const w of snapshot.works) if (!byTitle.has(w.title)) byTitle.set(w.title, w);
  return sampleSubjects(snapshot, count, seed).filter((s) => s.subject_title.length <= 300).map((s, i) => {
    const work = byTitle.get(s.subject_title);
    const artistId = work?.attributions[0]?.artist_id;
    const artist = artistId === undefined ? undefined : artists.get(artistId);
    const words = s.subject_artist.split(' ');
    const dates = artist ? `(${PLACES[i % 4]} ${artist.birth_year ?? ''}-${artist.death_year} ${PLACES[(i + 1) % 4]})` : '(1700-1760)';
    const r = random();
    let subject_artist = s.subject_artist;
    if (r < 0.25) subject_artist = `${s.subject_artist} ${dates}`;
    else if (r < 0.45 && words.length > 1) subject_artist = `${words.at(-1)!.toUpperCase()}, ${words.slice(0, -1).join(' ')} ${dates}`;
    else if (r < 0.6) subject_artist = `Sir ${s.subject_artist}, R.A.`;
    else if (r < 0.8) subject_artist = `${PHRASES[i % PHRASES.length]} ${s.subject_artist}`;
    else if (words.length > 1) subject_artist = words.at(-1)!;
    const t = random();
    const subject_title = t < 0.3 ? `${100 + i}. ${s.subject_title}` : t < 0.55 ? `${s.subject_title}, ${1700 + (i % 200)}` : s.subject_title;
    const fits = (text: string, plain: string) => (text.length <= 300 ? text : plain);
    return { kind: `catalogue_${s.kind}`, subject_artist: fits(subject_artist, s.subject_artist), subject_title: fits(subject_title, s.subject_title) };
  });
}
