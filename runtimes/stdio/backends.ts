import type { CoverageQuery } from '../../core/attestation/corpus/coverage.js';
import type { CoverageManifest, VerificationResponse, VerifyInput } from '../../core/attestation/verdict/verification.model.js';
import { type FieldError, isDomainError } from '../../core/shared/errors.js';
import { createVerifier, type VerifierOptions, type VerifyBatchResult, type VerifyCatalogueResult } from '../embed/create-verifier.js';
import type { CatalogueMapping } from '../../core/attestation/catalogue/catalogue.model.js';
import { CatalogueResponseSchema } from '../shared/schemas/catalogue.schemas.js';
import { CoverageSchema, VerificationResponseSchema, VerifyBatchResponseSchema } from '../shared/schemas/attestation.schemas.js';
import { BackendError, type VerifyBackend } from '../mcp/backend.js';
import { describeError, silentLog, type McpLog } from '../mcp/mcp-log.js';

const cancelled = () => new BackendError('cancelled', 'The request was cancelled.');

/** A catalogue refusal's message, with the file's headers and the missing columns when it has them. */
export function columnsMessage(message: string, details: Readonly<Record<string, unknown>> | undefined): string {
  if (details === undefined || !Array.isArray(details.headers)) return message;
  return `${message} Headers: ${JSON.stringify(details.headers)}; missing: ${JSON.stringify(details.missing)}.`;
}

// ---------------------------------------------------------------------------------------------
// Embedded: the same core as the HTTP API, in this process.

export function embeddedBackend(options: VerifierOptions & { log?: McpLog } = {}): VerifyBackend {
  const log = options.log ?? silentLog;
  const verifier = createVerifier(options);
  const guard = async <T>(what: string, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> => {
    if (signal?.aborted) throw cancelled();
    try {
      return await run();
    } catch (err) {
      // The call was cancelled (or abandoned as stdin closed) while it ran: it stopped.
      if (signal?.aborted) throw cancelled();
      if (isDomainError(err) && err.code === 'VALIDATION') {
        throw new BackendError('invalid_arguments', err.message, { fieldErrors: err.errors });
      }
      // A catalogue over a limit, or whose columns are not found: the message says which and what to do.
      if (isDomainError(err) && (err.code === 'PAYLOAD_TOO_LARGE' || err.code === 'UNPROCESSABLE')) {
        throw new BackendError('invalid_arguments', columnsMessage(err.message, err.details));
      }
      log.error({ operation: what, err: describeError(err) }, 'embedded oracle failed');
      throw new BackendError('internal', 'The bundled attestation corpus could not answer; the server log (stderr) has the details.');
    }
  };
  return {
    mode: 'embedded',
    verify: (input, signal) => guard('verify', signal, () => verifier.verify(input)),
    verifyBatch: (subjects, signal) => guard('verifyBatch', signal, () => verifier.verifyBatch(subjects, { signal })),
    coverage: (query, signal) => guard('coverage', signal, () => verifier.coverage(query)),
    verifyCatalogue: (csv, mapping, signal) => guard('verifyCatalogue', signal, () => verifier.verifyCatalogue(csv, { mapping, signal })),
    async prepare() {
      const started = performance.now();
      try {
        const manifest = await verifier.coverage();
        log.info({ corpus_revision: manifest.corpus_revision, artists: manifest.counts.artists, works: manifest.counts.works, ms: Math.round(performance.now() - started) }, 'bundled corpus loaded');
      } catch (err) {
        log.error({ err: describeError(err) }, 'bundled corpus could not be loaded');
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Remote: the HTTP API.

export interface RemoteBackendOptions {
  /** Base address of the API (`{base_url}`); a trailing `/api/v1` is tolerated. */
  baseUrl: string;
  /** Sent as `X-API-Key` when set; without it the API serves the sandbox tier. */
  apiKey?: string;
  /** Per-call budget, connection and body included. */
  timeoutMs: number;
  /** Largest accepted response body. Default 64 MiB. */
  maxResponseBytes?: number;
  userAgent?: string;
  log?: McpLog;
  fetch?: typeof fetch;
}

/** `https://host/base/` or `https://host/base/api/v1` → `https://host/base`. */
export function apiRoot(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('SVC_API_URL must be an http or https URL');
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

const FIELD_ERROR_LIMIT = 20;
const TEXT_LIMIT = 300;
const clip = (s: string) => (s.length > TEXT_LIMIT ? `${s.slice(0, TEXT_LIMIT)}…` : s);

export function remoteBackend(options: RemoteBackendOptions): VerifyBackend {
  const root = apiRoot(options.baseUrl);
  const origin = new URL(root).origin;
  const log = options.log ?? silentLog;
  const fetchImpl = options.fetch ?? fetch;
  const maxBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
  const budget = options.timeoutMs < 1000 ? `${options.timeoutMs} ms` : `${Math.round(options.timeoutMs / 100) / 10} s`;

  async function call(method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    if (signal?.aborted) throw cancelled();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent ?? 'svc-verify' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    const failed = (err: unknown): BackendError => {
      if (err instanceof BackendError) return err;
      if (signal?.aborted) return cancelled();
      if (timeout.aborted) return new BackendError('timeout', `The attestation API at ${origin} did not answer within ${budget}. Try again later.`);
      log.warn({ path, err: describeError(err) }, 'attestation API unreachable');
      return new BackendError('unreachable', `The attestation API at ${origin} could not be reached. Check SVC_API_URL and that the API is running.`);
    };
    let status: number;
    let retryAfter: string | null;
    let text: string;
    try {
      const res = await fetchImpl(`${root}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: combined,
        // A redirect would carry the key to wherever it points: refuse it instead.
        redirect: 'manual',
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      text = await readBounded(res, maxBytes);
    } catch (err) {
      throw failed(err);
    }
    if (status === 200) {
      try {
        return JSON.parse(text);
      } catch {
        throw badResponse();
      }
    }
    throw statusError(status, retryAfter, text);
  }

  function badResponse(): BackendError {
    return new BackendError('bad_response', `The attestation API at ${origin} returned an answer this tool does not understand. Check SVC_API_URL.`);
  }

  function statusError(status: number, retryAfter: string | null, text: string): BackendError {
    if (status === 413 || status === 422) {
      // A catalogue over a limit, or whose columns are not found: the problem's own words, with its headers and missing columns.
      let problem: Record<string, unknown> = {};
      try {
        problem = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // not a problem document: the generic message below
      }
      const detail = typeof problem.detail === 'string' ? problem.detail : `The attestation API refused the catalogue (HTTP ${status}).`;
      return new BackendError('invalid_arguments', columnsMessage(detail, problem));
    }
    if (status === 400) {
      const fieldErrors = problemFieldErrors(text);
      return new BackendError('invalid_arguments', 'The attestation API rejected the request.', { fieldErrors });
    }
    if (status === 401) {
      return new BackendError(
        'unauthenticated',
        options.apiKey
          ? 'The API key was refused (HTTP 401): it is unknown or revoked. Check SVC_VERIFY_KEY.'
          : 'The attestation API requires an API key (HTTP 401). Set SVC_VERIFY_KEY.',
      );
    }
    if (status === 429) {
      const after = parseRetryAfter(retryAfter);
      return new BackendError(
        'rate_limited',
        after === undefined
          ? 'The attestation API rate limit was reached (HTTP 429). Wait before calling again.'
          : `The attestation API rate limit was reached (HTTP 429). Retry after ${after} s.`,
        after === undefined ? {} : { retryAfterSeconds: after },
      );
    }
    if (status >= 300 && status < 400) {
      return new BackendError('upstream_error', `The attestation API at ${origin} answered with a redirect (HTTP ${status}). Set SVC_API_URL to the API's final address.`);
    }
    if (status === 404) {
      return new BackendError('upstream_error', `No attestation API found at ${origin} (HTTP 404). Check SVC_API_URL.`);
    }
    if (status >= 500) {
      return new BackendError('upstream_error', `The attestation API failed (HTTP ${status}). Try again later.`);
    }
    return new BackendError('upstream_error', `The attestation API refused the call (HTTP ${status}).`);
  }

  return {
    mode: 'remote',
    async verify(input, signal) {
      const body = await call('POST', '/api/v1/verify', input, signal);
      const parsed = VerificationResponseSchema.safeParse(body);
      if (!parsed.success) throw badResponse();
      return parsed.data;
    },
    async verifyBatch(subjects, signal) {
      const body = await call('POST', '/api/v1/verify/batch', { subjects }, signal);
      const parsed = VerifyBatchResponseSchema.safeParse(body);
      if (!parsed.success) throw badResponse();
      return parsed.data;
    },
    async verifyCatalogue(csv, mapping, signal) {
      const body = await call('POST', '/api/v1/verify/catalogue', mapping === undefined ? { csv } : { csv, mapping }, signal);
      const parsed = CatalogueResponseSchema.safeParse(body);
      if (!parsed.success) throw badResponse();
      return parsed.data as VerifyCatalogueResult;
    },
    async coverage(query, signal) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value));
      const search = params.size > 0 ? `?${params}` : '';
      const body = await call('GET', `/api/v1/verify/coverage${search}`, undefined, signal);
      const parsed = CoverageSchema.safeParse(body);
      if (!parsed.success) throw badResponse();
      return parsed.data;
    },
  };
}

/** Reads a body up to `limit` bytes; a larger one is refused, not buffered. */
async function readBounded(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BackendError('bad_response', `The attestation API's answer is larger than ${Math.round(limit / 1024 / 1024)} MiB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** The `errors` of an RFC 9457 problem document: `[{path, message}]` written by the API's own validation. */
function problemFieldErrors(text: string): FieldError[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is FieldError => typeof e?.path === 'string' && typeof e?.message === 'string')
    .slice(0, FIELD_ERROR_LIMIT)
    .map((e) => ({ path: clip(e.path), message: clip(e.message) }));
}

/** `Retry-After`: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
