/**
 * A whole catalogue at once: each subject answered as by itself, in order, each its own served
 * verification (own request_id; archived and metered where the runtime archives). A subject that
 * could not be read, or that the budget does not cover, is an error entry in its place.
 */
import type { FieldError } from '../../shared/errors.js';
import type { VerificationResponse, VerifyInput } from '../verdict/verification.model.js';

/** The most subjects one batch may hold. */
export const MAX_BATCH_SUBJECTS = 1000;

export const BATCH_ERROR_CODES = ['invalid_subject', 'rate_limited'] as const;
export type BatchErrorCode = (typeof BATCH_ERROR_CODES)[number];

export interface BatchItemError {
  code: BatchErrorCode;
  detail: string;
  errors: FieldError[];
}

/** A subject of the batch after reading: a valid input, or why it is not one. */
export type BatchEntry =
  | { index: number; lot: string | null; input: VerifyInput }
  | { index: number; lot: string | null; error: BatchItemError };

/** One result per subject, in the subject's place: `result` or `error`, the other null. */
export interface BatchItemResult {
  index: number;
  lot: string | null;
  result: VerificationResponse | null;
  error: BatchItemError | null;
}

export interface BatchOutcome {
  results: BatchItemResult[];
  /** Subjects served (answered, and archived and metered where the runtime does). */
  served: number;
  /** Error entries. */
  errors: number;
}

export interface BatchServing {
  /** Serves one subject (for a server: answer, archive and meter it). */
  serve(input: VerifyInput): Promise<VerificationResponse>;
  /**
   * Asked before each served subject after the first (the request itself paid for the first):
   * false when the caller's budget does not cover it, which makes it a `rate_limited` entry.
   */
  admit?(): Promise<boolean>;
}

const RATE_LIMITED: BatchItemError = {
  code: 'rate_limited',
  detail: 'The rate-limit budget does not cover this subject: it was not served. Send it again later.',
  errors: [],
};

/** Serves the entries one after the other, in order. */
export async function verifyBatch(entries: readonly BatchEntry[], serving: BatchServing): Promise<BatchOutcome> {
  const results: BatchItemResult[] = [];
  let served = 0;
  let budgetLeft = true;
  for (const entry of entries) {
    if ('error' in entry) {
      results.push({ index: entry.index, lot: entry.lot, result: null, error: entry.error });
      continue;
    }
    if (served > 0 && serving.admit !== undefined && budgetLeft) budgetLeft = await serving.admit();
    if (!budgetLeft) {
      results.push({ index: entry.index, lot: entry.lot, result: null, error: RATE_LIMITED });
      continue;
    }
    results.push({ index: entry.index, lot: entry.lot, result: await serving.serve(entry.input), error: null });
    served += 1;
  }
  return { results, served, errors: results.length - served };
}
