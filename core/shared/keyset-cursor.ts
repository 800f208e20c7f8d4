import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../calls/call.model.js';
import { validationError } from './errors.js';

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

/**
 * Sealed keyset cursors for any list: the position is a tuple of strings and integers,
 * sealed with the query's context (list name, tenant, ...), so a cursor from another list
 * or tenant, or one tampered with, is a 400.
 */
export function sealPosition(sealer: CursorSealer, context: string, position: (string | number)[]): string {
  return sealer.seal(JSON.stringify([1, ...position]), context);
}

const invalid = () =>
  validationError('The cursor is invalid, or belongs to another query; start again without it.', [{ path: 'cursor', message: 'is not a cursor this query issued' }]);

export function openPosition(sealer: CursorSealer, token: string, context: string, shape: ('string' | 'number')[]): (string | number)[] {
  if (token.length === 0 || token.length > CURSOR_MAX_LENGTH) throw invalid();
  const payload = sealer.open(token, context);
  if (payload === null) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== 1 || parsed.length !== shape.length + 1) throw invalid();
  const values = parsed.slice(1) as unknown[];
  if (!values.every((v, i) => typeof v === shape[i])) throw invalid();
  return values as (string | number)[];
}

export function checkLimit(limit: number | undefined, max = LIST_LIMIT_MAX, fallback = LIST_LIMIT_DEFAULT): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw validationError(`limit must be an integer from 1 to ${max}.`, [{ path: 'limit', message: `must be an integer from 1 to ${max}` }]);
  }
  return value;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
