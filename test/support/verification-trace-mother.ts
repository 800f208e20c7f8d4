import type { VerificationTrace } from '../../core/attestation/ports.js';

/**
 * A served verification's trace "mother": a production call of `key_a` answered `unavailable`,
 * overridable field by field. The archived response carries the trace's own request_id and
 * served_at, as the ledger's real traces do.
 */
export function aTrace(overrides: Partial<VerificationTrace> = {}): VerificationTrace {
  const request_id = overrides.request_id ?? crypto.randomUUID();
  const served_at = overrides.served_at ?? '2026-11-03T10:00:00.000Z';
  return {
    request_id,
    served_at,
    tier: 'production',
    key_id: 'key_a',
    request: { subject_artist: 'Turner', subject_title: 'Snow Storm' },
    response: {
      engine: 'records-attestation/v1',
      request_id,
      served_at,
      corpus_revision: 'abc.0',
      subject: { artist: 'Turner', title: 'Snow Storm' },
      parsed: { name: 'Turner', qualifier: null, dates: null, title: 'Snow Storm', object_type: null },
      verdict: 'unavailable',
      matched_artist: null,
      reason: null,
      verified_pillars: [],
      contradicted_pillars: [],
      attestations: [],
      works: [],
      near_matches: [],
      suggested_requalification: null,
      disclaimer: 'd',
    },
    ...overrides,
  };
}
