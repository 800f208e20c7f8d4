/**
 * A sale catalogue, file in, verdicts out (issue 26, ADR 0041): its columns found, each row read
 * as a batch subject and verified like the batch (each served row its own request_id, archived
 * and metered), the rows told as they are verified, the summary at the end.
 */
import { DomainError } from '../../shared/errors.js';
import { type CatalogueRow, type CatalogueSubject, type CatalogueSummary, batchSubjectOf, catalogueSubjects, summarise } from '../catalogue/annotation.js';
import { findColumns } from '../catalogue/catalogue-columns.js';
import { type CatalogueMapping, type FoundColumns, SANDBOX_CATALOGUE_MAX_ROWS, type Sheet } from '../catalogue/catalogue.model.js';
import { type BatchControl, type BatchEntry, type BatchItemResult, type BatchServing, verifyBatch } from './verify-batch.js';

/** A catalogue ready to verify: its columns and each row's subject. */
export interface CataloguePlan {
  found: FoundColumns;
  subjects: CatalogueSubject[];
}

/**
 * Finds the columns (422 `catalogue-columns` when lot, artist or title is not found) and reads
 * each row's subject. A keyless (sandbox) caller's catalogue may hold at most SANDBOX_CATALOGUE_MAX_ROWS.
 */
export function planCatalogue(sheet: Sheet, mapping: CatalogueMapping | undefined, limits: { sandbox: boolean }): CataloguePlan {
  const found = findColumns(sheet.headers, mapping);
  if (limits.sandbox && sheet.rows.length > SANDBOX_CATALOGUE_MAX_ROWS) {
    throw new DomainError(
      'PAYLOAD_TOO_LARGE',
      `The keyless sandbox verifies catalogues of at most ${SANDBOX_CATALOGUE_MAX_ROWS} rows (the sandbox row limit); this one has ${sheet.rows.length}. ` +
        'Send it with a production key (X-API-Key) for up to 10,000 rows, or send fewer rows.',
    );
  }
  return { found, subjects: catalogueSubjects(sheet, found) };
}

export interface CatalogueOutcome {
  /** One per row verified, in order; when `cancelled`, those verified before it stopped. */
  rows: CatalogueRow[];
  summary: CatalogueSummary;
  served: number;
  cancelled: boolean;
}

export interface CatalogueControl extends Omit<BatchControl, 'onResult'> {
  /** Told each row as soon as it is verified (NDJSON progress); awaited before the next. */
  onRow?: (row: CatalogueRow) => Promise<void> | void;
}

/**
 * Verifies every row like the batch (`verifyBatch`): `readEntries` reads the subjects as the
 * batch reads its own (a blank artist or title is an `invalid_subject` entry in its place).
 */
export async function verifyCatalogue(
  plan: CataloguePlan,
  readEntries: (subjects: readonly unknown[]) => BatchEntry[],
  serving: BatchServing,
  control: CatalogueControl = {},
): Promise<CatalogueOutcome> {
  const { onRow, ...batchControl } = control;
  const rows: CatalogueRow[] = [];
  const rowOf = (r: BatchItemResult): CatalogueRow => {
    const subject = plan.subjects[r.index]!;
    return { ...subject, result: r.result ?? r.error! };
  };
  const outcome = await verifyBatch(readEntries(plan.subjects.map(batchSubjectOf)), serving, {
    ...batchControl,
    onResult: async (r) => {
      const row = rowOf(r);
      rows.push(row);
      if (onRow !== undefined) await onRow(row);
    },
  });
  return { rows, summary: summarise(rows), served: outcome.served, cancelled: outcome.cancelled };
}
