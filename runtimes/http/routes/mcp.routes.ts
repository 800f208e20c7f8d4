import type { Context } from 'koa';
import type { Unavailability } from '../../../adapters/sql/sql-dialect.js';
import type { CatalogueFiles } from '../../../core/attestation/ports.js';
import { planCatalogue, verifyCatalogue } from '../../../core/attestation/use-cases/verify-catalogue.js';
import { CatalogueToolInputSchema } from '../../shared/schemas/catalogue.schemas.js';
import { fieldErrorsOf } from '../../shared/schemas/field-errors.js';
import { buildCoverage, coveragePage, isCoverageQuery } from '../../../core/attestation/corpus/coverage.js';
import type { Caller, CorpusProvider } from '../../../core/attestation/ports.js';
import type { VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import { verifyBatch } from '../../../core/attestation/use-cases/verify-batch.js';
import { ENGINE_ID } from '../../../core/attestation/verdict/verification.model.js';
import { DomainError, isDomainError } from '../../../core/shared/errors.js';
import type { Clock, CursorSealer, Scheduler } from '../../../core/shared/ports.js';
import { BackendError, type VerifyBackend } from '../../mcp/backend.js';
import { ErrorCode, errorResponse, type JsonRpcResponse } from '../../mcp/json-rpc.js';
import { describeError, type McpLog } from '../../mcp/mcp-log.js';
import { InFlightRequests, McpProtocol } from '../../mcp/protocol.js';
import { isLegacyVersion, SUPPORTED_VERSIONS } from '../../mcp/protocol-versions.js';
import { readBatchEntries } from '../../shared/schemas/attestation.schemas.js';
import { clientGone } from '../client-gone.js';
import { CLIENT_CLOSED_REQUEST, httpBatchServing } from './batch-serving.js';
import * as mcp from '../contracts/mcp.contracts.js';
import { callerOf } from '../middleware/api-key.js';
import { asCheck, type CheckMiddleware } from '../middleware/check.js';
import { retryAfterSeconds } from '../middleware/errors.js';
import { jsonBodyKeepingNul } from '../middleware/json-body.js';
import { markRefused } from '../middleware/security-log.js';
import { sendProblem } from '../problem.js';
import type { HandlersOf } from '../route-contract.js';

/**
 * `/mcp`: the oracle's MCP tools over Streamable HTTP (docs/decisions/0045), on the protocol
 * core svc-verify runs on stdio (runtimes/mcp/protocol.ts). Stateless: every POST is one
 * exchange of its own; its version comes from `initialize` or the MCP-Protocol-Version header;
 * its tools run the HTTP API's use cases as the caller the API key names (archived and metered
 * as /verify is), cancelled when the client goes away.
 */
export interface McpRouteDeps {
  verify: VerifyAttribution;
  corpus: CorpusProvider;
  /** Reads a catalogue's CSV text in a bounded worker, as POST /verify/catalogue does. */
  catalogueFiles: CatalogueFiles;
  /** Seals coverage cursors: the same sealer as GET /verify/coverage, so a page's cursor opens on either. */
  cursors: CursorSealer;
  clock: Clock;
  scheduler: Scheduler;
  log: McpLog;
  onVerdict?: (verdict: string, tier: string) => void;
  unavailability?: (err: unknown) => Unavailability | null;
}

/** The version a request without MCP-Protocol-Version is served in (the transport's rule since 2025-06-18). */
export const DEFAULT_HTTP_VERSION = '2025-03-26';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a browser `Origin` may call `/mcp`: a loopback origin, or one the operator allowed. */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * DNS rebinding protection (the transport's MUST): a request whose `Origin` is neither loopback
 * nor allowed is a 403 before its key is checked, its budget spent or its body read. Requests
 * without `Origin` do not come from a browser page and pass.
 */
export function mcpOriginGuard(allowed: readonly string[]): CheckMiddleware {
  return asCheck(function mcpOrigin(ctx: Context): void {
    const origin = ctx.get('Origin');
    if (origin === '' || originAllowed(origin, allowed)) return;
    markRefused(ctx, 'origin_refused');
    throw new DomainError('FORBIDDEN', `Origin ${origin.slice(0, 100)} is not allowed to call /mcp (DNS rebinding protection); the operator may add it to MCP_ALLOWED_ORIGINS.`);
  });
}

/** The oracle as the caller who asked: the HTTP API's use cases, archived and metered as on /verify. */
function callerBackend(deps: McpRouteDeps, ctx: Context, caller: Caller): VerifyBackend {
  const guard = async <T>(what: string, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> => {
    if (signal?.aborted) throw new BackendError('cancelled', 'The request was cancelled.');
    try {
      return await run();
    } catch (err) {
      if (err instanceof BackendError) throw err;
      // What the caller sent is refused as /verify/catalogue refuses it: bad fields, a file over a limit, no columns to read.
      if (isDomainError(err) && (err.code === 'VALIDATION' || err.code === 'PAYLOAD_TOO_LARGE' || err.code === 'UNPROCESSABLE')) {
        throw new BackendError('invalid_arguments', err.message, { fieldErrors: err.errors });
      }
      const condition = deps.unavailability?.(err) ?? null;
      if (condition !== null) {
        const after = retryAfterSeconds(condition);
        throw new BackendError('upstream_error', `The attestation service's database is unavailable (${condition}); nothing was served. Retry after ${after} s.`, { retryAfterSeconds: after });
      }
      deps.log.error({ operation: what, err: describeError(err) }, 'mcp tool failed');
      throw new BackendError('internal', `${what} failed unexpectedly; the server log has the details.`);
    }
  };
  const served = (verdict: string) => deps.onVerdict?.(verdict, caller.tier);
  return {
    mode: 'service',
    verify: (input, signal) =>
      guard('verify', signal, async () => {
        const response = await deps.verify.execute(input, caller);
        served(response.verdict);
        return response;
      }),
    verifyBatch: (subjects, signal) =>
      guard('verifyBatch', signal, async () => {
        const { serving, cutShortBy } = httpBatchServing(ctx, deps, caller, { keepTexts: false });
        const outcome = await verifyBatch(readBatchEntries(subjects), serving, { signal, scheduler: deps.scheduler });
        if (outcome.cancelled) throw new BackendError('cancelled', 'The request was cancelled.');
        if (cutShortBy() !== null) deps.log.warn({ condition: cutShortBy(), served: outcome.served }, 'mcp batch cut short by the database');
        return { engine: ENGINE_ID, subjects: outcome.results.length, served: outcome.served, errors: outcome.errors, results: outcome.results };
      }),
    verifyCatalogue: (csv, mapping, signal) =>
      guard('verifyCatalogue', signal, async () => {
        const parsed = CatalogueToolInputSchema.safeParse({ csv, ...(mapping !== undefined ? { mapping } : {}) });
        if (!parsed.success) throw new DomainError('VALIDATION', 'Invalid catalogue.', fieldErrorsOf(parsed.error, 'arguments'));
        const read = await deps.catalogueFiles.read(new TextEncoder().encode(parsed.data.csv));
        const plan = planCatalogue(read.sheet, parsed.data.mapping, { sandbox: caller.tier === 'sandbox' });
        const { serving, cutShortBy } = httpBatchServing(ctx, deps, caller, { keepTexts: false });
        const outcome = await verifyCatalogue(plan, readBatchEntries, serving, { signal, scheduler: deps.scheduler });
        if (outcome.cancelled) throw new BackendError('cancelled', 'The request was cancelled.');
        if (cutShortBy() !== null) deps.log.warn({ condition: cutShortBy(), served: outcome.summary }, 'mcp catalogue cut short by the database');
        return { columns: plan.found.columns, rows: outcome.rows, summary: outcome.summary };
      }),
    coverage: (query, signal) =>
      guard('coverage', signal, async () => {
        const { index, revision } = deps.corpus.current();
        const now = deps.clock.now().toISOString();
        return query !== undefined && isCoverageQuery(query) ? coveragePage(index, revision, now, query, deps.cursors) : buildCoverage(index, revision, now);
      }),
  };
}


function answerJson(ctx: Context, status: number, body: JsonRpcResponse | JsonRpcResponse[]): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = body;
}

const protocolRefusal = (ctx: Context, code: number, message: string, data?: unknown) =>
  answerJson(ctx, 400, errorResponse(null, data === undefined ? { code, message } : { code, message, data }));

/** A body the JSON parser refused (malformed, too deep): a JSON-RPC parse error, as MCP clients read it. */
const isParseRefusal = (err: unknown) =>
  (isDomainError(err) && err.code === 'VALIDATION') || (typeof err === 'object' && err !== null && (err as { status?: unknown }).status === 400);

export function mcpHandlers(deps: McpRouteDeps): HandlersOf<typeof mcp> {
  const protocol = new McpProtocol({ log: deps.log });
  return {
    mcp: async (ctx) => {
      if (!ctx.accepts('application/json')) {
        sendProblem(ctx, 406, 'This endpoint answers application/json: list it in Accept (with text/event-stream, as MCP clients do).');
        return;
      }
      const header = ctx.get('MCP-Protocol-Version');
      if (header !== '' && !SUPPORTED_VERSIONS.includes(header)) {
        protocolRefusal(ctx, ErrorCode.InvalidRequest, `Bad Request: unsupported MCP-Protocol-Version ${header.slice(0, 40)}`, { supported: [...SUPPORTED_VERSIONS] });
        return;
      }
      try {
        await jsonBodyKeepingNul(ctx, async () => undefined);
      } catch (err) {
        if (!isParseRefusal(err)) throw err;
        protocolRefusal(ctx, ErrorCode.ParseError, 'Parse error: the body is not a JSON object or array');
        return;
      }
      const message: unknown = (ctx.request as { body?: unknown }).body;
      if (message === undefined || message === null || typeof message !== 'object') {
        protocolRefusal(ctx, ErrorCode.InvalidRequest, 'Invalid Request: the body must be a JSON-RPC message (an object) or a batch (an array)');
        return;
      }
      // The handshake's version, or the header's; 2026-07-28 names its version in each request's _meta.
      const version = header === '' ? DEFAULT_HTTP_VERSION : isLegacyVersion(header) ? header : undefined;
      const gone = clientGone(ctx);
      try {
        const answer = await protocol.handle(message, {
          session: { version, ready: true },
          keepsSession: false,
          backend: callerBackend(deps, ctx, callerOf(ctx)),
          inFlight: new InFlightRequests(gone.signal),
        });
        if (gone.signal.aborted) {
          ctx.status = CLIENT_CLOSED_REQUEST;
          return;
        }
        if (answer === undefined) {
          // Accepted, and nothing to say: no body at all (Koa would otherwise write the status text).
          ctx.body = null;
          ctx.status = 202;
          return;
        }
        // Nothing the body held could be read as a message: the transport's 400, its error as the body.
        const unreadable = [answer].flat().every((r) => 'error' in r && r.id === null);
        answerJson(ctx, unreadable ? 400 : 200, answer);
      } finally {
        gone.release();
      }
    },
  };
}
