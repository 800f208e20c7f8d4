import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../../runtimes/http/openapi/openapi-document.js';
import { API_CONTRACTS } from '../../runtimes/http/contracts/index.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Bodies over this size are checked for status and media type only (a 10 MiB export is not re-parsed per test). */
const MAX_CHECKED_BODY = 4 * 1024 * 1024;

interface OperationMatch {
  pointer: string;
  template: string;
  operation: { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
}

type Document = { paths: Record<string, Record<string, OperationMatch['operation']>> };

/** Escapes a key for a JSON pointer (RFC 6901). */
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks every response a server sends against the OpenAPI document the route contracts generate
 * (the document the server serves): its status is one the operation declares, its media type one
 * that status declares, and a JSON body validates against that status's schema. It plays the part
 * of a validating proxy for the HTTP suites: the harness attaches it to each server it starts and
 * fails the test file when a response disagrees with the document (issue 28).
 *
 * Requests the document does not describe (an unknown path or a method the path does not have,
 * which the API answers 404/405 by its error table) and the protocol errors Node answers before
 * the application (client-errors.ts) are not operations and are not checked.
 */
export class ResponseValidator {
  private readonly document: Document;
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes: { method: string; template: string; pattern: RegExp; literals: number }[] = [];
  readonly violations: string[] = [];
  checked = 0;

  constructor(document: object = buildOpenApiDocument(API_CONTRACTS)) {
    this.document = document as Document;
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi');
    for (const [template, operations] of Object.entries(this.document.paths)) {
      const segments = template.split('/');
      const pattern = new RegExp(`^${segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
      const literals = segments.filter((s) => !s.startsWith('{')).length;
      for (const method of Object.keys(operations)) this.routes.push({ method, template, pattern, literals });
    }
    // The most literal template wins (`/calls/stats` before `/calls/{call_id}`).
    this.routes.sort((a, b) => b.literals - a.literals);
  }

  /** The operation a request reaches, if the document describes one. */
  match(method: string, path: string): OperationMatch | undefined {
    const m = method.toLowerCase();
    const route = this.routes.find((r) => r.method === m && r.pattern.test(path));
    if (!route) return undefined;
    return {
      template: route.template,
      pointer: `openapi#/paths/${escapePointer(route.template)}/${m}`,
      operation: this.document.paths[route.template]![m]!,
    };
  }

  /** Checks one response; returns what disagrees with the document (empty when nothing does). */
  check(method: string, url: string, status: number, contentType: string | undefined, body: Buffer | undefined): string[] {
    const path = url.split('?')[0]!;
    const op = this.match(method, path);
    if (!op) return [];
    this.checked++;
    const where = `${method.toUpperCase()} ${path} (${op.template}) → ${status}`;
    const declared = op.operation.responses[String(status)] ?? op.operation.responses[`${String(status)[0]}XX`] ?? op.operation.responses.default;
    if (!declared) return [`${where}: status not declared (declared: ${Object.keys(op.operation.responses).join(', ')})`];
    const content = declared.content;
    if (!content || body === undefined || body.length === 0) return [];
    const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const entry = content[mediaType];
    if (!entry) return [`${where}: media type ${mediaType || '(none)'} not declared (declared: ${Object.keys(content).join(', ')})`];
    if (!/json$/.test(mediaType) || body.length > MAX_CHECKED_BODY || entry.schema === undefined) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return [`${where}: ${mediaType} body is not JSON`];
    }
    const ref = `${op.pointer}/responses/${status}/content/${escapePointer(mediaType)}/schema`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    if (validate(parsed)) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `${where}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /**
   * Watches every response of `server`: the body as written (decoded from gzip, deflate or br),
   * checked when the response finishes. A streamed body (NDJSON, SSE) is checked for status and
   * media type.
   */
  attach(server: Server): void {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
        size += buf.length;
        if (size <= MAX_CHECKED_BODY * 2) chunks.push(buf);
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.write = ((...args: unknown[]) => {
        keep(args[0], args[1]);
        return write(...args);
      }) as ServerResponse['write'];
      res.end = ((...args: unknown[]) => {
        keep(args[0], args[1]);
        return end(...args);
      }) as ServerResponse['end'];
      res.on('finish', () => {
        if (req.method === 'HEAD' || req.method === 'OPTIONS') return;
        let body: Buffer | undefined = Buffer.concat(chunks);
        if (size > MAX_CHECKED_BODY * 2) body = undefined;
        const encoding = String(res.getHeader('content-encoding') ?? '').toLowerCase();
        try {
          if (body && encoding === 'gzip') body = gunzipSync(body);
          else if (body && encoding === 'deflate') body = inflateSync(body);
          else if (body && encoding === 'br') body = brotliDecompressSync(body);
        } catch {
          this.violations.push(`${req.method} ${req.url} → ${res.statusCode}: body does not decode as ${encoding}`);
          return;
        }
        const contentType = res.getHeader('content-type');
        this.violations.push(...this.check(req.method ?? 'GET', req.url ?? '/', res.statusCode, contentType === undefined ? undefined : String(contentType), body));
      });
    });
  }
}
