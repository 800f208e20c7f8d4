import { describe, expect, it } from 'vitest';
import { confidenceFor } from '../../../core/attestation/verdict/confidence.js';
import { CorpusIndex } from '../../../core/attestation/corpus/corpus-index.js';
import { PILLARS } from '../../../core/attestation/corpus/corpus.model.js';
import { MAX_AMBIGUOUS_MATCHES, evaluate } from '../../../core/attestation/verdict/evaluate.js';
import type { VerificationOutcome } from '../../../core/attestation/verdict/verification.model.js';
import { ARTISTS, WORKS, artist, attribution, claim, fixtureSnapshot, work } from '../../fixtures/attestation/fixture-corpus.js';

const index = CorpusIndex.build(fixtureSnapshot());
const verify = (subject_artist: string, subject_title: string, subject_ref?: string): VerificationOutcome =>
  evaluate(index, subject_ref === undefined ? { subject_artist, subject_title } : { subject_artist, subject_title, subject_ref });

function expectUnavailable(outcome: VerificationOutcome): void {
  expect(outcome.verdict).toBe('unavailable');
  expect(outcome.attestations).toEqual([]);
  expect(outcome.verified_pillars).toEqual([]);
  expect(outcome.contradicted_pillars).toEqual([]);
  expect(outcome.suggested_requalification).toBeNull();
}

describe('rule 1: the artist must be covered', () => {
  it('answers unavailable, without attestations, for an artist not in the corpus', () => {
    const outcome = verify('Claude Monet', 'Impression, soleil levant');
    expectUnavailable(outcome);
    expect(outcome.near_matches).toEqual([]);
  });

  it('suggests similar artists, each with one of their works', () => {
    const outcome = verify('Rembrant van Rijn', 'The Mill');
    expectUnavailable(outcome);
    expect(outcome.near_matches[0]).toMatchObject({ artist: 'Rembrandt van Rijn', work_id: WORKS.mill.work_id, title: 'The Mill', reason: 'similar_artist' });
    for (const match of outcome.near_matches) {
      expect(match.reason).toBe('similar_artist');
      expect(match.score).toBeGreaterThanOrEqual(0.5);
      expect(match.score).toBeLessThanOrEqual(1);
    }
  });

  it('shows a similar artist with their first work when no title of theirs is close', () => {
    const outcome = verify('Gustave Courbe', 'Something else entirely');
    expect(outcome.near_matches).toEqual([
      expect.objectContaining({ artist: 'Gustave Courbet', work_id: WORKS.atelier.work_id, title: "L'Atelier du peintre", reason: 'similar_artist' }),
    ]);
  });

  it('matches the name in any order, case, accents and punctuation, and by alias', () => {
    for (const name of ['Joseph Mallord William Turner', 'Turner, Joseph Mallord William', 'J. M. W. Turner', 'j.m.w. TURNER', 'J M W Turner']) {
      expect(verify(name, 'Norham Castle, Sunrise').verdict).toBe('attested');
    }
    for (const name of ['Rembrandt', 'Rijn, Rembrandt van', 'rembrandt VAN rijn', 'Rembrandt Harmenszoon van Rijn']) {
      expect(verify(name, 'The Mill').verdict).toBe('attested');
    }
  });

  it('does not confuse Rembrandt van Rijn with Rembrandt Peale', () => {
    expect(verify('Rembrandt Peale', 'Rubens Peale with a Geranium').verdict).toBe('attested');
    const outcome = verify('Rembrandt', 'Rubens Peale with a Geranium');
    expectUnavailable(outcome);
    expect(verify('Rembrandt Peale', 'The Mill').verdict).toBe('unavailable');
  });
});

describe('rule 2: the title must match exactly one work of the artist', () => {
  it('matches titles normalised, with leading articles dropped, and title aliases', () => {
    expect(verify('Turner', 'x').verdict).toBe('unavailable'); // "Turner" alone is no alias
    expect(verify('J. M. W. Turner', 'norham castle — sunrise').verdict).toBe('attested');
    expect(verify('Rembrandt', 'Mill').verdict).toBe('attested');
    expect(verify('Rembrandt', 'De Molen').verdict).toBe('attested');
    expect(verify('Gustave Courbet', 'Atelier du peintre').verdict).toBe('attested');
    expect(verify('Gustave Courbet', 'L’Atelier du Peintre').verdict).toBe('attested');
    expect(verify('Gustave Courbet', "The Painter's Studio").verdict).toBe('attested');
    expect(verify('Johannes Vermeer', 'Het Straatje').verdict).toBe('attested');
    expect(verify('Jan Vermeer', 'Little Street').verdict).toBe('attested');
  });

  it('answers unavailable with close titles of that artist when no title matches', () => {
    const outcome = verify('Joseph Mallord William Turner', 'Norham Castle at Sunrise');
    expectUnavailable(outcome);
    expect(outcome.near_matches[0]).toMatchObject({
      artist: 'Joseph Mallord William Turner',
      title: 'Norham Castle, Sunrise',
      work_id: WORKS.norham.work_id,
      reason: 'similar_title',
    });
  });

  it('never offers another artist\u2019s work as a close title', () => {
    const outcome = verify('Rembrandt Peale', 'The Mil');
    expect(outcome.near_matches.every((m) => m.artist === 'Rembrandt Peale')).toBe(true);
  });

  it('answers a title several works share when every one gives the same answer, citing each (ADR 0033)', () => {
    const outcome = verify('Joseph Mallord William Turner', 'Study of Sea');
    expect(outcome.verdict).toBe('attested');
    expect(outcome.reason).toBeNull();
    expect(outcome.matched_artist).toEqual({ artist_id: 'art_turner', name: 'Joseph Mallord William Turner' });
    expect(outcome.near_matches).toEqual([
      { artist: 'Joseph Mallord William Turner', title: 'Study of Sea', work_id: 'wrk_tate_D25347', score: 1, reason: 'ambiguous_title' },
      { artist: 'Joseph Mallord William Turner', title: 'The Study of Sea', work_id: 'wrk_tate_D35960', score: 1, reason: 'ambiguous_title' },
    ]);
    const cited = new Set(outcome.attestations.map((a) => a.source_ref));
    for (const w of [WORKS.seaA, WORKS.seaB]) for (const c of w.claims) expect(cited.has(c.source_ref)).toBe(true);
  });

  it('answers unavailable (ambiguous_title), each candidate a near match, when works sharing a title disagree', () => {
    const split = CorpusIndex.build({
      build_id: 's',
      artists: [ARTISTS.turner],
      works: [
        work('w1', 'Sea Piece', [attribution('art_turner', 'firm', 'import:tate')]),
        work('w2', 'Sea Piece', [attribution('art_turner', 'studio_of', 'import:tate')]),
      ],
    });
    const outcome = evaluate(split, { subject_artist: 'J. M. W. Turner', subject_title: 'Sea Piece' });
    expectUnavailable(outcome);
    expect(outcome.reason).toBe('ambiguous_title');
    expect(outcome.near_matches.map((m) => [m.work_id, m.reason])).toEqual([['w1', 'ambiguous_title'], ['w2', 'ambiguous_title']]);
    expect(evaluate(split, { subject_artist: 'J. M. W. Turner', subject_title: 'Sea Piece', subject_ref: 'w2' }).verdict).toBe('contradicted');
  });

  it('lets subject_ref pick one of several works by work id or inventory number', () => {
    expect(verify('J. M. W. Turner', 'Study of Sea', 'wrk_tate_D35960').verdict).toBe('attested');
    expect(verify('J. M. W. Turner', 'Study of Sea', 'Tate D25347').verdict).toBe('attested');
    expect(verify('J. M. W. Turner', 'Study of Sea', 'tate d25347').verdict).toBe('attested');
    expect(verify('J. M. W. Turner', 'Study of Sea', 'D25347').verdict).toBe('attested');
    expect(verify('J. M. W. Turner', 'Study of Sea', ' D35960 ').verdict).toBe('attested');
  });

  it('stays ambiguous when subject_ref matches none or several candidates', () => {
    expect(verify('J. M. W. Turner', 'Study of Sea', 'N01981').near_matches).toHaveLength(2);
    expect(verify('J. M. W. Turner', 'Study of Sea', 'N01981').reason).toBe('ambiguous_title');
    expect(verify('J. M. W. Turner', 'Study of Sea', '').verdict).toBe('attested'); // no reference: the shared title's answer
    expect(verify('J. M. W. Turner', 'Study of Sea', 'Tate').verdict).toBe('unavailable');
    const twins = CorpusIndex.build({
      build_id: 't',
      artists: [ARTISTS.turner],
      works: [
        work('w1', 'Sea', [attribution('art_turner', 'firm', 'import:tate')], { inventory_numbers: ['X 1'] }),
        work('w2', 'Sea', [attribution('art_turner', 'firm', 'import:tate')], { inventory_numbers: ['X 1'] }),
      ],
    });
    expect(evaluate(twins, { subject_artist: 'J. M. W. Turner', subject_title: 'Sea', subject_ref: 'X 1' }).verdict).toBe('unavailable');
  });

  it('ignores subject_ref when the title matches one work only', () => {
    expect(verify('J. M. W. Turner', 'Norham Castle, Sunrise', 'wrk_tate_D35960').verdict).toBe('attested');
  });

  it('caps the ambiguous list and orders it by work id', () => {
    const many = Array.from({ length: 30 }, (_, i) => work(`w${String(29 - i).padStart(2, '0')}`, 'Blank', [attribution('art_turner', 'firm', 'import:tate')]));
    const big = CorpusIndex.build({ build_id: 'b', artists: [ARTISTS.turner], works: many });
    const outcome = evaluate(big, { subject_artist: 'Turner, Joseph Mallord William', subject_title: 'Blank' });
    expect(outcome.near_matches).toHaveLength(MAX_AMBIGUOUS_MATCHES);
    expect(outcome.near_matches.map((m) => m.work_id)).toEqual(Array.from({ length: 20 }, (_, i) => `w${String(i).padStart(2, '0')}`));
  });

  it('matches a work through a former attribution too', () => {
    expect(verify('J. M. W. Turner', 'Landscape with a Bridge').verdict).toBe('contradicted');
  });
});

describe('rule 3: attested', () => {
  it('attests a work whose current attribution is firmly to the artist, with every claim', () => {
    const outcome = verify('Joseph Mallord William Turner', 'Norham Castle, Sunrise');
    expect(outcome.verdict).toBe('attested');
    expect(outcome.contradicted_pillars).toEqual([]);
    expect(outcome.suggested_requalification).toBeNull();
    expect(outcome.near_matches).toEqual([]);
    expect(outcome.attestations).toHaveLength(WORKS.norham.claims.length);
    expect(outcome.verified_pillars).toEqual([...PILLARS]);
    for (const a of outcome.attestations) {
      expect(a.status).toBe('verified');
      const source = WORKS.norham.claims.find((c) => c.claim === a.claim)!;
      expect(a.verified_by).toBe(source.source);
      expect(a.confidence).toBe(confidenceFor(source.source, source.kind));
      expect(a.source_ref).toBe(source.source_ref);
    }
  });

  it('sorts attestations by confidence, highest first, then pillar and claim', () => {
    const outcome = verify('Joseph Mallord William Turner', 'Norham Castle, Sunrise');
    expect(outcome.attestations.map((a) => [a.confidence, a.verified_by, a.claim])).toEqual([
      [0.94, 'operator', 'Never sold: bequeathed by the artist'],
      [0.92, 'operator', 'Unfinished colour study; surface stable'],
      [0.89, 'import:tate', 'Butlin and Joll no. 512'],
      [0.89, 'import:tate', 'Joseph Mallord William Turner (artist)'],
      [0.85, 'import:tate', 'Accepted by the nation as part of the Turner Bequest 1856'],
      [0.85, 'import:tate', 'Acquired 1856'],
      [0.52, 'import:kb', 'Collection: Tate'],
    ]);
  });

  it('lists verified pillars in PILLARS order', () => {
    expect(verify('Johannes Vermeer', 'The Little Street').verified_pillars).toEqual(['provenance', 'authentication']);
  });

  it('attests a knowledge-base-only work with knowledge-base confidences', () => {
    const outcome = verify('Johannes Vermeer', 'The Little Street');
    expect(outcome.verdict).toBe('attested');
    expect(outcome.attestations.every((a) => a.verified_by === 'import:kb' && a.confidence <= 0.65)).toBe(true);
  });

  it('attests the engraver of a print made after another artist', () => {
    expect(verify('William Miller', 'Edinburgh, from Calton Hill').verdict).toBe('attested');
  });

  it('attests an operator attribution above museum records', () => {
    expect(verify('Gustave Courbet', "L'Atelier du peintre").verdict).toBe('attested');
  });

  it('drops exact duplicate claims', () => {
    const c = claim('provenance', 'credit_line', 'Bequeathed 1856', 'import:tate');
    const dup = CorpusIndex.build({ build_id: 'd', artists: [ARTISTS.turner], works: [work('w', 'Sea', [attribution('art_turner', 'firm', 'import:tate')], { claims: [c, { ...c }] })] });
    expect(evaluate(dup, { subject_artist: 'J. M. W. Turner', subject_title: 'Sea' }).attestations).toHaveLength(1);
  });
});

describe('rule 4: contradicted', () => {
  function expectContradicted(outcome: VerificationOutcome, article: string, termFr: string): void {
    expect(outcome.verdict).toBe('contradicted');
    expect(outcome.contradicted_pillars).toEqual(['authentication']);
    expect(outcome.verified_pillars).toEqual([]);
    expect(outcome.near_matches).toEqual([]);
    expect(outcome.attestations.length).toBeGreaterThan(0);
    expect(outcome.attestations.every((a) => a.pillar === 'authentication')).toBe(true);
    expect(outcome.suggested_requalification).toMatchObject({ article, term_fr: termFr });
  }

  it('contradicts a workshop work (art. 5)', () => {
    expectContradicted(verify('Rembrandt', 'Portrait of a Gentleman with a Tall Hat and Gloves'), 'art. 5', 'atelier de Rembrandt van Rijn');
  });

  it('contradicts a studio work (art. 5)', () => {
    expectContradicted(verify('John Hoppner', 'Portrait of Mrs Jordan'), 'art. 5', 'atelier de John Hoppner');
  });

  it('contradicts a work made after the artist (art. 7, d\u2019après)', () => {
    expectContradicted(verify('J. M. W. Turner', 'Edinburgh, from Calton Hill'), 'art. 7', 'd’après Joseph Mallord William Turner');
    expectContradicted(verify('Ingres', 'Grande Odalisque'), 'art. 7', 'd’après Jean-Auguste-Dominique Ingres');
  });

  it('contradicts a work formerly attributed to the artist and now given to another (art. 3 for that artist)', () => {
    const outcome = verify('Rembrandt van Rijn', 'A Young Man Seated at a Table');
    expectContradicted(outcome, 'art. 3', 'par Ferdinand Bol');
    expect(outcome.attestations.map((a) => a.claim).sort()).toEqual(WORKS.youngMan.claims.map((c) => c.claim).sort());
  });

  it('contradicts a work with only a former attribution and no current author (art. 7)', () => {
    expectContradicted(verify('J. M. W. Turner', 'Landscape with a Bridge'), 'art. 7', 'dans le goût de Joseph Mallord William Turner');
  });

  it('lets a museum qualifier outrank a knowledge-base firm attribution', () => {
    expectContradicted(verify('Rembrandt', 'Man with the Golden Helmet'), 'art. 6', 'école de Rembrandt van Rijn');
  });

  it('lets an operator qualifier outrank museum firm attributions', () => {
    expectContradicted(verify('Rembrandt', 'The Polish Rider'), 'art. 4', 'attribué à Rembrandt van Rijn');
  });

  it('resolves museums that disagree to contradicted (art. 4), for either artist', () => {
    expectContradicted(verify('Rembrandt', 'An Old Woman Reading'), 'art. 4', 'attribué à Rembrandt van Rijn');
    expectContradicted(verify('Ferdinand Bol', 'An Old Woman Reading'), 'art. 4', 'attribué à Ferdinand Bol');
  });

  it('resolves a firm and a qualified attribution in one tier to the weaker qualifier', () => {
    const both = CorpusIndex.build({
      build_id: 'q',
      artists: [ARTISTS.rembrandt],
      works: [work('w', 'Mill Pond', [attribution('art_rembrandt', 'firm', 'import:tate'), attribution('art_rembrandt', 'follower_of', 'import:nga'), attribution('art_rembrandt', 'workshop_of', 'import:cmoa')])],
    });
    const outcome = evaluate(both, { subject_artist: 'Rembrandt', subject_title: 'Mill Pond' });
    expect(outcome.verdict).toBe('contradicted');
    expect(outcome.suggested_requalification?.article).toBe('art. 6');
  });

  it('treats a current-flagged "formerly attributed to" as a former attribution', () => {
    const odd = CorpusIndex.build({
      build_id: 'o',
      artists: [ARTISTS.rembrandt],
      works: [work('w', 'Mill Pond', [attribution('art_rembrandt', 'formerly_attributed_to', 'import:nga', { current: true })])],
    });
    const outcome = evaluate(odd, { subject_artist: 'Rembrandt', subject_title: 'Mill Pond' });
    expect(outcome.verdict).toBe('contradicted');
    expect(outcome.suggested_requalification?.article).toBe('art. 7');
  });

  it('names an artist the snapshot does not hold by the record display', () => {
    const orphan = CorpusIndex.build({
      build_id: 'o',
      artists: [ARTISTS.rembrandt],
      works: [work('w', 'Mill Pond', [attribution('art_missing', 'firm', 'import:nga', { display: 'Govaert Flinck' }), attribution('art_rembrandt', 'firm', 'import:nga', { current: false })])],
    });
    expect(evaluate(orphan, { subject_artist: 'Rembrandt', subject_title: 'Mill Pond' }).suggested_requalification?.term_fr).toBe('par Govaert Flinck');
  });
});

describe('robustness', () => {
  it('never throws, on any string', () => {
    const strings = ['', ' ', '\u0000\u0001\u001f', '🎨🖼️', 'a'.repeat(100_000), '\ud800', '\udfff\ud800', ',', ', ,', 'The', '\u0301'];
    for (const a of strings) {
      for (const t of strings) {
        expect(() => evaluate(index, { subject_artist: a, subject_title: t, subject_ref: a })).not.toThrow();
      }
    }
  });

  it('answers an empty title as unavailable', () => {
    expectUnavailable(verify('Rembrandt', ''));
  });

  it('indexes an artist known by several artists\u2019 alias under each of them', () => {
    const shared = CorpusIndex.build({
      build_id: 's',
      artists: [artist('a1', 'Jan Brueghel the Elder', ['Jan Brueghel']), artist('a2', 'Jan Brueghel the Younger', ['Jan Brueghel'])],
      works: [work('w1', 'Flowers', [attribution('a1', 'firm', 'import:nga')]), work('w2', 'Flowers', [attribution('a2', 'firm', 'import:nga')]), work('w3', 'Paradise', [attribution('a2', 'firm', 'import:nga')])],
    });
    const ambiguous = evaluate(shared, { subject_artist: 'Jan Brueghel', subject_title: 'Flowers' });
    expect(ambiguous.near_matches.map((m) => [m.artist, m.work_id])).toEqual([
      ['Jan Brueghel the Elder', 'w1'],
      ['Jan Brueghel the Younger', 'w2'],
    ]);
    expect(evaluate(shared, { subject_artist: 'Jan Brueghel', subject_title: 'Paradise' }).verdict).toBe('attested');
  });
});
