import { validationError } from '../shared/errors.js';
import { type CursorSealer, openPosition, sealPosition } from '../shared/keyset-cursor.js';
import { CALL_ID_PATTERN, type CallFilter, type CallPosition } from './call.model.js';

export { CURSOR_MAX_LENGTH, type CursorSealer } from '../shared/keyset-cursor.js';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

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

export function encodeCursor(sealer: CursorSealer, position: CallPosition, context: string): string {
  return sealPosition(sealer, context, [position.started_at, position.call_id]);
}

/** A cursor back to its position; anything tampered, truncated or foreign is a 400. */
export function decodeCursor(sealer: CursorSealer, token: string, context: string): CallPosition {
  const [started_at, call_id] = openPosition(sealer, token, context, ['string', 'string']) as [string, string];
  if (!ISO_INSTANT.test(started_at) || !CALL_ID_PATTERN.test(call_id)) {
    throw validationError('The cursor is invalid, or belongs to another query; start again without it.', [
      { path: 'cursor', message: 'is not a cursor this query issued' },
    ]);
  }
  return { started_at, call_id };
}
