/**
 * Behaviour at scale on a generated corpus the size of the shipped one. No timings here:
 * speed is measured by `npm run bench`, never asserted in tests.
 */
import { describe, expect, it } from 'vitest';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { MAX_AMBIGUOUS_MATCHES, evaluate } from '../../../core/attestation/verdict/evaluate.js';
import { largeCorpus } from '../../fixtures/attestation/large-corpus.js';

const { snapshot, bigArtistTitles } = largeCorpus();

describe('a corpus of 60,000 works and 8,000 artists', () => {
  const index = CorpusIndex.build(snapshot);

  it('indexes every artist, work and claim', () => {
    expect(index.counts).toMatchObject({ artists: 8_000, works: 60_000, claims: 120_000 });
  });

  const titleCounts = new Map<string, number>();
  for (const title of bigArtistTitles) titleCounts.set(title, (titleCounts.get(title) ?? 0) + 1);

  it('attests an exact title the 39,000-work artist holds once', () => {
    const once = bigArtistTitles.filter((t) => titleCounts.get(t) === 1 && t.includes(','));
    expect(once.length).toBeGreaterThan(1_000);
    for (const title of once.slice(0, 200)) {
      const outcome = evaluate(index, { subject_artist: 'J. M. W. Turner', subject_title: title });
      expect(outcome.verdict).toBe('attested');
    }
  });

  it('answers an exact title the 39,000-work artist holds twice with the answer both works give, naming both', () => {
    const twice = bigArtistTitles.filter((t) => titleCounts.get(t) === 2 && t.includes(','));
    expect(twice.length).toBeGreaterThan(10);
    for (const title of twice.slice(0, 50)) {
      const outcome = evaluate(index, { subject_artist: 'J. M. W. Turner', subject_title: title });
      expect(outcome.verdict).toBe('attested');
      expect(outcome.near_matches).toHaveLength(2);
      expect(outcome.near_matches.every((m) => m.reason === 'ambiguous_title' && m.title === title)).toBe(true);
    }
  });

  it('caps thousands of works sharing a title', () => {
    const outcome = evaluate(index, { subject_artist: 'J. M. W. Turner', subject_title: 'Blank' });
    expect(outcome.verdict).toBe('unavailable');
    expect(outcome.near_matches).toHaveLength(MAX_AMBIGUOUS_MATCHES);
    const picked = evaluate(index, { subject_artist: 'J. M. W. Turner', subject_title: 'Blank', subject_ref: outcome.near_matches[3]!.work_id });
    expect(picked.verdict).toBe('attested');
  });

  it('answers a title miss of the 39,000-work artist with near matches', () => {
    const long = bigArtistTitles.filter((t) => t.length > 20);
    const queries = Array.from({ length: 2_000 }, (_, i) => {
      const title = long[(i * 7919) % long.length] as string;
      const cut = (i * 31) % title.length;
      return { title, input: { subject_artist: 'Joseph Mallord William Turner', subject_title: `${title.slice(0, cut)}${title.slice(cut + 1)} zq` } };
    });
    for (const q of queries.slice(0, 200)) evaluate(index, q.input); // warm up
    let found = 0;
    for (const q of queries) {
      const outcome = evaluate(index, q.input);
      expect(outcome.verdict).not.toBe('attested');
      if (outcome.near_matches.some((m) => m.title === q.title)) found += 1;
    }
    // The generated titles are near-duplicates of each other (an adversarial case for a capped
    // candidate search): the misspelt work need not always be among the five closest.
    expect(found / queries.length).toBeGreaterThan(0.85);
  });

  it('answers an unknown artist as unavailable, with similar artists', () => {
    for (let i = 0; i < 1_000; i += 1) {
      const outcome = evaluate(index, { subject_artist: `Joseph Mallord Wiliam Turnr ${i % 7}`, subject_title: 'View of Norham' });
      expect(outcome.verdict).toBe('unavailable');
    }
    expect(evaluate(index, { subject_artist: 'Joseph Mallord Wiliam Turner', subject_title: 'x' }).near_matches[0]?.artist).toBe('Joseph Mallord William Turner');
  });
});
