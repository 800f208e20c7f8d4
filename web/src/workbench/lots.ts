import { type ApiClient, type Schemas, unwrap } from '../api/client';
import { type ColumnMapping, itemsOf } from './columns';
import { parseCsv, toCsv } from './csv';

export type Verification = Schemas['VerificationResponse'];
type BatchEntry = Schemas['VerifyBatchItemResult'];
export type LotError = NonNullable<BatchEntry['error']>;

/** One lot of the catalogue as the page shows it: the sheet's row, what was asked, what came back. */
export interface Lot {
  row: number;
  lot: string | null;
  input: Schemas['VerifyBatchItem'];
  verification: Verification | null;
  error: Pick<LotError, 'code' | 'detail'> | null;
}

export type VerdictFilter = Verification['verdict'] | 'error' | 'all';

/** Rows per batch request: small enough for the progress to move, large enough to be quick. */
const CHUNK = 25;

export interface Sheet {
  rows: string[][];
}

export const sheetOfCsv = (text: string): Sheet => ({ rows: parseCsv(text) });

/**
 * Verifies every data row of `sheet` under `mapping` through `POST /api/v1/verify/batch`, in
 * chunks, calling `onLots` with each chunk's lots as they come (the progress). Stops between
 * chunks when `signal` aborts.
 */
export async function verifySheet(
  api: ApiClient,
  sheet: Sheet,
  mapping: ColumnMapping,
  onLots: (lots: Lot[], total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const items = itemsOf(sheet.rows, mapping);
  for (let start = 0; start < items.length; start += CHUNK) {
    if (signal?.aborted) return;
    const chunk = items.slice(start, start + CHUNK);
    const answer = unwrap(await api.POST('/api/v1/verify/batch', { body: { subjects: chunk.map((c) => c.item) }, signal }));
    onLots(
      answer.results.map((entry, i) => ({
        row: chunk[i].row,
        lot: entry.lot,
        input: chunk[i].item,
        verification: entry.result,
        error: entry.error ? { code: entry.error.code, detail: entry.error.detail } : null,
      })),
      items.length,
    );
  }
}

/** The lot verified again as one subject (a near match pinned with `subject_ref`). */
export async function verifyLot(api: ApiClient, lot: Lot, subjectRef: string): Promise<Lot> {
  const input = { ...lot.input, subject_ref: subjectRef };
  const { lot: _lot, ...subject } = input;
  const verification = unwrap(await api.POST('/api/v1/verify', { body: subject }));
  return { ...lot, input, verification, error: null };
}

export const ANNOTATION_COLUMNS = ['verdict', 'matched_artist', 'qualifier', 'requalification_fr', 'requalification_en', 'citations', 'near_matches', 'reason', 'request_id'] as const;

/** The annotation cells of one lot, as the catalogue endpoint appends them. */
export function annotationOf(lot: Lot): string[] {
  const v = lot.verification;
  if (v === null) return [lot.error?.code ?? '', '', '', '', '', lot.error?.detail ?? '', '', '', ''];
  return [
    v.verdict,
    v.matched_artist?.name ?? '',
    v.parsed.qualifier ?? '',
    v.suggested_requalification?.term_fr ?? '',
    v.suggested_requalification?.term_en ?? '',
    v.attestations
      .slice(0, 3)
      .map((a) => `${a.verified_by} ${a.source_ref} (${a.confidence})`)
      .join(' | '),
    v.near_matches.map((n) => `${n.artist}: ${n.title} [${n.work_id}]`).join(' | '),
    v.reason ?? '',
    v.request_id,
  ];
}

/** The original sheet with the annotation columns appended (lots by sheet row; rows not verified left blank). */
export function annotatedCsv(sheet: Sheet, lots: Lot[]): string {
  const byRow = new Map(lots.map((l) => [l.row, l]));
  const [header, ...data] = sheet.rows;
  const width = header.length;
  const pad = (r: string[]) => [...r, ...Array<string>(Math.max(0, width - r.length)).fill('')].slice(0, width);
  return toCsv([
    [...header, ...ANNOTATION_COLUMNS],
    ...data.map((r, i) => {
      const lot = byRow.get(i + 2);
      return [...pad(r), ...(lot ? annotationOf(lot) : ANNOTATION_COLUMNS.map(() => ''))];
    }),
  ]);
}
