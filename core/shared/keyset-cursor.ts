import { validationError } from './errors.js';
import type { CursorSealer } from './ports.js';

/** Page sizes of every list (CONTRACT section 1): 1..100, 20 when not asked. */
export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;

export const CURSOR_MAX_LENGTH = 512;

/** One page of any list: the items, and the cursor of the next page (null on the last). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * What a caller asks of a list: a page size already in range (a runtime's schema checked it and
 * applied the default: `PageQuerySchema` in runtimes/shared/page.schemas.ts) and the cursor of
 * the previous page, which only the use case can open.
 */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** The types of a position's parts, in order. */
export type PositionShape = readonly ('string' | 'number')[];
/** A position of that shape: strings and numbers. */
export type PositionOf<S extends PositionShape> = { -readonly [I in keyof S]: S[I] extends 'number' ? number : string };

/**
 * Sealed keyset cursors for any list: the position is a tuple of strings and integers,
 * sealed with the query's context (list name, tenant, ...), so a cursor from another list
 * or tenant, or one tampered with, is a 400.
 */
export function sealPosition(sealer: CursorSealer, context: string, position: readonly (string | number)[]): string {
  return sealer.seal(JSON.stringify([1, ...position]), context);
}

export const invalidCursor = () =>
  validationError('The cursor is invalid, or belongs to another query; start again without it.', [{ path: 'cursor', message: 'is not a cursor this query issued' }]);

export function openPosition<S extends PositionShape>(sealer: CursorSealer, token: string, context: string, shape: S): PositionOf<S> {
  if (token.length === 0 || token.length > CURSOR_MAX_LENGTH) throw invalidCursor();
  const payload = sealer.open(token, context);
  if (payload === null) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== 1 || parsed.length !== shape.length + 1) throw invalidCursor();
  const values = parsed.slice(1) as unknown[];
  if (!values.every((v, i) => typeof v === shape[i])) throw invalidCursor();
  return values as PositionOf<S>;
}

/**
 * A limit whose absence means a default, checked where no schema precedes the use case. Only
 * the coverage page uses it (its `limit` is optional because its absence asks for the whole
 * manifest); every keyset list takes a `PageRequest` its runtime's schema checked.
 */
export function checkLimit(limit: number | undefined, max = LIST_LIMIT_MAX, fallback = LIST_LIMIT_DEFAULT): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw validationError(`limit must be an integer from 1 to ${max}.`, [{ path: 'limit', message: `must be an integer from 1 to ${max}` }]);
  }
  return value;
}

/** How one list is walked: the query a cursor belongs to, and the sort key of a row. */
export interface Keyset<Row, S extends PositionShape> {
  /** Bound into every cursor (list name, tenant, filters): a cursor of another query does not open. */
  context: string;
  shape: S;
  /** The row's position in the list order (unique: the last part breaks ties). */
  positionOf(row: Row): PositionOf<S>;
  /** Checks an opened position further (formats); false makes the cursor a 400. */
  accepts?(position: PositionOf<S>): boolean;
}

/**
 * One page of a keyset-ordered list whose limit is already in range: opens the cursor (a 400
 * when it is not one this query issued), fetches one row more than asked (it tells whether
 * another page exists without a count) and seals the position of the page's last row as the
 * next cursor.
 */
export async function pageOf<Row, S extends PositionShape>(
  sealer: CursorSealer,
  keyset: Keyset<Row, S>,
  { limit, cursor }: PageRequest,
  fetch: (after: PositionOf<S> | null, limit: number) => Promise<Row[]>,
): Promise<Page<Row>> {
  let after: PositionOf<S> | null = null;
  if (cursor !== undefined) {
    after = openPosition(sealer, cursor, keyset.context, keyset.shape);
    if (keyset.accepts && !keyset.accepts(after)) throw invalidCursor();
  }
  const rows = await fetch(after, limit + 1);
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, next_cursor: rows.length > limit && last !== undefined ? sealPosition(sealer, keyset.context, keyset.positionOf(last)) : null };
}

/** The same page with each item mapped (a stored row to its public view). */
export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { data: page.data.map(map), next_cursor: page.next_cursor };
}
