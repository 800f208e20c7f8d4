import { authorize, type Principal } from '../../auth/auth.model.js';
import { notFound, validationError } from '../../shared/errors.js';
import { type Page, type PageRequest, pageOf } from '../../shared/keyset-cursor.js';
import type { CursorSealer } from '../../shared/ports.js';
import type { SearchTerm } from '../../shared/search-query.js';
import {
  CALL_ID_PATTERN,
  type CallDetail,
  type CallFilter,
  type CallSummary,
  type Channel,
  type Direction,
} from '../call.model.js';
import { callKeyset, cursorContext } from '../cursor.js';
import type { CallRepository } from '../ports.js';

/**
 * One page of a tenant's calls as a runtime asks for it, already in shape: `CallListQuerySchema`
 * (runtimes/shared/calls.schemas.ts) produces it from the wire (types, formats, ranges, the
 * default limit, instants normalised to UTC, `q` read into words) and is checked against
 * this type. The use case checks only what is a rule of the domain: a window ends after it
 * begins, and the cursor is one this query issued.
 */
export interface CallListQuery extends PageRequest {
  channel?: Channel;
  direction?: Direction;
  /** Inclusive lower bound on started_at, a normalised instant (`normaliseInstant`). */
  from?: string;
  /** Exclusive upper bound on started_at, a normalised instant. */
  to?: string;
  /** The words of the free-text query (`searchTermsOf`); absent or empty: no text filter. */
  q?: SearchTerm[];
}

export type CallPage = Page<CallSummary>;

/** Reading calls: every read is scoped to the principal's own tenant. */
export class CallQueries {
  constructor(
    private readonly calls: CallRepository,
    private readonly sealer: CursorSealer,
  ) {}

  async list(principal: Principal, tenantId: string, query: CallListQuery): Promise<CallPage> {
    authorize(principal, tenantId, 'read');
    const filter = callFilterOf(query);
    return pageOf(this.sealer, callKeyset<CallSummary>(cursorContext(tenantId, filter)), query, (after, limit) =>
      this.calls.list(tenantId, filter, after && { started_at: after[0], call_id: after[1] }, limit),
    );
  }

  async get(principal: Principal, tenantId: string, callId: string): Promise<CallDetail> {
    authorize(principal, tenantId, 'read');
    const call = CALL_ID_PATTERN.test(callId) ? await this.calls.find(tenantId, callId) : null;
    if (!call) throw notFound(`No call ${callId} in tenant ${tenantId}.`);
    return call;
  }
}

/**
 * The query's filter, once its window is a window (from before to: the one domain rule): every
 * field of the query but the page's, with `q`'s words as `terms`.
 */
export function callFilterOf(query: CallListQuery): CallFilter {
  const { limit: _limit, cursor: _cursor, q, ...fields } = query;
  if (fields.from !== undefined && fields.to !== undefined && fields.from >= fields.to) {
    throw validationError('The query parameters are invalid.', [{ path: 'to', message: 'must be after from (from is inclusive, to exclusive)' }]);
  }
  return { ...fields, terms: q ?? [] };
}
