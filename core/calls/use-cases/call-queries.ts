import { authorize, type Principal } from '../../auth/auth.model.js';
import { notFound, validationError, type FieldError } from '../../shared/errors.js';
import { type Page, paginate } from '../../shared/keyset-cursor.js';
import type { CursorSealer } from '../../shared/ports.js';
import {
  CALL_ID_PATTERN,
  CHANNELS,
  DIRECTIONS,
  type CallDetail,
  type CallFilter,
  type CallSummary,
  type Channel,
  type Direction,
} from '../call.model.js';
import { callKeyset, cursorContext } from '../cursor.js';
import { normaliseInstant } from '../instant.js';
import type { CallRepository } from '../ports.js';
import { parseSearchQuery } from '../search-query.js';

export interface ListCallsQuery {
  limit?: number;
  cursor?: string;
  channel?: string;
  direction?: string;
  from?: string;
  to?: string;
  q?: string;
}

export type CallPage = Page<CallSummary>;

/** Reading calls: every read is scoped to the principal's own tenant. */
export class CallQueries {
  constructor(
    private readonly calls: CallRepository,
    private readonly sealer: CursorSealer,
  ) {}

  async list(principal: Principal, tenantId: string, query: ListCallsQuery): Promise<CallPage> {
    authorize(principal, tenantId, 'read');
    const filter = parseFilter(query);
    return paginate(this.sealer, callKeyset<CallSummary>(cursorContext(tenantId, filter)), query, (after, limit) =>
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

/** Query parameters to a filter; every bad parameter is reported with its name. */
export function parseFilter(query: ListCallsQuery): CallFilter {
  const errors: FieldError[] = [];
  const filter: CallFilter = { terms: [] };
  if (query.channel !== undefined) {
    if ((CHANNELS as readonly string[]).includes(query.channel)) filter.channel = query.channel as Channel;
    else errors.push({ path: 'channel', message: `must be one of ${CHANNELS.join(', ')}` });
  }
  if (query.direction !== undefined) {
    if ((DIRECTIONS as readonly string[]).includes(query.direction)) filter.direction = query.direction as Direction;
    else errors.push({ path: 'direction', message: `must be one of ${DIRECTIONS.join(', ')}` });
  }
  for (const bound of ['from', 'to'] as const) {
    const text = query[bound];
    if (text === undefined) continue;
    const instant = normaliseInstant(text);
    if (instant === null) errors.push({ path: bound, message: 'must be an ISO-8601 instant with an offset, e.g. 2026-11-03T00:00:00Z' });
    else filter[bound] = instant;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to) {
    errors.push({ path: 'to', message: 'must be after from (from is inclusive, to exclusive)' });
  }
  try {
    filter.terms = parseSearchQuery(query.q);
  } catch (err) {
    const fieldErrors = (err as { errors?: FieldError[] }).errors;
    if (!fieldErrors) throw err;
    errors.push(...fieldErrors);
  }
  if (errors.length > 0) throw validationError('The query parameters are invalid.', errors);
  return filter;
}
