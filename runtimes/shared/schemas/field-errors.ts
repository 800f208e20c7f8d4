import { z } from 'zod';
import type { FieldError } from '../../../core/shared/errors.js';

/** A zod failure as the `errors: [{path, message}]` of a problem document; `whole` names the root. */
export function fieldErrorsOf(error: z.ZodError, whole: string): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join('.') : whole,
    message: issue.message,
  }));
}

/**
 * A schema-level message for a wrong type only: zod applies a schema's `error` to its range
 * checks too, so `z.number({ error: 'must be a number' }).max(2)` would call 5 "not a number".
 */
export const onType = (message: string) => ({ error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined) });

/** A required string of at most `max` characters, each failure named after the field. */
export const textField = (name: string, max: number, min = 1) =>
  z.string(onType(`${name} must be a string`)).min(min, min > 0 ? `${name} must not be empty` : undefined).max(max, `${name} must be at most ${max} characters`);
