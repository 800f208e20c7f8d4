import { type CatalogueRow, type CatalogueSummary, isErrorEntry } from '../../../core/attestation/catalogue/annotation.js';
import type { CatalogueColumns } from '../../../core/attestation/catalogue/catalogue.model.js';
import type { CatalogueOutcome } from '../../../core/attestation/use-cases/verify-catalogue.js';
import type { VerificationResponse } from '../../../core/attestation/verdict/verification.model.js';
import type { Scheduler } from '../../../core/shared/ports.js';

/** How a served row's verification is written: the archive's own text of it, made once. */
export type ResponseText = (response: VerificationResponse) => string;

/**
 * A catalogue row's JSON text (`CatalogueRow`): a served row's result is the archive's own text
 * of its verification (`textOf`), not a second serialisation.
 */
export function catalogueRowJson(row: CatalogueRow, textOf: ResponseText): string {
  const result = isErrorEntry(row.result) ? JSON.stringify(row.result) : textOf(row.result);
  return `{"row":${row.row},"lot":${JSON.stringify(row.lot)},"input":${JSON.stringify(row.input)},"result":${result}}`;
}

export const summaryLine = (summary: CatalogueSummary): string => JSON.stringify({ type: 'summary', ...summary });

/** How many rows of a catalogue's JSON body are written between two turns of the scheduler. */
const ROWS_PER_PART = 100;

/**
 * The JSON answer (`CatalogueResponse`), the same bytes as `JSON.stringify` of the object, made a
 * hundred rows at a time with the scheduler asked between parts (ten thousand answers are ~25 MB).
 */
export async function catalogueBody(columns: CatalogueColumns, outcome: CatalogueOutcome, scheduler: Scheduler, textOf: ResponseText): Promise<Buffer> {
  const parts = [Buffer.from(`{"columns":${JSON.stringify(columns)},"rows":[`)];
  for (let from = 0; from < outcome.rows.length; from += ROWS_PER_PART) {
    const turn = scheduler.pause();
    if (turn !== undefined) await turn;
    parts.push(Buffer.from(`${from === 0 ? '' : ','}${outcome.rows.slice(from, from + ROWS_PER_PART).map((row) => catalogueRowJson(row, textOf)).join(',')}`));
  }
  parts.push(Buffer.from(`],"summary":${JSON.stringify(outcome.summary)}}`));
  return Buffer.concat(parts);
}
