import { type Keyset, openPosition, invalidCursor, sealPosition } from '../shared/keyset-cursor.js';
import type { CursorSealer } from '../shared/ports.js';
import { CALL_ID_PATTERN, type CallFilter, type CallPosition } from './call.model.js';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SHAPE = ['string', 'string'] as const;

/**
 * The query a cursor belongs to: tenant and filters. A cursor from another query (other
 * filters, another tenant) fails to open, so a page never silently mixes two result sets.
 */
export function cursorContext(tenantId: string, filter: CallFilter): string {
  return JSON.stringify([
    'calls',
    tenantId,
    filter.channel ?? null,
    filter.direction ?? null,
    filter.from ?? null,
    filter.to ?? null,
    filter.terms.map((t) => `${t.prefix ? '*' : '='}${t.text}`),
  ]);
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
