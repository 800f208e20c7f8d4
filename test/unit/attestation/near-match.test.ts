import { describe, expect, it } from 'vitest';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { evaluate } from '../../../core/attestation/verdict/evaluate.js';
import { MAX_NEAR_MATCHES, NEAR_MATCH_THRESHOLD, compareNearMatches, roundScore } from '../../../core/attestation/matching/near-match.js';
import { TrigramDictionary, trigramsOf } from '../../../core/attestation/matching/trigram-dictionary.js';
import { TrigramIndex } from '../../../core/attestation/matching/trigram-index.js';
import { ARTISTS, WORKS, artist, attribution, fixtureSnapshot, work } from '../../fixtures/attestation/fixture-corpus.js';

const index = CorpusIndex.build(fixtureSnapshot());

describe('trigrams', () => {
  it('pads keys with a space each side', () => {
    expect(trigramsOf('sea').sort()).toEqual([' se', 'ea ', 'sea']);
    expect(trigramsOf('')).toEqual([]);
  });

  it('scores identical keys 1 and unrelated keys below the threshold', () => {
    const dictionary = new TrigramDictionary();
    const trigramIndex = TrigramIndex.build(['norham castle sunrise', 'the mill', 'a young man seated'], dictionary);
    expect(trigramIndex.size).toBe(3);
    expect(trigramIndex.search(dictionary.prepare('norham castle sunrise'), 0)[0]).toEqual({ key: 'norham castle sunrise', score: 1 });
    expect(trigramIndex.search(dictionary.prepare('zzz qqq'), NEAR_MATCH_THRESHOLD)).toEqual([]);
    expect(trigramIndex.search(dictionary.prepare(''), 0)).toEqual([]);
  });

  it('rewards a query contained in a longer key', () => {
    const dictionary = new TrigramDictionary();
    const trigramIndex = TrigramIndex.build(['fighting temeraire tugged to her last berth to be broken up 1838', 'fighting cocks'], dictionary);
    const [best] = trigramIndex.search(dictionary.prepare('fighting temeraire'), NEAR_MATCH_THRESHOLD);
    expect(best?.key).toMatch(/^fighting temeraire/);
  });

  it('finds close keys among many (the posting-list path)', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `study of a boat number ${i}`);
    keys.push('norham castle sunrise');
    const dictionary = new TrigramDictionary();
    const trigramIndex = TrigramIndex.build(keys, dictionary);
    const found = trigramIndex.search(dictionary.prepare('norham castel sunrise'), NEAR_MATCH_THRESHOLD);
    expect(found[0]?.key).toBe('norham castle sunrise');
  });
});

describe('scores and order', () => {
  it('rounds scores to two decimals within [0, 1]', () => {
    expect(roundScore(0.666666)).toBe(0.67);
    expect(roundScore(1.2)).toBe(1);
    expect(roundScore(-1)).toBe(0);
  });

  it('orders by score, then work id', () => {
    const a = { artist: 'A', title: 't', work_id: 'w2', score: 0.8, reason: 'similar_title' as const };
    const b = { ...a, work_id: 'w1' };
    const c = { ...a, work_id: 'w0', score: 0.7 };
    expect([c, a, b].sort(compareNearMatches).map((m) => m.work_id)).toEqual(['w1', 'w2', 'w0']);
  });
});

describe('similar titles', () => {
  it('finds a misspelt title of the artist', () => {
    const [best] = index.similarTitles(['art_turner'], 'Norham Castel Sunrise');
    expect(best).toMatchObject({ work_id: WORKS.norham.work_id, title: 'Norham Castle, Sunrise', reason: 'similar_title', artist: 'Joseph Mallord William Turner' });
  });

  it('returns at most five matches, each at least the threshold, best first, deterministic', () => {
    const works = Array.from({ length: 12 }, (_, i) => work(`w${i}`, `Study of the sea at dusk ${i}`, [attribution('art_turner', 'firm', 'import:tate')]));
    const many = CorpusIndex.build({ build_id: 'm', artists: [ARTISTS.turner], works });
    const matches = many.similarTitles(['art_turner'], 'Study of the sea at dusk');
    expect(matches.length).toBe(MAX_NEAR_MATCHES);
    for (let i = 1; i < matches.length; i += 1) expect(compareNearMatches(matches[i - 1]!, matches[i]!)).toBeLessThan(0);
    for (const m of matches) {
      expect(m.score).toBeGreaterThanOrEqual(NEAR_MATCH_THRESHOLD);
      expect(Math.round(m.score * 100) / 100).toBe(m.score);
    }
    expect(many.similarTitles(['art_turner'], 'Study of the sea at dusk')).toEqual(matches);
  });

  it('lists a work once even when its title and an alias are both close', () => {
    const aliased = CorpusIndex.build({
      build_id: 'a',
      artists: [ARTISTS.vermeer],
      works: [work('w1', 'The Little Street', [attribution('art_vermeer', 'firm', 'import:kb')], { title_aliases: ['Little Streets'] })],
    });
    expect(aliased.similarTitles(['art_vermeer'], 'Little Stret').map((m) => m.work_id)).toEqual(['w1']);
  });
});

describe('similar artists', () => {
  it('finds a misspelt or partial name', () => {
    expect(index.similarArtists('Rembrant', 'The Mill')[0]).toMatchObject({ artist: 'Rembrandt van Rijn', work_id: WORKS.mill.work_id, reason: 'similar_artist' });
    expect(index.similarArtists('Vermer', '').map((m) => m.artist)).toContain('Johannes Vermeer');
    expect(index.similarArtists('Turner', '').map((m) => m.artist)).toContain('Joseph Mallord William Turner');
  });

  it('lists each artist once, with their work closest to the subject title', () => {
    const matches = index.similarArtists('J. M. W. Turnr', 'Norham Castle');
    expect(matches.filter((m) => m.artist === 'Joseph Mallord William Turner')).toEqual([
      expect.objectContaining({ work_id: WORKS.norham.work_id, title: 'Norham Castle, Sunrise' }),
    ]);
  });

  it('lets a close title lift an artist whose name is a little further', () => {
    const nameOnly = index.similarArtists('Turner', 'no such title');
    expect(nameOnly[0]?.artist).toBe('Charles Turner');
    const withTitle = index.similarArtists('Turner', 'Norham Castle, Sunrise');
    expect(withTitle[0]).toMatchObject({ artist: 'Joseph Mallord William Turner', work_id: WORKS.norham.work_id });
    expect(withTitle[0]!.score).toBeGreaterThan(withTitle[1]!.score);
  });

  it('keeps fuzzy scores below 1, which marks an exact ambiguous title', () => {
    for (const m of [...index.similarArtists('Rembrandt van Rij', 'The Mill'), ...index.similarTitles(['art_rembrandt'], 'The Mil')]) {
      expect(m.score).toBeLessThanOrEqual(0.99);
    }
  });

  it('prefers a work firmly by the artist as their first work', () => {
    const matches = index.similarArtists('Rembrandt van Rij', 'no such title');
    expect(matches[0]).toMatchObject({ artist: 'Rembrandt van Rijn', work_id: WORKS.mill.work_id });
  });

  it('leaves out artists without works', () => {
    const bare = CorpusIndex.build({ build_id: 'b', artists: [artist('a', 'Rembrandt van Rijn')], works: [] });
    expect(bare.similarArtists('Rembrant van Rijn', 'x')).toEqual([]);
  });
});

describe('near matches never change a verdict', () => {
  it('keeps unavailable when a near match scores high', () => {
    const outcome = evaluate(index, { subject_artist: 'Rembrandt van Rijn', subject_title: 'The Mills' });
    expect(outcome.verdict).toBe('unavailable');
    expect(outcome.near_matches[0]).toMatchObject({ work_id: WORKS.mill.work_id });
    expect(outcome.near_matches[0]!.score).toBeGreaterThanOrEqual(NEAR_MATCH_THRESHOLD);
    expect(outcome.attestations).toEqual([]);
  });

  it('keeps unavailable for a near artist even when the title is exact', () => {
    const outcome = evaluate(index, { subject_artist: 'Rembrandt van Rijm', subject_title: 'The Mill' });
    expect(outcome.verdict).toBe('unavailable');
    expect(outcome.near_matches[0]).toMatchObject({ artist: 'Rembrandt van Rijn', title: 'The Mill' });
  });

  it('does not attest or contradict through a similar artist of a contradicted work', () => {
    const outcome = evaluate(index, { subject_artist: 'Ferdinand Boll', subject_title: 'A Young Man Seated at a Table' });
    expect(outcome.verdict).toBe('unavailable');
    expect(outcome.suggested_requalification).toBeNull();
  });
});
