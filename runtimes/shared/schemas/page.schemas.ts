import { z } from 'zod';
import { CURSOR_MAX_LENGTH, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, type PageRequest } from '../../../core/shared/keyset-cursor.js';

/**
 * The page parameters of every list, the one validation of their shape (ADR 0022, "every
 * list"): every runtime that lists (the HTTP routes, svc-admin) parses with these, and the use
 * cases take the output, a `PageRequest`, and check only the cursor's seal (`pageOf`).
 */

/** `limit`: an integer from 1 to `max` (a query-string value coerced), `fallback` when absent. */
export const limitField = (max: number, fallback: number) => {
  const message = `limit must be an integer from 1 to ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(fallback)
    .meta({ description: `Page size, 1 to ${max}; default ${fallback}.` });
};

/** `cursor`: the previous page's next_cursor; its seal is checked by the use case. */
export const cursorField = (description = 'The next_cursor of the previous page.') =>
  z
    .string({ error: 'cursor must be a single value' })
    .min(1, 'cursor is not a cursor this query issued')
    .max(CURSOR_MAX_LENGTH, 'cursor is not a cursor this query issued')
    .optional()
    .meta({ description });

/** `limit` (1 to 100, default 20) and `cursor`: CONTRACT section 1. */
export const PageQuerySchema = z.object({
  limit: limitField(LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT),
  cursor: cursorField(),
}) satisfies z.ZodType<PageRequest>;
