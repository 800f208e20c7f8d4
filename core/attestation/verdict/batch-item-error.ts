import type { FieldError } from '../../shared/errors.js';

/** Why a subject of a batch (or a row of a catalogue) was not served: the entry in its place. */
export const BATCH_ERROR_CODES = ['invalid_subject', 'rate_limited', 'unavailable'] as const;
export type BatchErrorCode = (typeof BATCH_ERROR_CODES)[number];

export interface BatchItemError {
  code: BatchErrorCode;
  detail: string;
  errors: FieldError[];
}
