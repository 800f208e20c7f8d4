import type { z } from 'zod';
import type { FieldError } from '../../core/shared/errors.js';

/** A zod failure as the `errors: [{path, message}]` of a problem document; `whole` names the root. */
export function fieldErrorsOf(error: z.ZodError, whole: string): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join('.') : whole,
    message: issue.message,
  }));
}
