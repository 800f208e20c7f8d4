import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { type AnnotatedRow, annotationLayout, type CatalogueRow } from '../../../core/attestation/catalogue/annotation.js';
import type { CatalogueFormat, ReadSheet } from '../../../core/attestation/catalogue/catalogue.model.js';
import type { CatalogueFiles } from '../../../core/attestation/ports.js';
import { annotateFromArchive } from '../../../core/attestation/use-cases/annotate-catalogue.js';
import type { AuditTrail } from '../../../core/attestation/use-cases/audit-trail.js';
import { type CataloguePlan, planCatalogue, verifyCatalogue } from '../../../core/attestation/use-cases/verify-catalogue.js';
import { DomainError, validationError } from '../../../core/shared/errors.js';
import type { Scheduler } from '../../../core/shared/ports.js';
import { readBatchEntries } from '../../shared/schemas/attestation.schemas.js';
import { catalogueBody, catalogueRowJson, type ResponseText, summaryLine } from '../../shared/schemas/catalogue-json.js';
import {
  type CatalogueAnnotationRequest,
  CatalogueJsonRequestSchema,
  type CatalogueRequest,
  readAnnotationFields,
  readAnnotationJson,
  readCatalogueFields,
} from '../../shared/schemas/catalogue.schemas.js';
import { fieldErrorsOf } from '../../shared/schemas/field-errors.js';
import { clientGone } from '../client-gone.js';
import * as catalogue from '../contracts/catalogue.contracts.js';
import { callerOf } from '../middleware/api-key.js';
import { readMultipartUpload } from '../middleware/document-upload.js';
import { retryAfterSeconds } from '../middleware/errors.js';
import { jsonBody } from '../middleware/json-body.js';
import type { HandlersOf } from '../route-contract.js';
import { type BatchServingDeps, CLIENT_CLOSED_REQUEST, httpBatchServing } from './batch-serving.js';

export interface CatalogueRouteDeps extends BatchServingDeps {
  catalogueFiles: CatalogueFiles;
  /** Reads the archived answers an annotation is made from (ADR 0049). */
  audit: AuditTrail;
  /** Shares the event loop between catalogues and every other request (ADR 0031). */
  scheduler: Scheduler;
  /** Where a catalogue stream that fails after its first line is reported. */
  logger?: Logger;
}

/** The most bytes of a catalogue file (20 MiB); the reader checks the same bound. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

const MEDIA_TYPES: Record<CatalogueFormat, string> = {
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  csv: 'text/csv; charset=utf-8',
  xlsx: catalogue.XLSX_MEDIA_TYPE,
};

/** The format the client asked for: the `format` field, else its Accept header, else JSON. */
function formatOf(ctx: Context, asked: CatalogueFormat | undefined): CatalogueFormat {
  if (asked !== undefined) return asked;
  const accepted = ctx.accepts('application/json', 'application/x-ndjson', 'text/csv', catalogue.XLSX_MEDIA_TYPE);
  const byType: Record<string, CatalogueFormat> = { 'application/x-ndjson': 'ndjson', 'text/csv': 'csv', [catalogue.XLSX_MEDIA_TYPE]: 'xlsx' };
  return typeof accepted === 'string' ? (byType[accepted] ?? 'json') : 'json';
}

interface CatalogueUpload<R> {
  request: R;
  file: Uint8Array;
  filename: string | undefined;
}

/** How each route reads its fields: the multipart form's text parts, or the JSON form. */
interface UploadReader<R> {
  fieldNames: readonly string[];
  /** Bytes of one multipart field at most (4 KiB unless said). */
  fieldBytes?: number;
  fields: (fields: Record<string, string>) => R;
  json: (raw: unknown) => R & { csv: string };
}

const VERIFY_FIELDS: UploadReader<CatalogueRequest> = {
  fieldNames: ['mapping', 'format'],
  fields: readCatalogueFields,
  json: (raw) => {
    const parsed = CatalogueJsonRequestSchema.safeParse(raw);
    if (!parsed.success) throw validationError('The request body is invalid.', fieldErrorsOf(parsed.error, 'body'));
    return parsed.data;
  },
};

/** request_ids of 10,000 rows are about 500 KB of JSON. */
const ANNOTATION_FIELDS: UploadReader<CatalogueAnnotationRequest> = { fieldNames: ['request_ids', 'mapping', 'format'], fieldBytes: 1024 * 1024, fields: readAnnotationFields, json: readAnnotationJson };

/** The file part and fields of a multipart upload, or the JSON form's pasted CSV. */
async function readUpload<R>(ctx: Context, reader: UploadReader<R>): Promise<CatalogueUpload<R>> {
  if (ctx.is('multipart/form-data')) {
    const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES} bytes (the file size limit).`);
    const { fields, file } = await readMultipartUpload(ctx, { maxBytes: MAX_FILE_BYTES, tooLarge, fieldNames: reader.fieldNames, fieldBytes: reader.fieldBytes });
    return { request: reader.fields(fields), file: file.content, filename: file.filename };
  }
  if (!ctx.is('application/json', '+json')) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `Send the catalogue as multipart/form-data (a file part) or application/json ({"csv": ...}), not ${ctx.get('Content-Type') || 'an untyped body'}.`);
  }
  await jsonBody(ctx, async () => {});
  const raw: unknown = (ctx.request as { body?: unknown }).body;
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationError('The request body must be a JSON object.', [{ path: 'body', message: 'must be a JSON object' }]);
  }
  const { csv, ...request } = reader.json(raw);
  return { request: request as R, file: new TextEncoder().encode(csv), filename: undefined };
}

/** `Sale 12.xlsx` → `Sale_12.annotated.xlsx`: a plain file name for Content-Disposition. */
function downloadName(filename: string | undefined, format: 'csv' | 'xlsx'): string {
  const base = (filename ?? 'catalogue').replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'catalogue';
  return `${base}.annotated.${format}`;
}

export function catalogueHandlers(deps: CatalogueRouteDeps): HandlersOf<typeof catalogue> {
  return {
    verifyCatalogue: async (ctx) => {
      const caller = callerOf(ctx);
      const upload = await readUpload(ctx, VERIFY_FIELDS);
      const format = formatOf(ctx, upload.request.format);
      const read = await deps.catalogueFiles.read(upload.file);
      const plan = planCatalogue(read.sheet, upload.request.mapping, { sandbox: caller.tier === 'sandbox' });
      const { serving, cutShortBy, textOf } = httpBatchServing(ctx, deps, caller, { keepTexts: true });
      if (format === 'ndjson') {
        streamRows(ctx, deps, plan, serving, textOf);
        return;
      }
      const gone = clientGone(ctx);
      try {
        const outcome = await verifyCatalogue(plan, readBatchEntries, serving, { signal: gone.signal, scheduler: deps.scheduler });
        if (outcome.cancelled) {
          // Nobody reads an answer; what was served stays archived, metered and listed.
          ctx.status = CLIENT_CLOSED_REQUEST;
          return;
        }
        const cutShort = cutShortBy();
        if (cutShort !== null) ctx.set('Retry-After', String(retryAfterSeconds(cutShort)));
        ctx.status = 200;
        if (format === 'json') {
          ctx.type = MEDIA_TYPES.json;
          ctx.body = await catalogueBody(plan.found.columns, outcome, deps.scheduler, textOf);
          return;
        }
        await sendAnnotated(ctx, deps, read, outcome.rows, format, upload.filename);
      } finally {
        gone.release();
      }
    },

    // ADR 0049: the annotated file of a catalogue already verified, from the archived answers; nothing verified nor billed.
    annotateCatalogue: async (ctx) => {
      const caller = callerOf(ctx);
      const upload = await readUpload(ctx, ANNOTATION_FIELDS);
      const format = formatOf(ctx, upload.request.format) === 'xlsx' ? 'xlsx' : 'csv';
      const read = await deps.catalogueFiles.read(upload.file);
      const plan = planCatalogue(read.sheet, upload.request.mapping, { sandbox: caller.tier === 'sandbox' });
      const rows = await annotateFromArchive(plan, upload.request.requestIds, readBatchEntries, (id, who) => deps.audit.read(id, who), caller, deps.scheduler);
      ctx.status = 200;
      await sendAnnotated(ctx, deps, read, rows, format, upload.filename);
    },
  };
}

/** How many rows are annotated on the event loop between two turns of the scheduler (ADR 0031). */
const ROWS_PER_TURN = 500;

/**
 * The sheet annotated with `rows` (on the event loop, in parts of ROWS_PER_TURN rows: 10,000 take
 * about 0.1 s of CPU), written in the catalogue worker and sent as an attachment.
 */
async function sendAnnotated(ctx: Context, deps: CatalogueRouteDeps, read: ReadSheet, rows: readonly (AnnotatedRow | CatalogueRow)[], format: 'csv' | 'xlsx', filename: string | undefined): Promise<void> {
  const layout = annotationLayout(read.sheet, rows);
  const annotated: string[][] = [];
  for (let from = 0; from < read.sheet.rows.length; from += ROWS_PER_TURN) {
    const turn = deps.scheduler.pause();
    if (turn !== undefined) await turn;
    for (const sheetRow of read.sheet.rows.slice(from, from + ROWS_PER_TURN)) annotated.push(layout.row(sheetRow));
  }
  const file = await deps.catalogueFiles.write({ headers: layout.headers, rows: annotated }, format, read.source);
  ctx.type = MEDIA_TYPES[format];
  ctx.attachment(downloadName(filename, format));
  ctx.body = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
}

/**
 * NDJSON: the columns line at once, then one line per row as it is verified, the summary last.
 * The response is sent as it is written (not compressed, so each line leaves when written);
 * a client that goes away stops the run after the group of rows in progress (ADR 0050; what was
 * served stays archived, billed and listed). A failure after the first line ends the stream with an `error` line.
 */
function streamRows(ctx: Context, deps: CatalogueRouteDeps, plan: CataloguePlan, serving: ReturnType<typeof httpBatchServing>['serving'], textOf: ResponseText): void {
  const stream = new PassThrough();
  const gone = clientGone(ctx);
  ctx.status = 200;
  ctx.type = MEDIA_TYPES.ndjson;
  ctx.set('Cache-Control', 'no-store');
  ctx.compress = false;
  ctx.body = stream;
  stream.write(`${JSON.stringify({ type: 'columns', columns: plan.found.columns, total: plan.subjects.length })}\n`);
  // Once the client is gone nothing more is sent; the rows of the group being served are still
  // counted (they are archived and billed, and listed by /verify/requests), then the run stops.
  const write = async (line: string) => {
    if (gone.signal.aborted) return;
    if (!stream.write(`${line}\n`)) await once(stream, 'drain', { signal: gone.signal as AbortSignal }).catch(() => undefined);
  };
  const requestId = String(ctx.state.requestId ?? '');
  let rows = 0;
  void (async () => {
    let ending = 'finished';
    try {
      const outcome = await verifyCatalogue(plan, readBatchEntries, serving, {
        signal: gone.signal,
        scheduler: deps.scheduler,
        onRow: (row: CatalogueRow) => {
          rows += 1;
          return write(`{"type":"row",${catalogueRowJson(row, textOf).slice(1)}`);
        },
      });
      if (outcome.cancelled) ending = 'client gone';
      else await write(summaryLine(outcome.summary));
    } catch (err) {
      ending = gone.signal.aborted ? 'client gone' : 'failed';
      if (!gone.signal.aborted) {
        deps.logger?.error({ err, request_id: requestId }, 'catalogue stream failed');
        stream.write(`${JSON.stringify({ type: 'error', detail: 'The verification stopped: rows after the last row line were not served nor billed. Quote the request_id.', request_id: requestId })}\n`);
      }
    } finally {
      gone.release();
      stream.end();
      // The access line was written when the handler returned; this one says how the stream ended.
      deps.logger?.info({ request_id: requestId, rows, total: plan.subjects.length, ending }, 'catalogue stream ended');
    }
  })();
}
