/**
 * A catalogue annotated from the answers already served (ADR 0049): the page downloads what it
 * showed without verifying (nor billing) a row again. Each row's annotation is the archived answer
 * of the request_id the caller gives for it, read as the audit trail reads it (a production
 * answer only by the key that was served it); nothing is verified, archived or metered.
 */
import type { FieldError } from '../../shared/errors.js';
import { validationError } from '../../shared/errors.js';
import type { Scheduler } from '../../shared/ports.js';
import { type AnnotatedRow, batchSubjectOf } from '../catalogue/annotation.js';
import type { Caller, VerificationTrace } from '../ports.js';
import type { BatchEntry } from './verify-batch.js';
import type { CataloguePlan } from './verify-catalogue.js';

/** Reads an archived answer for a caller; a request_id it may not see fails (404, as the audit trail's `read`). */
export type ArchivedAnswerReader = (requestId: string, caller: Caller) => Promise<VerificationTrace>;

/** How many archived answers are asked for at once. */
const READS_AT_ONCE = 32;

const sameText = (a: string | undefined, b: string | undefined) => (a ?? '').trim() === (b ?? '').trim();

/**
 * Each row of `plan` annotated: a row the batch refuses (a blank artist or title) with its error
 * entry, as the verification wrote it; a row given a request_id (`requestIds`: sheet row →
 * request_id) with that archived answer, which must be an answer to the row's own artist and title
 * (a pinned near match adds only `subject_ref`); a row given none is left blank, as a row a stopped
 * run did not reach. A request_id for a row that is not a data row of the file, for a refused row,
 * or whose answer is another lot's, is a 400 naming the row.
 */
export async function annotateFromArchive(
  plan: CataloguePlan,
  requestIds: ReadonlyMap<number, string>,
  readEntries: (subjects: readonly unknown[]) => BatchEntry[],
  read: ArchivedAnswerReader,
  caller: Caller,
  scheduler?: Scheduler,
): Promise<AnnotatedRow[]> {
  const entries = readEntries(plan.subjects.map(batchSubjectOf));
  const byRow = new Map(plan.subjects.map((s, i) => [s.row, entries[i]!]));
  const errors: FieldError[] = [];
  for (const [row, requestId] of requestIds) {
    const entry = byRow.get(row);
    if (entry === undefined) errors.push({ path: `request_ids.${row}`, message: `row ${row} is not a data row of the file` });
    else if ('error' in entry) errors.push({ path: `request_ids.${row}`, message: `row ${row} was not verified (${entry.error.code}): it has no request_id (${requestId} given)` });
  }
  if (errors.length > 0) throw validationError('Some request_ids do not belong to a row of this file.', errors);

  const rows: AnnotatedRow[] = [];
  const asked: { row: number; requestId: string; entry: Extract<BatchEntry, { input: unknown }> }[] = [];
  for (const subject of plan.subjects) {
    const entry = byRow.get(subject.row)!;
    if ('error' in entry) rows.push({ row: subject.row, result: entry.error });
    else if (requestIds.has(subject.row)) asked.push({ row: subject.row, requestId: requestIds.get(subject.row)!, entry });
  }
  for (let from = 0; from < asked.length; from += READS_AT_ONCE) {
    const turn = scheduler?.pause();
    if (turn !== undefined) await turn;
    const part = asked.slice(from, from + READS_AT_ONCE);
    const traces = await Promise.all(part.map((a) => read(a.requestId, caller)));
    part.forEach(({ row, requestId, entry }, i) => {
      const { request, response } = traces[i]!;
      if (!sameText(request.subject_artist, entry.input.subject_artist) || !sameText(request.subject_title, entry.input.subject_title)) {
        errors.push({ path: `request_ids.${row}`, message: `${requestId} answered another lot (${request.subject_artist}, ${request.subject_title}), not row ${row}'s` });
      } else rows.push({ row, result: response });
    });
  }
  if (errors.length > 0) throw validationError('Some request_ids answered other lots than their rows.', errors.slice(0, 100));
  return rows;
}
