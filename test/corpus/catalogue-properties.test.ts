import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import type { CorpusArtist, CorpusSnapshot, CorpusWork } from '../../core/attestation/corpus/corpus.model.js';
import { evaluate, matchArtists } from '../../core/attestation/verdict/evaluate.js';
import { parseArtistLine } from '../../core/attestation/matching/artist-line.js';
import { CLAIM_PHRASES } from '../../core/attestation/matching/claimed-qualifier.js';
import { normaliseName } from '../../core/attestation/matching/normalise.js';

/** Properties of catalogue forms over the whole shipped corpus (fast-check). */
let snapshot: CorpusSnapshot;
let index: CorpusIndex;
let artists: Map<string, CorpusArtist>;
beforeAll(async () => {
  snapshot = await loadCorpusSnapshot();
  index = CorpusIndex.build(snapshot);
  artists = new Map(snapshot.artists.map((a) => [a.artist_id, a]));
});

/** A work's first attributed artist under their own name: a clean subject. */
const subjectArb = () =>
  fc.integer({ min: 0, max: 1_000_000 }).map((i) => {
    const work = snapshot.works[i % snapshot.works.length] as CorpusWork;
    const artist = artists.get(work.attributions[0]?.artist_id ?? '') as CorpusArtist;
    return { artist, title: work.title };
  });

const lifeDates = (a: CorpusArtist, style: number, offset = 0) => {
  const b = a.birth_year === null ? null : a.birth_year + offset;
  const d = a.death_year + offset;
  if (b === null) return style % 2 === 0 ? ` (d. ${d})` : `, d. ${d}`;
  return [` (${b}-${d})`, ` (London ${b}\u2013${d} Paris)`, `, ${b}-${d}`, ` (b. ${b})`][style % 4] as string;
};

const inverted = (name: string) => {
  const words = name.split(' ');
  return `${words.at(-1)}, ${words.slice(0, -1).join(' ')}`;
};

/** The artist line as a catalogue may write it: dates that fit, "Sir", "R.A.", capitals, inversion. */
const decorate = (a: CorpusArtist, choice: { dates: number; sir: boolean; ra: boolean; caps: number; invert: boolean }) => {
  let name = a.name;
  if (choice.invert && name.includes(' ')) name = inverted(name);
  if (choice.caps === 1) name = name.toUpperCase();
  if (choice.caps === 2 && name.includes(',')) name = name.replace(/^[^,]+/, (s) => s.toUpperCase());
  if (choice.sir && !name.includes(',')) name = `Sir ${name}`;
  if (choice.ra) name = `${name}, R.A.`;
  return choice.dates < 4 ? `${name}${lifeDates(a, choice.dates)}` : name;
};

const choiceArb = fc.record({ dates: fc.integer({ min: 0, max: 4 }), sir: fc.boolean(), ra: fc.boolean(), caps: fc.integer({ min: 0, max: 2 }), invert: fc.boolean() });

/** The clean name names this artist only, reads plainly, and has no comma or honorific of its own. */
const plainSingle = (a: CorpusArtist) => {
  const ids = index.artistIdsByKey(normaliseName(a.name));
  const line = parseArtistLine(a.name);
  return ids.length === 1 && line.qualifier === null && line.dates === null && !a.name.includes(',') && line.nameForms.length === 1;
};

describe('catalogue forms over the shipped corpus', () => {
  it('decorating a clean subject with fitting life dates, honorifics, capitals or inversion never changes its verdict', () => {
    fc.assert(
      fc.property(subjectArb(), choiceArb, ({ artist, title }, choice) => {
        fc.pre(plainSingle(artist));
        const clean = evaluate(index, { subject_artist: artist.name, subject_title: title });
        const decorated = decorate(artist, choice);
        const out = evaluate(index, { subject_artist: decorated, subject_title: title });
        expect(out.verdict, decorated).toBe(clean.verdict);
        expect(out.attestations).toEqual(clean.attestations);
      }),
      { numRuns: 400 },
    );
  });

  it('dates that contradict never turn unavailable into anything else, and refuse a single-name artist', () => {
    fc.assert(
      fc.property(subjectArb(), fc.integer({ min: 0, max: 3 }), fc.constantFrom(-60, -25, 25, 60), ({ artist, title }, style, offset) => {
        fc.pre(plainSingle(artist));
        const wrong = `${artist.name}${lifeDates(artist, style, offset)}`;
        const clean = evaluate(index, { subject_artist: artist.name, subject_title: title });
        const out = evaluate(index, { subject_artist: wrong, subject_title: title });
        if (clean.verdict === 'unavailable') expect(out.verdict).toBe('unavailable');
        // One covered artist of that name, dates far off theirs: no match, never a silent pick.
        expect(out.verdict, wrong).toBe('unavailable');
        expect(out.attestations).toEqual([]);
        expect(out.near_matches.every((m) => m.reason !== 'ambiguous_title')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('an uncovered artist in any form is unavailable', () => {
    const syllable = fc.constantFrom('zor', 'qua', 'vex', 'lum', 'thra', 'pim', 'gry', 'ok', 'sul', 'dwa');
    const word = fc.array(syllable, { minLength: 2, maxLength: 3 }).map((s) => s.join('').replace(/^./, (c) => c.toUpperCase()));
    const uncovered = fc.tuple(word, word).map(([f, s]) => `${f} ${s}`);
    const phrase = fc.constantFrom('', ...CLAIM_PHRASES.map(([p]) => `${p} `));
    fc.assert(
      fc.property(uncovered, phrase, choiceArb, subjectArb(), (name, claim, choice, { title }) => {
        const fake: CorpusArtist = { artist_id: 'none', name, aliases: [], birth_year: 1700, death_year: 1780 };
        fc.pre(matchArtists(index, parseArtistLine(name)).artistIds.length === 0);
        const line = `${claim}${decorate(fake, choice)}`;
        const out = evaluate(index, { subject_artist: line, subject_title: `${choice.dates}. ${title}, 1790` });
        expect(out.verdict, line).toBe('unavailable');
        expect(out.attestations).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
