import { type ApiClient, problemOf, type Schemas, unwrap } from '../api/client';
import { readNdjson } from '../api/ndjson';
import type { ColumnMapping } from './columns';

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

/** A file and text fields as multipart/form-data: the typed fields for openapi-fetch, the form for the wire (with the file itself). */
function multipartBody<F extends Record<string, string | undefined>>(file: File, fields: F) {
  const form = new FormData();
  form.set('file', file, file.name);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  return { body: { file: file.name, ...fields }, bodySerializer: () => form };
}

/** The request body of `source` for `POST /api/v1/verify/catalogue`, answered as `format`. */
function catalogueBody(source: CatalogueSource, mapping: ColumnMapping | undefined, format: Schemas['CatalogueFormat']) {
  if ('csv' in source) return { body: { csv: source.csv, format, ...(mapping ? { mapping } : {}) } };
  return multipartBody(source.file, { format, mapping: mapping ? JSON.stringify(mapping) : undefined });
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

/** Each verified lot's request_id by its sheet row: what the page holds of the answers it showed (pins included). */
export const requestIdsOf = (lots: readonly Lot[]): Record<string, string> =>
  Object.fromEntries(lots.filter((l) => l.verification !== null).map((l) => [String(l.row), l.verification!.request_id]));

/**
 * The annotated file of what the page shows (ADR 0049): the service writes the sheet with the
 * annotation columns from the archived answers of the lots' request_ids (pinned lots their new
 * one), through `POST /api/v1/verify/catalogue/annotated`: nothing is verified again nor billed.
 */
export async function annotatedFile(api: ApiClient, source: CatalogueSource, mapping: ColumnMapping | undefined, lots: readonly Lot[], format: 'csv' | 'xlsx'): Promise<Blob> {
  const request_ids = requestIdsOf(lots);
  const result =
    'csv' in source
      ? await api.POST('/api/v1/verify/catalogue/annotated', { body: { csv: source.csv, request_ids, format, ...(mapping ? { mapping } : {}) }, parseAs: 'blob' })
      : await api.POST('/api/v1/verify/catalogue/annotated', {
          ...multipartBody(source.file, { request_ids: JSON.stringify(request_ids), format, mapping: mapping ? JSON.stringify(mapping) : undefined }),
          parseAs: 'blob',
        });
  if (!result.response.ok) throw problemOf(result.response.status, result.error);
  return result.data as Blob;
}

/** The lot verified again as one subject (a near match pinned with `subject_ref`). */
export async function verifyLot(api: ApiClient, lot: Lot, subjectRef: string): Promise<Lot> {
  const input = { ...lot.input, subject_ref: subjectRef };
  const verification = unwrap(await api.POST('/api/v1/verify', { body: input }));
  return { ...lot, input, verification, error: null };
}
