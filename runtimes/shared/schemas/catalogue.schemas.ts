import { z } from 'zod';
import {
  ANNOTATION_COLUMNS,
  CATALOGUE_FIELDS,
  CATALOGUE_FORMATS,
  type CatalogueField,
  type CatalogueMapping,
  MAX_CATALOGUE_ROWS,
  SANDBOX_CATALOGUE_MAX_ROWS,
} from '../../../core/attestation/catalogue/catalogue.model.js';
import { validationError } from '../../../core/shared/errors.js';
import { BatchItemErrorSchema, VerificationResponseSchema, VerifyInputEchoSchema } from './attestation.schemas.js';
import { fieldErrorsOf, onType } from './field-errors.js';
import { ProblemSchema } from './problem.schemas.js';

/**
 * The catalogue endpoint's wire shapes (issue 26, ADR 0041), shared by the HTTP route, the
 * `verify_catalogue` tool and `createVerifier().verifyCatalogue`; the OpenAPI document is
 * generated from them.
 */

const FIELD_DESCRIPTIONS: Record<CatalogueField, string> = {
  lot: 'The lot number column (Lot, N°, Los, Kavel, Lotto...). Required.',
  artist: 'The artist column (Artist, Artiste, Künstler, Kunstenaar, Artista...). Required.',
  title: 'The title column (Title, Titre, Titel, Titolo...). Required.',
  reference: 'The inventory or work reference column (Reference, Référence, Inventory...): subject_ref.',
  medium: 'The medium column (Medium, Technique, Technik, Techniek, Tecnica): subject_medium.',
  date: 'The date column (Date, Datum, Data, Year...): subject_date.',
  estimate: 'The estimate column (Estimate, Estimation, Schätzung, Schatting, Stima): found and echoed, not verified.',
};

export const CatalogueMappingSchema = z
  .object(
    Object.fromEntries(
      CATALOGUE_FIELDS.map((field) => [
        field,
        z
          .string(onType(`mapping.${field} must be a string`))
          .trim()
          .min(1, `mapping.${field} must not be blank`)
          .max(200, `mapping.${field} must be at most 200 characters`)
          .optional()
          .meta({ description: `${FIELD_DESCRIPTIONS[field]} The header text of the column.` }),
      ]),
    ) as Record<CatalogueField, z.ZodOptional<z.ZodString>>,
  )
  .strict()
  .meta({ id: 'CatalogueMapping', description: 'Which header names each column, where the headers are not recognised: field → the header text.' });

export const CatalogueFormatSchema = z
  .enum(CATALOGUE_FORMATS, { error: `format must be one of ${CATALOGUE_FORMATS.join(', ')}` })
  .meta({ id: 'CatalogueFormat', description: 'The answer: json (default), ndjson (one line per row as verified), csv or xlsx (the annotated file). Else from Accept.' });

/** Pasted lines, and the MCP tool: the CSV as text (a header line, then one line per lot). */
export const CatalogueJsonRequestSchema = z
  .object({
    csv: z
      .string({ error: (i) => (i.input === undefined ? 'csv is required' : 'csv must be a string') })
      .min(1, 'csv must not be empty')
      .meta({ description: 'The catalogue as CSV text: a header line (Lot, Artist, Title... in English, French, German, Dutch or Italian), then one line per lot; `,`, `;` or tab separated.' }),
    mapping: CatalogueMappingSchema.optional(),
    format: CatalogueFormatSchema.optional(),
  })
  .strict()
  .meta({ id: 'CatalogueJsonRequest' });

export const CatalogueMultipartRequestSchema = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The catalogue: a CSV (UTF-8, UTF-16 with BOM or Windows-1252; `,`, `;` or tab) or an XLSX (its first worksheet with cells).' }),
    mapping: z.string().optional().meta({ description: 'A JSON object, CatalogueMapping: field → header text.' }),
    format: CatalogueFormatSchema.optional(),
  })
  .meta({ id: 'CatalogueMultipartRequest' });

export type CatalogueRequest = { mapping?: CatalogueMapping; format?: z.output<typeof CatalogueFormatSchema> };

/** The multipart form's `mapping` part (a JSON object as text) and `format` part, read as the JSON form reads them. */
export function readCatalogueFields(fields: { mapping?: string; format?: string }): CatalogueRequest {
  let mapping: unknown;
  if (fields.mapping !== undefined) {
    try {
      mapping = JSON.parse(fields.mapping);
    } catch {
      throw validationError('The request is invalid.', [{ path: 'mapping', message: 'must be a JSON object (field → header text)' }]);
    }
  }
  const parsed = z.object({ mapping: CatalogueMappingSchema.optional(), format: CatalogueFormatSchema.optional() }).safeParse({ mapping, format: fields.format });
  if (!parsed.success) throw validationError('The request is invalid.', fieldErrorsOf(parsed.error, 'body'));
  return parsed.data;
}

export const CatalogueColumnsSchema = z
  .object(Object.fromEntries(CATALOGUE_FIELDS.map((f) => [f, z.string().nullable().meta({ description: FIELD_DESCRIPTIONS[f] })])) as Record<CatalogueField, z.ZodNullable<z.ZodString>>)
  .meta({ id: 'CatalogueColumns', description: 'The header of each field\'s column, or null when the catalogue has none.' });

/** The `request_ids` of an annotation request: a sheet row's number → the request_id of its answer (ADR 0049). */
export const CatalogueRequestIdsSchema = z
  .record(
    z.string().regex(/^[1-9][0-9]{0,6}$/, 'request_ids keys must be row numbers (1, 2, ...)'),
    z.uuid('request_ids values must be request_ids (UUIDs)'),
    { error: 'request_ids must be an object: row number → request_id' },
  )
  .refine((ids) => Object.keys(ids).length <= MAX_CATALOGUE_ROWS, `request_ids must name at most ${MAX_CATALOGUE_ROWS} rows`)
  .meta({
    id: 'CatalogueRequestIds',
    description: 'Each verified row\'s request_id, by the row\'s number in the sheet (`row` of the catalogue\'s answer), e.g. {"2": "…", "3": "…"}; a pinned lot\'s is the request_id of its new verification.',
  });

/** The annotation's formats: the annotated file only. */
export const AnnotationFormatSchema = z
  .enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' })
  .meta({ id: 'AnnotationFormat', description: 'The annotated file: csv or xlsx. Else from Accept; else csv.' });

/** Pasted lines annotated: the CSV text as it was verified, and its rows' request_ids. */
export const CatalogueAnnotationJsonRequestSchema = z
  .object({ csv: CatalogueJsonRequestSchema.shape.csv, request_ids: CatalogueRequestIdsSchema, mapping: CatalogueMappingSchema.optional(), format: AnnotationFormatSchema.optional() })
  .strict()
  .meta({ id: 'CatalogueAnnotationJsonRequest' });

export const CatalogueAnnotationMultipartRequestSchema = z
  .object({
    file: CatalogueMultipartRequestSchema.shape.file,
    request_ids: z.string().meta({ description: 'A JSON object, CatalogueRequestIds: row number → request_id (at most 1 MiB).' }),
    mapping: CatalogueMultipartRequestSchema.shape.mapping,
    format: AnnotationFormatSchema.optional(),
  })
  .meta({ id: 'CatalogueAnnotationMultipartRequest' });

export type CatalogueAnnotationRequest = { requestIds: Map<number, string>; mapping?: CatalogueMapping; format?: z.output<typeof AnnotationFormatSchema> };

/** The request_ids as the use case takes them: row number → request_id. */
const requestIdMap = (ids: Record<string, string>) => new Map(Object.entries(ids).map(([row, id]) => [Number(row), id]));

/** The multipart annotation form's `request_ids` (JSON text), `mapping` and `format` parts, read as the JSON form reads them. */
export function readAnnotationFields(fields: { request_ids?: string; mapping?: string; format?: string }): CatalogueAnnotationRequest {
  const json = (name: 'request_ids' | 'mapping', text: string | undefined, what: string): unknown => {
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw validationError('The request is invalid.', [{ path: name, message: `must be a JSON object (${what})` }]);
    }
  };
  const parsed = z
    .object({ request_ids: CatalogueRequestIdsSchema, mapping: CatalogueMappingSchema.optional(), format: AnnotationFormatSchema.optional() })
    .safeParse({ request_ids: json('request_ids', fields.request_ids, 'row number → request_id') ?? fields.request_ids, mapping: json('mapping', fields.mapping, 'field → header text'), format: fields.format });
  if (!parsed.success) throw validationError('The request is invalid.', fieldErrorsOf(parsed.error, 'body'));
  return { requestIds: requestIdMap(parsed.data.request_ids), mapping: parsed.data.mapping, format: parsed.data.format };
}

/** The JSON annotation form, validated. */
export function readAnnotationJson(raw: unknown): CatalogueAnnotationRequest & { csv: string } {
  const parsed = CatalogueAnnotationJsonRequestSchema.safeParse(raw);
  if (!parsed.success) throw validationError('The request body is invalid.', fieldErrorsOf(parsed.error, 'body'));
  return { csv: parsed.data.csv, requestIds: requestIdMap(parsed.data.request_ids), mapping: parsed.data.mapping, format: parsed.data.format };
}

export const CatalogueRowSchema = z
  .object({
    row: z.int().min(1).meta({ description: 'The row\'s number in the sheet, 1-based (the header is row 1 in most files).' }),
    lot: z.string().nullable(),
    input: VerifyInputEchoSchema.meta({ description: 'The subject the row\'s cells give.' }),
    result: z
      .union([VerificationResponseSchema, BatchItemErrorSchema])
      .meta({ description: 'Exactly the batch\'s entry: the verification (with its request_id), or an error entry (code, detail, errors) when the row was not served.' }),
  })
  .meta({ id: 'CatalogueRow' });

export const CatalogueSummarySchema = z
  .object({
    rows: z.int().min(0),
    attested: z.int().min(0),
    contradicted: z.int().min(0),
    unavailable: z.int().min(0),
    errors: z.int().min(0).meta({ description: 'Rows not served: invalid_subject, rate_limited or unavailable entries.' }),
  })
  .meta({ id: 'CatalogueSummary' });

export const CatalogueResponseSchema = z
  .object({ columns: CatalogueColumnsSchema, rows: z.array(CatalogueRowSchema), summary: CatalogueSummarySchema })
  .meta({ id: 'CatalogueResponse' });

export const CatalogueNdjsonLineSchema = z
  .union([
    z.object({ type: z.literal('columns'), columns: CatalogueColumnsSchema, total: z.int().min(0).meta({ description: 'Rows to verify.' }) }),
    CatalogueRowSchema.extend({ type: z.literal('row') }),
    CatalogueSummarySchema.extend({ type: z.literal('summary') }),
  ])
  .meta({ id: 'CatalogueNdjsonLine', description: 'One line of the NDJSON answer: columns first, a row per row as verified, the summary last.' });

export const CatalogueColumnsProblemSchema = ProblemSchema.extend({
  headers: z.array(z.string()).meta({ description: 'The file\'s header cells.' }),
  missing: z.array(z.enum(CATALOGUE_FIELDS)).meta({ description: 'The required fields (lot, artist, title) not found.' }),
}).meta({ id: 'CatalogueColumnsProblem', description: 'type …/catalogue-columns: the lot, artist or title column was not found; ask the user for a mapping.' });

export const CATALOGUE_LIMITS_TEXT =
  `Up to ${MAX_CATALOGUE_ROWS} rows (keyless sandbox: ${SANDBOX_CATALOGUE_MAX_ROWS}), 256 columns, 1,000,000 cells, a file of 20 MiB ` +
  '(an XLSX inflating to 64 MiB at most), read in 30 s at most; over one of these, a 413 naming it.';

export const ANNOTATION_COLUMNS_TEXT = ANNOTATION_COLUMNS.join(', ');

/** The `verify_catalogue` tool's arguments. */
export const CatalogueToolInputSchema = z
  .object({ csv: CatalogueJsonRequestSchema.shape.csv, mapping: CatalogueMappingSchema.optional() })
  .strict();
