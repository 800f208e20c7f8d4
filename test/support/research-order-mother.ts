import type { ResearchOrder } from '../../core/attestation/research-orders/research-order.model.js';
import type { OperatorImportBatch } from '../../core/attestation/operator-research/operator-research.model.js';

let seq = 0;

/** A research order "mother": a requested order of `key_id`, overridable field by field. */
export function anOrder(overrides: Partial<ResearchOrder> = {}): ResearchOrder {
  seq += 1;
  const id = `ro_${String(seq).padStart(16, '0')}`;
  return {
    order_id: id,
    key_id: 'key_a',
    status: 'requested',
    tier: 'standard',
    price_cents: 59_000,
    currency: 'EUR',
    subject: { artist: 'John Hoppner', title: 'Lady Louisa Manners', ref: null },
    request_id: null,
    client_reference: null,
    note: null,
    // One minute apart from 2026-11-01T10:00Z, in creation order (within November for any test).
    created_at: new Date(Date.UTC(2026, 10, 1, 10) + seq * 60_000).toISOString(),
    updated_at: '2026-11-01T10:00:00.000Z',
    accepted_at: null,
    declined_at: null,
    decline_reason: null,
    cancelled_at: null,
    delivered_at: null,
    import_id: null,
    corpus_revision: null,
    idempotency_key: null,
    request_fingerprint: null,
    ...overrides,
  };
}

/** A one-claim import batch, applied as revision `expected_revision + 1`. */
export function aBatch(expected_revision: number): OperatorImportBatch {
  seq += 1;
  const import_id = `imp_order_${seq}`;
  return {
    expected_revision,
    import: { import_id, applied_at: '2026-11-21T10:00:00.000Z', file: 'order.ndjson', base_build: 'abc123def456', lines: 1, claims: 1, works_added: 0, artists_added: 0, researchers: ['A. Dupont'] },
    artists: [],
    works: [],
    claims: [
      { import_id, line: 1, work_id: 'wrk_tate_N00530', pillar: 'market', kind: 'sale', claim: 'Sold 1921.', source_ref: 'https://example.org/s', researcher: 'A. Dupont', attribution: null },
    ],
  };
}
