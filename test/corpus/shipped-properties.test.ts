import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import { OBJECT_TYPES, type CorpusArtist, type CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { evaluate, matchArtists } from '../../core/attestation/verdict/evaluate.js';
import { parseArtistLine } from '../../core/attestation/matching/artist-line.js';
import { normaliseName, normaliseTitle } from '../../core/attestation/matching/normalise.js';

/** Properties of the verdict rules over the whole shipped corpus (fast-check). */
let snapshot: CorpusSnapshot;
let index: CorpusIndex;
beforeAll(async () => {
  snapshot = await loadCorpusSnapshot();
  index = CorpusIndex.build(snapshot);
});

const FORENAMES = ['Pablo', 'Jean', 'Maria', 'Giovanni', 'Rembrandt', 'Joseph', 'Anna', 'Vincent', 'Claude', 'Émile', 'Ilse', 'Zdeněk', 'Hokusai'];
const SURNAMES = ['Picasso', 'Vermeer', 'Turner', 'Gogh', 'Monet', 'Kowalczyk', 'Okafor', 'Lindqvist', 'Rossi', 'Dubois', 'Nakamura', 'Rijn'];
const WORDS = ['Lantern', 'Quiet', 'Harbour', 'Seventh', 'Mirror', 'Amber', 'Herons', 'Pavilion', 'Evening', 'Mill', 'Portrait', 'Landscape', 'Storm', 'Lady', 'Study'];

/** Names near real ones (shared forenames and surnames, initials, inversion) and plain noise. */
const nameArb = fc.oneof(
  fc.tuple(fc.constantFrom(...FORENAMES), fc.constantFrom(...SURNAMES)).map(([f, s]) => `${f} ${s}`),
  fc.tuple(fc.constantFrom(...FORENAMES), fc.constantFrom(...SURNAMES)).map(([f, s]) => `${s}, ${f}`),
  fc.tuple(fc.constantFrom(...FORENAMES), fc.constantFrom(...SURNAMES)).map(([f, s]) => `${f[0]}. ${s}`),
  fc.constantFrom('Pablo Picasso', 'Salvador Dalí', 'Andy Warhol', 'Frida Kahlo', 'Turner', 'Rembrandt Harmensz', 'Leonardo'),
  fc.string({ minLength: 1, maxLength: 40 }),
);
/** Titles that exist somewhere in the corpus, or are invented. */
const inventedTitleArb = fc
  .tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 5 }), fc.integer({ min: 0, max: 99_999 }))
  .map(([words, n]) => `The ${words.join(' ')} ${n % 3 === 0 ? `no. ${n}` : ''}`.trim());

describe('properties of the shipped corpus', () => {
  it('answers unavailable, with no attestation, for any subject whose artist is not covered', () => {
    const realTitle = fc.integer({ min: 0, max: 57_000 }).map((i) => snapshot.works[i % snapshot.works.length]?.title ?? 'x');
    fc.assert(
      fc.property(nameArb, fc.oneof(realTitle, inventedTitleArb), (artist, title) => {
        // Not covered in any reading: no name form, no surname form names a covered artist.
        fc.pre(matchArtists(index, parseArtistLine(artist)).artistIds.length === 0);
        const out = evaluate(index, { subject_artist: artist, subject_title: title });
        expect(out.verdict).toBe('unavailable');
        expect(out.attestations).toEqual([]);
        expect(out.suggested_requalification).toBeNull();
        expect(out.near_matches.every((m) => m.reason === 'similar_artist' && m.score < 1)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('answers unavailable, with no attestation, for a covered artist and an invented title', () => {
    const artistArb = fc.integer({ min: 0, max: 100_000 }).map((i) => snapshot.artists[i % snapshot.artists.length] as CorpusArtist);
    fc.assert(
      fc.property(artistArb, fc.boolean(), inventedTitleArb, (artist, useAlias, title) => {
        const name = useAlias && artist.aliases.length > 0 ? (artist.aliases[0] as string) : artist.name;
        const ids = index.artistIdsByKey(normaliseName(name));
        fc.pre(ids.every((id) => index.workIdsByTitle(id, normaliseTitle(title)).length === 0));
        const out = evaluate(index, { subject_artist: name, subject_title: title });
        expect(out.verdict).toBe('unavailable');
        expect(out.attestations).toEqual([]);
        expect(out.near_matches.every((m) => m.reason === 'similar_title' && m.score < 1)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('never attests or contradicts a lot from a work of another kind than subject_medium', () => {
    const MEDIA: Record<(typeof OBJECT_TYPES)[number], string> = {
      painting: 'huile sur toile', drawing: 'aquarelle', print: 'eau-forte', sculpture: 'bronze à patine brune',
      photograph: 'tirage argentique', decorative_art: 'porcelaine', other: '',
    };
    const described = snapshot.works.filter((w) => w.object?.object_type != null && w.attributions.some((a) => a.current));
    const workArb = fc.integer({ min: 0, max: 1_000_000 }).map((i) => described[i % described.length] as (typeof described)[number]);
    fc.assert(
      fc.property(workArb, fc.constantFrom(...OBJECT_TYPES.filter((k) => k !== 'other')), (work, lotKind) => {
        const named = work.attributions.find((a) => a.current) as (typeof work.attributions)[number];
        const out = evaluate(index, { subject_artist: index.artist(named.artist_id)?.name ?? '', subject_title: work.title, subject_medium: MEDIA[lotKind] });
        expect(out.parsed.object_type).toBe(lotKind);
        if (out.verdict !== 'unavailable') expect(out.works.every((w) => w.object_type === null || w.object_type === lotKind)).toBe(true);
        if (work.object?.object_type !== lotKind && out.verdict !== 'unavailable') expect(out.works.map((w) => w.work_id)).not.toContain(work.work_id);
      }),
      { numRuns: 400 },
    );
  });
});
