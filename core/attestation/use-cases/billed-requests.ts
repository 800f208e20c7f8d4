import { validationError } from '../../shared/errors.js';
import { checkLimit, type CursorSealer, openPosition, type Page, sealPosition } from '../../shared/keyset-cursor.js';
import type { BilledRequest, Caller, VerificationLedger } from '../ports.js';
import { requireProduction } from './api-keys.js';

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

  async list(caller: Caller, month: string, query: { limit?: number; cursor?: string }): Promise<Page<BilledRequest>> {
    const key = requireProduction(caller);
    const limit = checkLimit(query.limit);
    const context = JSON.stringify(['verify-requests', key.key_id, month]);
    let after = null;
    if (query.cursor !== undefined) {
      const [served_at, request_id] = openPosition(this.sealer, query.cursor, context, ['string', 'string']) as [string, string];
      if (!ISO_INSTANT.test(served_at)) {
        throw validationError('The cursor is invalid, or belongs to another query; start again without it.', [{ path: 'cursor', message: 'is not a cursor this query issued' }]);
      }
      after = { served_at, request_id };
    }
    const rows = await this.ledger.billed(key.key_id, monthRange(month), after, limit + 1);
    const data = rows.slice(0, limit);
    const last = data[data.length - 1];
    return { data, next_cursor: rows.length > limit && last ? sealPosition(this.sealer, context, [last.served_at, last.request_id]) : null };
  }
}
