import { validationError } from '../shared/errors.js';
import { CALL_ID_PATTERN, type CallFilter, type CallPosition } from './call.model.js';

/**
 * Seals a short text so that it comes back unchanged or not at all (an HMAC adapter).
 * `context` is bound into the seal without being carried in the token.
 */
export interface CursorSealer {
  seal(payload: string, context: string): string;
  /** The payload, or null when the token was not sealed here for this context. */
  open(token: string, context: string): string | null;
}

export const CURSOR_MAX_LENGTH = 512;
const CURSOR_VERSION = 1;
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
  return sealer.seal(JSON.stringify([CURSOR_VERSION, position.started_at, position.call_id]), context);
}

const invalid = () =>
  validationError('The cursor is invalid, or belongs to another query; start again without it.', [
    { path: 'cursor', message: 'is not a cursor this query issued' },
  ]);

/** A cursor back to its position; anything tampered, truncated or foreign is a 400. */
export function decodeCursor(sealer: CursorSealer, token: string, context: string): CallPosition {
  if (token.length === 0 || token.length > CURSOR_MAX_LENGTH) throw invalid();
  const payload = sealer.open(token, context);
  if (payload === null) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== CURSOR_VERSION ||
    typeof parsed[1] !== 'string' ||
    !ISO_INSTANT.test(parsed[1]) ||
    typeof parsed[2] !== 'string' ||
    !CALL_ID_PATTERN.test(parsed[2])
  ) {
    throw invalid();
  }
  return { started_at: parsed[1], call_id: parsed[2] };
}
