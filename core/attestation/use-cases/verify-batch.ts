/**
 * A whole catalogue at once: each subject answered as by itself, in order, each its own served
 * verification (own request_id; archived and metered where the runtime archives). A subject that
 * could not be read, or that the budget does not cover, is an error entry in its place.
 * A batch whose client has gone stops before its next subject; a batch gives way to the
 * runtime's other work between subjects (ADR 0031).
 */
import type { FieldError } from '../../shared/errors.js';
import type { CancelSignal, Scheduler } from '../../shared/ports.js';
import type { ENGINE_ID, VerificationResponse, VerifyInput } from '../verdict/verification.model.js';

/** The most subjects one batch may hold. */
export const MAX_BATCH_SUBJECTS = 1000;

export { BATCH_ERROR_CODES, type BatchErrorCode, type BatchItemError } from '../verdict/batch-item-error.js';
import type { BatchItemError } from '../verdict/batch-item-error.js';

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

/** A batch as every runtime answers it (HTTP, createVerifier, the stdio tool): the outcome's counts and results. */
export interface VerifyBatchResult {
  engine: typeof ENGINE_ID;
  subjects: number;
  served: number;
  errors: number;
  results: BatchItemResult[];
}

export interface BatchOutcome {
  /** One per entry, in order; when `cancelled`, those of the entries taken before it stopped. */
  results: BatchItemResult[];
  /** Subjects served (answered, and archived and metered where the runtime does). */
  served: number;
  /** Error entries. */
  errors: number;
  /** The signal stopped the batch before its last entry: nobody wants the rest. */
  cancelled: boolean;
}

export interface BatchServing {
  /** Serves one subject (for a server: answer, archive and meter it). */
  serve(input: VerifyInput): Promise<VerificationResponse>;
  /**
   * Asked before each served subject after the first (the request itself paid for the first):
   * false when the caller's budget does not cover it, which makes it a `rate_limited` entry.
   */
  admit?(): Promise<boolean>;
  /**
   * Whether a failure of `serve` means the storage became unavailable (a lost database, a full
   * disk): a retry later may succeed, and the failed subject was neither archived nor metered.
   * The batch then ends early instead of failing whole: the subjects served before it stay in
   * the answer (they are archived and billed), it and every later one become `unavailable`
   * entries. When nothing was served yet, the failure is thrown (the whole request failed).
   */
  unavailable?(err: unknown): boolean;
}

const RATE_LIMITED: BatchItemError = {
  code: 'rate_limited',
  detail: 'The rate-limit budget does not cover this subject: it was not served. Send it again later.',
  errors: [],
};

const UNAVAILABLE: BatchItemError = {
  code: 'unavailable',
  detail: 'The database became unavailable during the batch: this subject was not served and is not billed. Send it again later.',
  errors: [],
};

export interface BatchControl {
  /** Checked before each entry: once aborted, no further subject is served. */
  signal?: CancelSignal;
  /** Asked before each entry and once at the end, so that a batch shares the processor. */
  scheduler?: Scheduler;
  /** Told each result as soon as it is known (a stream of progress); awaited before the next entry. */
  onResult?: (result: BatchItemResult) => Promise<void> | void;
}

/**
 * Serves the entries one after the other, in order. A subject being served when the signal
 * aborts is finished (archived and metered whole, or not at all: the runtime's `serve`); none
 * after it is started.
 */
export async function verifyBatch(entries: readonly BatchEntry[], serving: BatchServing, control: BatchControl = {}): Promise<BatchOutcome> {
  const { signal, scheduler, onResult } = control;
  const results: BatchItemResult[] = [];
  const taken = async (result: BatchItemResult) => {
    results.push(result);
    if (onResult !== undefined) await onResult(result);
  };
  let served = 0;
  let budgetLeft = true;
  let storageLost = false;
  let cancelled = false;
  for (const entry of entries) {
    const turn = scheduler?.pause();
    if (turn !== undefined) await turn;
    if (signal?.aborted) {
      cancelled = true;
      break;
    }
    if ('error' in entry) {
      await taken({ index: entry.index, lot: entry.lot, result: null, error: entry.error });
      continue;
    }
    if (served > 0 && serving.admit !== undefined && budgetLeft && !storageLost) budgetLeft = await serving.admit();
    if (!budgetLeft || storageLost) {
      await taken({ index: entry.index, lot: entry.lot, result: null, error: storageLost ? UNAVAILABLE : RATE_LIMITED });
      continue;
    }
    let response: VerificationResponse;
    try {
      response = await serving.serve(entry.input);
    } catch (err) {
      if (served === 0 || serving.unavailable?.(err) !== true) throw err;
      storageLost = true;
      await taken({ index: entry.index, lot: entry.lot, result: null, error: UNAVAILABLE });
      continue;
    }
    served += 1;
    await taken({ index: entry.index, lot: entry.lot, result: response, error: null });
  }
  // What the runtime does with the outcome (serialising a thousand answers) starts a turn of its own.
  const last = scheduler?.pause();
  if (last !== undefined) await last;
  return { results, served, errors: results.length - served, cancelled };
}
