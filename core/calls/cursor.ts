import { type Keyset, openPosition, invalidCursor, sealPosition } from '../shared/keyset-cursor.js';
import type { CursorSealer } from '../shared/ports.js';
import { CALL_ID_PATTERN, type CallFilter, type CallPosition } from './call.model.js';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SHAPE = ['string', 'string'] as const;

/**
 * How each filter field enters a cursor's context, in order. The type demands an entry for every
 * field of `CallFilter` and no other, so a new filter cannot be forgotten here (issue 29); the
 * context of today's fields is the one cursors were sealed with before, so they stay valid.
 */
const CONTEXT_OF: { readonly [K in keyof CallFilter]-?: (value: CallFilter[K]) => unknown } = {
  channel: (channel) => channel ?? null,
  direction: (direction) => direction ?? null,
  from: (from) => from ?? null,
  to: (to) => to ?? null,
  terms: (terms) => terms.map((t) => `${t.prefix ? '*' : '='}${t.text}`),
};

/**
 * The query a cursor belongs to: tenant and every filter field. A cursor from another query
 * (other filters, another tenant) fails to open, so a page never silently mixes two result sets.
 */
export function cursorContext(tenantId: string, filter: CallFilter): string {
  const fields = Object.entries(CONTEXT_OF) as [keyof CallFilter, (value: unknown) => unknown][];
  return JSON.stringify(['calls', tenantId, ...fields.map(([field, contextOf]) => contextOf(filter[field]))]);
}

/** The call list's keyset: started_at descending, then call_id, for one tenant and filter. */
export function callKeyset<Row extends CallPosition = CallPosition>(context: string): Keyset<Row, typeof SHAPE> {
  return {
    context,
    shape: SHAPE,
    positionOf: (call) => [call.started_at, call.call_id],
    accepts: ([startedAt, callId]) => ISO_INSTANT.test(startedAt) && CALL_ID_PATTERN.test(callId),
  };
}

export function encodeCursor(sealer: CursorSealer, position: CallPosition, context: string): string {
  return sealPosition(sealer, context, callKeyset(context).positionOf(position));
}

/** A cursor back to its position; anything tampered, truncated or foreign is a 400. */
export function decodeCursor(sealer: CursorSealer, token: string, context: string): CallPosition {
  const keyset = callKeyset(context);
  const position = openPosition(sealer, token, context, keyset.shape);
  if (!keyset.accepts!(position)) throw invalidCursor();
  return { started_at: position[0], call_id: position[1] };
}
