import { type ApiClient, problemOf, type Schemas, unwrap } from '../api/client';
import { readNdjson } from '../api/ndjson';
import type { ColumnMapping } from './columns';
import { parseCsv, toCsv } from './csv';

export type Verification = Schemas['VerificationResponse'];
export type LotError = Schemas['BatchItemError'];

/** One lot of the catalogue as the page shows it: the sheet's row, what was asked, what came back. */
export interface Lot {
  row: number;
  lot: string | null;
  input: Schemas['VerifyInput'];
  verification: Verification | null;
  error: Pick<LotError, 'code' | 'detail'> | null;
}

export type VerdictFilter = Verification['verdict'] | 'error' | 'all';

type CatalogueRow = Schemas['CatalogueRow'];
type NdjsonLine = Schemas['CatalogueNdjsonLine'];
export type ColumnsProblem = Schemas['CatalogueColumnsProblem'];

/** What the person gave: pasted lines (CSV text) or a file (CSV or XLSX). */
export type CatalogueSource = { csv: string } | { file: File };

/** The catalogue's header was not recognised: the page asks which column is which. */
export class ColumnsNeeded extends Error {
  constructor(readonly problem: ColumnsProblem) {
    super(problem.detail);
  }
}

export const lotOfRow = (r: CatalogueRow): Lot => ({
  row: r.row,
  lot: r.lot,
  input: r.input,
  verification: 'verdict' in r.result ? r.result : null,
  error: 'verdict' in r.result ? null : { code: r.result.code, detail: r.result.detail },
});

const isColumnsProblem = (body: unknown): body is ColumnsProblem =>
  typeof body === 'object' && body !== null && Array.isArray((body as ColumnsProblem).headers) && Array.isArray((body as ColumnsProblem).missing);

/** The request body of `source` for `POST /api/v1/verify/catalogue`, answered as `format`. */
function catalogueBody(source: CatalogueSource, mapping: ColumnMapping | undefined, format: Schemas['CatalogueFormat']) {
  if ('csv' in source) return { body: { csv: source.csv, format, ...(mapping ? { mapping } : {}) } };
  const form = new FormData();
  form.set('file', source.file, source.file.name);
  form.set('format', format);
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  // The typed fields of the multipart form; the serializer sends the file itself.
  return { body: { file: source.file.name, format, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) }, bodySerializer: () => form };
}

/**
 * Verifies the catalogue through `POST /api/v1/verify/catalogue` as NDJSON: `onTotal` with the
 * row count from the first line, `onLot` with each row as the service verifies it. A header it
 * does not recognise throws `ColumnsNeeded` (the 422 `catalogue-columns` problem); aborting
 * `signal` closes the stream, which stops the work on the server.
 */
export async function verifyCatalogue(
  api: ApiClient,
  source: CatalogueSource,
  mapping: ColumnMapping | undefined,
  on: { total: (n: number) => void; lot: (lot: Lot) => void },
  signal?: AbortSignal,
): Promise<void> {
  const result = await api.POST('/api/v1/verify/catalogue', {
    ...catalogueBody(source, mapping, 'ndjson'),
    headers: { Accept: 'application/x-ndjson' },
    parseAs: 'stream',
    signal,
  });
  if (!result.response.ok) {
    // openapi-fetch has read the problem document of a refusal into `error`.
    if (result.response.status === 422 && isColumnsProblem(result.error)) throw new ColumnsNeeded(result.error);
    throw problemOf(result.response.status, result.error);
  }
  await readNdjson(
    result.response.body!,
    (value) => {
      const line = value as NdjsonLine;
      if (line.type === 'columns') on.total(line.total);
      else if (line.type === 'row') on.lot(lotOfRow(line));
    },
    signal,
  );
}

/** The annotated file as the service writes it (the sheet with the annotation columns appended); the catalogue is verified again. */
export async function annotatedFile(api: ApiClient, source: CatalogueSource, mapping: ColumnMapping | undefined, format: 'csv' | 'xlsx'): Promise<Blob> {
  const result = await api.POST('/api/v1/verify/catalogue', { ...catalogueBody(source, mapping, format), parseAs: 'blob' });
  if (!result.response.ok) throw problemOf(result.response.status, result.error);
  return result.data as Blob;
}

/** The lot verified again as one subject (a near match pinned with `subject_ref`). */
export async function verifyLot(api: ApiClient, lot: Lot, subjectRef: string): Promise<Lot> {
  const input = { ...lot.input, subject_ref: subjectRef };
  const verification = unwrap(await api.POST('/api/v1/verify', { body: input }));
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

/**
 * Pasted lines or a CSV file with the annotation columns appended, made in the page from the
 * lots as shown (pins included, nothing verified again): the lots by their sheet row (the
 * header is row 1), rows not verified left blank.
 */
export function annotatedCsv(csvText: string, lots: Lot[]): string {
  const byRow = new Map(lots.map((l) => [l.row, l]));
  const [header, ...data] = parseCsv(csvText);
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
