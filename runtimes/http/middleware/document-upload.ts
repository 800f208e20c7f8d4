import busboy from 'busboy';
import type { Context } from 'koa';
import type { NewDocument } from '../../../core/knowledge/use-cases/knowledge-base.js';
import { KNOWLEDGE_MAX_BYTES } from '../../../core/knowledge/knowledge.model.js';
import { baseMediaType } from '../../../core/knowledge/content-sniff.js';
import { DomainError, validationError } from '../../../core/shared/errors.js';
import { fieldErrorsOf } from '../../shared/schemas/field-errors.js';
import { JSON_UPLOAD_TYPES, KnowledgeJsonUploadSchema, UNSUPPORTED_UPLOAD_TYPE } from '../../shared/schemas/knowledge.schemas.js';
import { jsonBody } from './json-body.js';

const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', `A document may hold at most ${KNOWLEDGE_MAX_BYTES} bytes (10 MiB).`);
/** Room for the multipart framing and a few small fields around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** A multipart upload as read: its one `file` part and its small text fields. */
export interface MultipartUpload {
  fields: Record<string, string>;
  file: { content: Uint8Array; mime: string; filename?: string };
}

/**
 * A `multipart/form-data` upload read with busboy while it streams: the file part is
 * counted chunk by chunk and the request is refused (413, `tooLarge`) at the first byte over
 * `maxBytes`, so no more than the limit is ever held. Exactly one `file` part; the fields
 * named in `fieldNames` (at most `fieldBytes` each, 4 KiB unless said: a longer one is refused
 * with a 413 naming it, never cut short) are kept.
 */
export function readMultipartUpload(
  ctx: Context,
  options: { maxBytes: number; tooLarge: () => Error; fieldNames: readonly string[]; /** Bytes of one field at most (4 KiB unless said); a longer one is a 413 naming it. */ fieldBytes?: number },
): Promise<MultipartUpload> {
  const { maxBytes } = options;
  const declaredLength = Number(ctx.get('Content-Length') || '0');
  if (declaredLength > maxBytes + MULTIPART_OVERHEAD) return Promise.reject(options.tooLarge());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fields: 5, fieldSize: options.fieldBytes ?? 4096, fileSize: maxBytes + 1, parts: 10 } });
    } catch {
      reject(validationError('The multipart body is malformed (boundary missing).', [{ path: 'body', message: 'is not multipart/form-data' }]));
      return;
    }
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      ctx.req.unpipe(parser);
      ctx.req.resume(); // drain the rest so the 4xx can be sent on this connection
      reject(err);
    };
    // Every stream of the upload path has an `error` listener: a body that ends early
    // ("Unexpected end of form"), a part cut off or a client that goes away is a 400, never
    // an unhandled 'error' event that ends the process. Nothing is stored on any of them.
    const malformed = () => fail(validationError('The multipart body is malformed or ends early.', [{ path: 'body', message: 'is not well-formed multipart/form-data' }]));
    ctx.req.on('error', malformed);
    ctx.req.on('aborted', malformed);
    const fields: Record<string, string> = {};
    let file: { chunks: Buffer[]; size: number; mime: string; filename?: string; done: boolean } | undefined;
    parser.on('field', (name, value, info) => {
      if (!options.fieldNames.includes(name)) return;
      if (info.valueTruncated) fail(new DomainError('PAYLOAD_TOO_LARGE', `The field ${name} is longer than ${options.fieldBytes ?? 4096} bytes (its size limit).`));
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.on('error', malformed);
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      const current = { chunks: [] as Buffer[], size: 0, mime: info.mimeType, filename: info.filename, done: false };
      file = current;
      stream.on('data', (chunk: Buffer) => {
        current.size += chunk.length;
        if (current.size > maxBytes) {
          current.chunks = [];
          fail(options.tooLarge());
          return;
        }
        current.chunks.push(chunk);
      });
      stream.on('limit', () => fail(options.tooLarge()));
      stream.on('end', () => {
        current.done = true;
      });
    });
    parser.on('error', malformed);
    parser.on('close', () => {
      if (settled) return;
      if (file && !file.done) {
        malformed();
        return;
      }
      settled = true;
      if (!file) {
        reject(validationError('The upload has no file part.', [{ path: 'file', message: 'is required' }]));
        return;
      }
      resolve({ fields, file: { content: Buffer.concat(file.chunks, file.size), mime: file.mime, filename: file.filename } });
    });
    ctx.req.pipe(parser);
  });
}

/** A knowledge document upload: a `file` part of at most 10 MiB and an optional `title`. */
export async function readMultipartDocument(ctx: Context): Promise<NewDocument> {
  const { fields, file } = await readMultipartUpload(ctx, { maxBytes: KNOWLEDGE_MAX_BYTES, tooLarge, fieldNames: ['title'] });
  const declared = file.mime === 'application/octet-stream' ? guessFromName(file.filename) : file.mime;
  return { title: fields.title, filename: file.filename, content_type: declared, content: file.content };
}

/** Clients (curl -F) often send application/octet-stream; the file name's extension then declares the type. */
function guessFromName(filename: string | undefined): string | null {
  const ext = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const byExt: Record<string, string> = { txt: 'text/plain', md: 'text/markdown', markdown: 'text/markdown', html: 'text/html', htm: 'text/html', csv: 'text/csv', json: 'application/json', pdf: 'application/pdf' };
  return ext ? (byExt[ext] ?? 'application/octet-stream') : 'application/octet-stream';
}

/**
 * The JSON form `{title, content, content_type}` (content as text, at most 1 MiB in all),
 * validated by its schema: every bad field in one 400; a type the form does not carry (a PDF,
 * an image), when it is the only fault, a 415 naming multipart/form-data.
 */
export async function readJsonDocument(ctx: Context): Promise<NewDocument> {
  await jsonBody(ctx, async () => {});
  const body = (ctx.request as { body?: unknown }).body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validationError('The request body must be a JSON object.', [{ path: 'body', message: 'must be a JSON object' }]);
  }
  const parsed = KnowledgeJsonUploadSchema.safeParse(body);
  if (!parsed.success) {
    const unsupported = parsed.error.issues.every((issue) => issue.code === 'custom' && issue.params?.reason === UNSUPPORTED_UPLOAD_TYPE);
    if (unsupported) {
      const declared = baseMediaType((body as { content_type: string }).content_type);
      throw new DomainError(
        'UNSUPPORTED_MEDIA_TYPE',
        `The JSON form accepts the text types ${JSON_UPLOAD_TYPES.join(', ')}, not ${declared ?? 'an empty type'}; upload a PDF as multipart/form-data.`,
      );
    }
    throw validationError('The request body is invalid.', fieldErrorsOf(parsed.error, 'body'));
  }
  const { title, content_type, content } = parsed.data;
  return { title, content_type, content: new TextEncoder().encode(content) };
}
