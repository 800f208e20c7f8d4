import { type Page, type PageRequest, pageOf } from '../../shared/keyset-cursor.js';
import type { CursorSealer } from '../../shared/ports.js';
import type { BilledRequest, Caller, VerificationLedger } from '../ports.js';
import { requireProduction } from '../caller.js';

/** `[from, to)` of a `YYYY-MM` month as ISO instants (UTC), the bounds `servedCalls` meters by. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, m - 1, 1)).toISOString(), to: new Date(Date.UTC(year, m, 1)).toISOString() };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Invoice reconciliation: a production key's archived (hence billed) verifications of a month,
 * one line per request, so that `served_calls` of `/verify/usage` can be checked request by
 * request (ADR 0002). Cursor-paginated in served order; a cursor is bound to the key and month.
 */
export class BilledRequests {
  constructor(
    private readonly ledger: VerificationLedger,
    private readonly sealer: CursorSealer,
  ) {}

  async list(caller: Caller, month: string, query: PageRequest): Promise<Page<BilledRequest>> {
    const key = requireProduction(caller);
    const keyset = {
      context: JSON.stringify(['verify-requests', key.key_id, month]),
      shape: ['string', 'string'] as const,
      positionOf: (r: BilledRequest) => [r.served_at, r.request_id] as [string, string],
      accepts: ([servedAt]: [string, string]) => ISO_INSTANT.test(servedAt),
    };
    return pageOf(this.sealer, keyset, query, (after, limit) =>
      this.ledger.billed(key.key_id, monthRange(month), after && { served_at: after[0], request_id: after[1] }, limit),
    );
  }
}
