/**
 * A catalogue's rows as verified: each row's subject read from its cells, its result (exactly
 * the batch's entry), the summary, and the annotated sheet written back (ADR 0041).
 */
import type { BatchItemError } from '../verdict/batch-item-error.js';
import type { VerificationResponse, VerifyInput } from '../verdict/verification.model.js';
import { ANNOTATION_COLUMNS, type AnnotatedTable, type AnnotationColumn, type FoundColumns, type Sheet, type SheetRow } from './catalogue.model.js';

/** A row's subject as its cells give it: what the batch reads (and refuses when blank). */
export interface CatalogueSubject {
  /** The row's number in the sheet. */
  row: number;
  lot: string | null;
  /** The subject fields the row's cells give, trimmed; an optional field whose cell is blank is absent. */
  input: VerifyInput;
}

/** A row's result: the batch's per-item entry, a verification or an error entry. */
export type CatalogueResult = VerificationResponse | BatchItemError;

export interface CatalogueRow extends CatalogueSubject {
  result: CatalogueResult;
}

export interface CatalogueSummary {
  rows: number;
  attested: number;
  contradicted: number;
  unavailable: number;
  errors: number;
}

export const isErrorEntry = (result: CatalogueResult): result is BatchItemError => !('verdict' in result);

const cellAt = (row: SheetRow, at: number | null): string => (at === null ? '' : (row.cells[at] ?? '').trim());

/** The subject of each row, from the columns found. */
export function catalogueSubjects(sheet: Sheet, found: FoundColumns): CatalogueSubject[] {
  const { positions } = found;
  return sheet.rows.map((row) => {
    const input: VerifyInput = { subject_artist: cellAt(row, positions.artist), subject_title: cellAt(row, positions.title) };
    const ref = cellAt(row, positions.reference);
    const medium = cellAt(row, positions.medium);
    const date = cellAt(row, positions.date);
    if (ref !== '') input.subject_ref = ref;
    if (medium !== '') input.subject_medium = medium;
    if (date !== '') input.subject_date = date;
    const lot = cellAt(row, positions.lot);
    return { row: row.row, lot: lot === '' ? null : lot, input };
  });
}

/** The subject as the batch reads it: the input with the lot. */
export const batchSubjectOf = (subject: CatalogueSubject): Record<string, string> =>
  subject.lot === null ? { ...subject.input } : { lot: subject.lot, ...subject.input };

export function summarise(rows: readonly { result: CatalogueResult }[]): CatalogueSummary {
  const summary: CatalogueSummary = { rows: rows.length, attested: 0, contradicted: 0, unavailable: 0, errors: 0 };
  for (const { result } of rows) {
    if (isErrorEntry(result)) summary.errors += 1;
    else summary[result.verdict] += 1;
  }
  return summary;
}

/** The characters a spreadsheet reads a cell starting with as a formula (or a DDE/CSV-injection vector). */
const FORMULA_LEAD = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A cell as written into an annotated CSV or XLSX: a cell that would start with `=`, `+`, `-`,
 * `@`, a tab or a carriage return gets a leading `'`, so that no spreadsheet reads it as a
 * formula (OWASP's CSV-injection advice; `-5` is written `'-5`). Every cell written is passed
 * through this, the catalogue's own and ours.
 */
export const safeCell = (text: string): string => (text.length > 0 && FORMULA_LEAD.has(text[0]!) ? `'${text}` : text);

/** The citations of a cell: the first three attestations, source, reference and confidence. */
const MAX_CITATIONS = 3;

/**
 * What a row's annotation reads of a verification: one served now, or one as the archive holds it
 * (ADR 0049: an annotated file made from archived answers; an answer served by an older release
 * may lack `parsed`, `matched_artist` or `reason`).
 */
export type AnnotatedVerification = Pick<VerificationResponse, 'verdict' | 'suggested_requalification' | 'attestations' | 'near_matches' | 'request_id'> & {
  parsed?: Pick<VerificationResponse['parsed'], 'qualifier'>;
  matched_artist?: VerificationResponse['matched_artist'];
  reason?: VerificationResponse['reason'];
};

/** A row as annotated: its sheet row and its result, served now or archived. */
export interface AnnotatedRow {
  row: number;
  result: AnnotatedVerification | BatchItemError;
}

/** What each appended column says of a row's result. */
export function annotationOf(result: AnnotatedVerification | BatchItemError): Record<AnnotationColumn, string> {
  if (!('verdict' in result)) {
    return {
      verdict: 'error',
      matched_artist: '',
      qualifier: '',
      requalification_fr: '',
      requalification_en: '',
      citations: '',
      near_matches: '',
      reason: `${result.code}: ${result.detail}${result.errors.length > 0 ? ` (${result.errors.map((e) => `${e.path} ${e.message}`).join('; ')})` : ''}`,
      request_id: '',
    };
  }
  return {
    verdict: result.verdict,
    matched_artist: result.matched_artist?.name ?? '',
    qualifier: result.parsed?.qualifier ?? '',
    requalification_fr: result.suggested_requalification?.term_fr ?? '',
    requalification_en: result.suggested_requalification?.term_en ?? '',
    citations: result.attestations
      .slice(0, MAX_CITATIONS)
      .map((a) => `${a.verified_by}: ${a.source_ref} (confidence ${a.confidence})`)
      .join(' | '),
    near_matches: result.near_matches.map((m) => `${m.artist}, ${m.title} [${m.work_id}] (${m.reason})`).join(' | '),
    reason: result.reason ?? '',
    request_id: result.request_id,
  };
}

/**
 * The catalogue as it came, with the annotation columns appended (a column of the file already
 * named like one of them, from an earlier annotation, is replaced), every cell made safe.
 * Rows served are annotated; rows not reached (a stopped run) keep blank annotation cells.
 */
export function annotatedTable(sheet: Sheet, rows: readonly (AnnotatedRow | CatalogueRow)[]): AnnotatedTable {
  const layout = annotationLayout(sheet, rows);
  return { headers: layout.headers, rows: sheet.rows.map(layout.row) };
}

/**
 * `annotatedTable` a row at a time: the headers, and each sheet row as annotated (a caller on the
 * event loop writes 10,000 rows in parts, giving the loop back between them).
 */
export function annotationLayout(sheet: Sheet, rows: readonly (AnnotatedRow | CatalogueRow)[]): { headers: string[]; row: (sheetRow: SheetRow) => string[] } {
  const ours = new Set<string>(ANNOTATION_COLUMNS);
  const kept = sheet.headers.map((h, at) => (ours.has(h.trim().toLowerCase()) ? -1 : at)).filter((at) => at >= 0);
  const byRow = new Map(rows.map((r) => [r.row, r]));
  return {
    headers: [...kept.map((at) => safeCell(sheet.headers[at]!)), ...ANNOTATION_COLUMNS],
    row: (sheetRow) => {
      const done = byRow.get(sheetRow.row);
      const note = done === undefined ? null : annotationOf(done.result);
      return [...kept.map((at) => safeCell(sheetRow.cells[at] ?? '')), ...ANNOTATION_COLUMNS.map((c) => (note === null ? '' : safeCell(note[c])))];
    },
  };
}
