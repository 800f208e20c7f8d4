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
  /**
   * One per entry, in order; when `cancelled`, those of the entries taken before it stopped.
   * Empty when the control said `keepResults: false` (each was told to `onResult` only).
   */
  results: BatchItemResult[];
  /** Subjects served (answered, and archived and metered where the runtime does). */
  served: number;
  /** Error entries. */
  errors: number;
  /** The signal stopped the batch before its last entry: nobody wants the rest. */
  cancelled: boolean;
}

/** A subject answered by `BatchServing.answer`, not archived yet. */
export interface AnsweredSubject {
  input: VerifyInput;
  response: VerificationResponse;
}

export interface BatchServing {
  /** Serves one subject (for a server: answer, archive and meter it). */
  serve(input: VerifyInput): Promise<VerificationResponse>;
  /**
   * Group serving (ADR 0050), both or neither: `answer` computes one subject's answer now, in the
   * entry's own turn (nothing archived yet); `recordAll` archives and meters a group of answers
   * in one transaction, all or none. A failure of `recordAll` means none of the group was served.
   * Absent, each subject is served alone by `serve`.
   */
  answer?(input: VerifyInput): VerificationResponse;
  recordAll?(group: readonly AnsweredSubject[]): Promise<void>;
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
  /**
   * False: each result is told to `onResult` and not kept (the outcome's `results` is empty), so
   * a runtime that writes each result down as it comes holds no answer until the batch ends: 16
   * batches of 1,000 answers held to their end made every garbage collection copy and mark them
   * (ADR 0052). Default true.
   */
  keepResults?: boolean;
}

/** The first group of subjects served together; each next group is twice as large, up to MAX_SERVING_GROUP. */
export const FIRST_SERVING_GROUP = 4;
/**
 * The most subjects served together (ADR 0050): a group's answers are computed in one turn of
 * the batch, archived and metered in one transaction (each answered in its own turn before).
 */
export const MAX_SERVING_GROUP = 64;

/**
 * Serves the entries in order: each subject answered in its own turn, recorded in groups
 * (`answer` and `recordAll`: one transaction per group, the first small so that the first
 * answers come back at once; a group is written while the next is answered, one write at a
 * time), or served one by one (`serve`). The results are taken in
 * the entries' order once their group is served. A signal that aborts stops the batch before its
 * next entry: the subjects of the group gathered so far are not served (nothing is archived or
 * metered for them) and are not in the results. A group that fails for want of storage is
 * served not at all: its subjects and every later one become `unavailable` entries, the groups
 * before it stay served.
 */
export async function verifyBatch(entries: readonly BatchEntry[], serving: BatchServing, control: BatchControl = {}): Promise<BatchOutcome> {
  const { signal, scheduler, onResult, keepResults = true } = control;
  const results: BatchItemResult[] = [];
  let count = 0;
  const taken = async (result: BatchItemResult) => {
    count += 1;
    if (keepResults) results.push(result);
    if (onResult !== undefined) await onResult(result);
  };
  let served = 0;
  let admitted = 0;
  let budgetLeft = true;
  let storageLost = false;
  let cancelled = false;
  const grouped = serving.answer !== undefined && serving.recordAll !== undefined;
  let groupSize = grouped ? FIRST_SERVING_GROUP : 1;
  // The entries gathered since the last group was served, in order; `answered`: those to record.
  let group: Array<{ entry: BatchEntry; error: BatchItemError | null }> = [];
  let answered: AnsweredSubject[] = [];

  /** A group on its way to the archive: its entries in order, its answers, and the write. */
  interface Flight {
    gathered: Array<{ entry: BatchEntry; error: BatchItemError | null }>;
    answered: AnsweredSubject[];
    write: Promise<void> | null;
  }
  // Grouped, one group is written while the next is answered (never two written at once, so a
  // failure still ends the answer at a group boundary: the next group is only started once this
  // one is archived).
  let inFlight: Flight | null = null;

  /** Starts writing the gathered group (without waiting for it). */
  const launch = (): Flight => {
    const flight: Flight = { gathered: group, answered, write: null };
    group = [];
    answered = [];
    const only = flight.answered[0];
    if (only !== undefined) {
      flight.write = grouped
        ? (serving.recordAll as NonNullable<BatchServing['recordAll']>)(flight.answered)
        : serving.serve(only.input).then((response) => {
            only.response = response;
          });
      flight.write.catch(() => undefined); // seen by `land`; not an unhandled rejection meanwhile
    }
    if (grouped) groupSize = Math.min(groupSize * 2, MAX_SERVING_GROUP);
    return flight;
  };
  /** Waits for a group's write and takes its results in order (all unavailable if the storage failed it). */
  const land = async (flight: Flight): Promise<void> => {
    let ok = true;
    if (flight.write !== null) {
      try {
        await flight.write;
      } catch (err) {
        if (served === 0 || serving.unavailable?.(err) !== true) throw err;
        storageLost = true;
        ok = false;
      }
    }
    await takeGroup(flight, ok);
  };
  /** A group's results in order: its answers when it was archived (`ok`), else each subject unavailable. */
  const takeGroup = async ({ gathered, answered: answers }: Flight, ok: boolean): Promise<void> => {
    let next = 0;
    for (const { entry, error } of gathered) {
      const response = error === null && 'input' in entry ? (answers[next++] as AnsweredSubject).response : null;
      if (response === null || !ok) await taken({ index: entry.index, lot: entry.lot, result: null, error: error ?? UNAVAILABLE });
      else {
        served += 1;
        await taken({ index: entry.index, lot: entry.lot, result: response, error: null });
      }
    }
  };
  /** The gathered group answered but never written: each of its subjects an unavailable entry. */
  const dropGathered = async (): Promise<void> => {
    const flight: Flight = { gathered: group, answered, write: null };
    group = [];
    answered = [];
    await takeGroup(flight, false);
  };
  /** Lands the group in flight, if any. */
  const landInFlight = async (): Promise<void> => {
    const flight = inFlight;
    inFlight = null;
    if (flight !== null) await land(flight);
  };
  /** The gathered group is full, or the batch is over: write it (grouped: after the one in flight). */
  const serveGroup = async (): Promise<void> => {
    if (!grouped) return land(launch());
    await landInFlight();
    if (storageLost) return dropGathered();
    inFlight = launch();
  };
  /** An entry answered without serving: at once when nothing waits before it, else in its place. */
  const settle = async (entry: BatchEntry, error: BatchItemError): Promise<void> => {
    if (group.length === 0 && inFlight === null) await taken({ index: entry.index, lot: entry.lot, result: null, error });
    else group.push({ entry, error });
  };

  for (const entry of entries) {
    const turn = scheduler?.pause();
    if (turn !== undefined) await turn;
    if (signal?.aborted) {
      cancelled = true;
      break;
    }
    if ('error' in entry) {
      await settle(entry, entry.error);
      continue;
    }
    // The request itself paid for the first subject; each later one asks the budget.
    if (admitted > 0 && serving.admit !== undefined && budgetLeft && !storageLost) budgetLeft = await serving.admit();
    if (!budgetLeft || storageLost) {
      await settle(entry, storageLost ? UNAVAILABLE : RATE_LIMITED);
      continue;
    }
    admitted += 1;
    group.push({ entry, error: null });
    // Grouped, the subject is answered now, in its own turn; one by one, `serve` answers it.
    answered.push({ input: entry.input, response: grouped ? (serving.answer as NonNullable<BatchServing['answer']>)(entry.input) : (null as unknown as VerificationResponse) });
    if (answered.length >= groupSize) await serveGroup();
  }
  // The last group is served as a full one is. A group being written when the signal aborted is
  // archived: its results are taken; the group gathered after it is dropped (answered, never
  // archived, billed or sent).
  if (!cancelled && group.length > 0) await serveGroup();
  await landInFlight();
  // What the runtime does with the outcome (serialising a thousand answers) starts a turn of its own.
  const last = scheduler?.pause();
  if (last !== undefined) await last;
  return { results, served, errors: count - served, cancelled };
}
