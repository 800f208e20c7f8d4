import { z } from 'zod';
import { MAX_CATALOGUE_ROWS, SANDBOX_CATALOGUE_MAX_ROWS } from '../../../core/attestation/catalogue/catalogue.model.js';
import {
  ANNOTATION_COLUMNS_TEXT,
  CatalogueAnnotationJsonRequestSchema,
  CatalogueAnnotationMultipartRequestSchema,
  CATALOGUE_LIMITS_TEXT,
  CatalogueColumnsProblemSchema,
  CatalogueJsonRequestSchema,
  CatalogueMultipartRequestSchema,
  CatalogueNdjsonLineSchema,
  CatalogueResponseSchema,
} from '../../shared/schemas/catalogue.schemas.js';
import { contract } from '../route-contract.js';
import { problem, VERIFY_LIMITS } from './shared.js';

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const annotatedFile = z.string().meta({ format: 'binary', description: `The catalogue as sent, with the columns ${ANNOTATION_COLUMNS_TEXT} appended.` });

export const verifyCatalogue = contract({
  method: 'post',
  path: '/api/v1/verify/catalogue',
  operationId: 'verifyCatalogue',
  summary: 'Verify a sale catalogue file (CSV or XLSX)',
  description:
    'multipart/form-data with a `file` (CSV or XLSX), an optional `mapping` (JSON: field → header text) and `format`; or JSON ' +
    '`{csv, mapping?, format?}` for pasted lines. The columns are found from the headers (lot, artist, title required; reference, medium, ' +
    'date, estimate optional; English, French, German, Dutch, Italian) or the mapping; if lot, artist or title is not found, a 422 ' +
    '`catalogue-columns` problem lists the file\'s `headers` and what is `missing`. Every row is verified like /verify/batch (each served row ' +
    'archived and metered with its own request_id; a row with a blank artist or title is an invalid_subject entry in its place; sandbox: ' +
    `each row one call of the sandbox budget, at most ${SANDBOX_CATALOGUE_MAX_ROWS} rows per catalogue). Up to ${MAX_CATALOGUE_ROWS} rows. ` +
    'The answer (`format`, else Accept): JSON (default); NDJSON, one line per row as it is verified (a client that goes away stops the ' +
    `work; rows served stay archived and billed); or the annotated CSV or XLSX, the sheet with ${ANNOTATION_COLUMNS_TEXT} appended. ` +
    'A written cell that would start with =, +, -, @, a tab or CR is prefixed with \' (no spreadsheet reads it as a formula); formula cells of ' +
    `the file are read as their cached value or formula text, never evaluated. ${CATALOGUE_LIMITS_TEXT}`,
  tag: 'Attestation',
  security: 'apiKeyOptional',
  limits: VERIFY_LIMITS,
  rawBody: { 'multipart/form-data': CatalogueMultipartRequestSchema, 'application/json': CatalogueJsonRequestSchema },
  responses: {
    200: {
      description: 'The verified catalogue, in the format asked.',
      content: {
        'application/json': CatalogueResponseSchema,
        'application/x-ndjson': CatalogueNdjsonLineSchema,
        'text/csv': annotatedFile,
        [XLSX_MEDIA_TYPE]: annotatedFile,
      },
      headers: { 'Content-Disposition': 'For csv and xlsx: attachment, with the file name.' },
    },
    400: problem('Invalid mapping or format, a malformed body, or a file that is neither a CSV text nor an XLSX workbook.'),
    401: problem('Unknown or revoked API key.'),
    413: problem('Over a limit, named in `detail`: file size, rows (and the sandbox\'s row limit), columns, cells, cell size, inflated bytes, parts, time or memory.'),
    415: problem('Body is neither multipart/form-data nor application/json.'),
    422: { description: 'The lot, artist or title column was not found: `headers` and `missing` let a client ask for a mapping.', schema: CatalogueColumnsProblemSchema },
    429: problem('Rate limited; see `Retry-After`.'),
  },
});

export const annotateCatalogue = contract({
  method: 'post',
  path: '/api/v1/verify/catalogue/annotated',
  operationId: 'annotateCatalogue',
  summary: 'Annotate a catalogue file from the answers already served',
  description:
    'The annotated CSV or XLSX of a catalogue already verified, made from the archived answers, with no row verified again and nothing ' +
    'billed: multipart/form-data with the same `file` (and `mapping`, if one was given), `request_ids` (JSON: row number → request_id, ' +
    'the `row` and `result.request_id` of each row the catalogue\'s answer gave, or of a lot verified again with a pinned `subject_ref`) ' +
    'and `format` (csv or xlsx; else Accept; else csv); or JSON `{csv, request_ids, mapping?, format?}` for pasted lines. Each request_id ' +
    'is read as GET /api/v1/verify/requests/{request_id} reads it: a production answer only with the key it was served to (404 otherwise); ' +
    'it must answer its row\'s artist and title (400 naming the row otherwise). A row the catalogue refused (blank artist or title) is ' +
    `annotated with its error; a row with no request_id is left blank. The file is read with the catalogue's limits. ${CATALOGUE_LIMITS_TEXT}`,
  tag: 'Attestation',
  security: 'apiKeyOptional',
  limits: VERIFY_LIMITS,
  rawBody: { 'multipart/form-data': CatalogueAnnotationMultipartRequestSchema, 'application/json': CatalogueAnnotationJsonRequestSchema },
  responses: {
    200: {
      description: 'The annotated file.',
      content: { 'text/csv': annotatedFile, [XLSX_MEDIA_TYPE]: annotatedFile },
      headers: { 'Content-Disposition': 'attachment, with the file name.' },
    },
    400: problem('Invalid request_ids, mapping or format, a malformed body, a file that is neither a CSV text nor an XLSX workbook, or a request_id for a row that is not a verified data row of the file or that answered another lot (`errors` names each row).'),
    401: problem('Unknown or revoked API key.'),
    404: problem('A request_id that names no verification visible to this caller.'),
    413: problem('Over a limit, named in `detail`: file size, request_ids field size, rows, columns, cells, cell size, inflated bytes, parts, time or memory.'),
    415: problem('Body is neither multipart/form-data nor application/json.'),
    422: { description: 'The lot, artist or title column was not found: `headers` and `missing` let a client ask for a mapping.', schema: CatalogueColumnsProblemSchema },
    429: problem('Rate limited; see `Retry-After`.'),
  },
});

/** The catalogue area's operations, in the router's order. */
export const ROUTES = [verifyCatalogue, annotateCatalogue] as const;
