import { describe, expect, it } from 'vitest';
import type { ArchivedVerificationResponse } from '../../../core/attestation/ports.js';
import { outcomeChanged } from '../../../core/attestation/use-cases/audit-trail.js';
import { ENGINE_ID, type VerificationOutcome, type VerificationResponse } from '../../../core/attestation/verdict/verification.model.js';

const response = (): VerificationResponse => ({
  engine: ENGINE_ID,
  request_id: '00000000-0000-4000-8000-000000000001',
  served_at: '2026-11-25T10:00:00.000Z',
  corpus_revision: 'r1',
  subject: { artist: 'J. M. W. Turner', title: 'Norham Castle, Sunrise' },
  parsed: { name: 'J. M. W. Turner', qualifier: null, dates: null, title: 'Norham Castle, Sunrise', title_read_as: null, object_type: 'painting' },
  verdict: 'attested',
  matched_artist: { artist_id: 'turner', name: 'J. M. W. Turner' },
  reason: null,
  verified_pillars: ['provenance'],
  contradicted_pillars: [],
  attestations: [],
  works: [{ work_id: 'w1', title: 'Norham Castle, Sunrise', object_type: 'painting', medium: 'oil', date: '1845', dimensions: null, collection: 'Tate', source_ref: 'tate:1' }],
  near_matches: [],
  suggested_requalification: null,
  disclaimer: 'd',
});

/** One change per outcome field, complete by type: a field the outcome gains needs its line here. */
const changes: { [K in keyof VerificationOutcome]-?: (r: VerificationResponse) => void } = {
  parsed: (r) => void (r.parsed.title = 'Another title'),
  verdict: (r) => void (r.verdict = 'unavailable'),
  matched_artist: (r) => void (r.matched_artist = null),
  reason: (r) => void (r.reason = 'work_not_found'),
  verified_pillars: (r) => void (r.verified_pillars = []),
  contradicted_pillars: (r) => void (r.contradicted_pillars = r.verified_pillars),
  attestations: (r) => void (r.attestations = [{ pillar: r.verified_pillars[0], claim: 'c', source_ref: 's', confidence: 1, status: 'verified', verified_by: 'import:tate' }]),
  works: (r) => void (r.works = []),
  near_matches: (r) => void (r.near_matches = [{ artist: 'a', title: 't', work_id: 'w2', score: 0.5, reason: 'similar_title' }]),
  suggested_requalification: (r) => void (r.suggested_requalification = { term_fr: 'f', term_en: 'e', article: 'art. 4', note: 'n' }),
};

describe('a replay says whether the outcome changed', () => {
  it('not for the envelope: a new request id, time, revision or disclaimer is the same outcome', () => {
    const replay = { ...response(), request_id: '00000000-0000-4000-8000-000000000002', served_at: '2026-11-26T10:00:00.000Z', corpus_revision: 'r2', disclaimer: 'other' };
    expect(outcomeChanged(response(), replay)).toBe(false);
  });

  it('for a change of any outcome field', () => {
    for (const [field, change] of Object.entries(changes)) {
      const replay = response();
      change!(replay);
      expect(outcomeChanged(response(), replay), field).toBe(true);
    }
  });

  it('not for fields an archived response predates, yet for what it recorded', () => {
    const { matched_artist: _m, reason: _r, works: _w, ...old } = response();
    const archived: ArchivedVerificationResponse = { ...old, parsed: { name: old.parsed.name, qualifier: null, dates: null, title: old.parsed.title } };
    expect(outcomeChanged(archived, response())).toBe(false);
    expect(outcomeChanged({ ...archived, parsed: undefined }, response())).toBe(false);
    expect(outcomeChanged(archived, { ...response(), verdict: 'contradicted' })).toBe(true);
    expect(outcomeChanged(archived, { ...response(), parsed: { ...response().parsed, title: 'Other' } })).toBe(true);
  });
});
