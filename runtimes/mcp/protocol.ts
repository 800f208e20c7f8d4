import type { VerifyBackend } from './backend.js';
import {
  classify,
  ErrorCode,
  errorResponse,
  isPlainObject,
  isRequestId,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  ProtocolError,
  type RequestId,
  resultResponse,
} from './json-rpc.js';
import { describeError, type McpLog, silentLog } from './mcp-log.js';
import {
  featuresOf,
  type LegacyVersion,
  META_SERVER_INFO,
  MODERN_VERSION,
  negotiateLegacy,
  SUPPORTED_VERSIONS,
  type VersionFeatures,
} from './protocol-versions.js';
import { versionForRequest } from './request-version.js';
import { SERVER_INFO, SERVER_INSTRUCTIONS, type ServerIdentity } from './server-info.js';
import { findTool, runTool, toolCatalogue } from './tools.js';

/**
 * The one MCP protocol core of this service, shared by its two transports: svc-verify on stdio
 * (runtimes/stdio) and `/mcp` on the HTTP runtime (Streamable HTTP). It takes one decoded
 * message (an object, or an array for a 2025-03-26 batch) and answers the response(s), or
 * nothing (notifications, client responses, cancelled requests). What differs between the
 * transports is in the exchange they pass: where the protocol version comes from, whether
 * `initialize` opens a session, the backend (and so the caller) that answers the tools, and
 * how requests in flight are tracked and cancelled. Node built-ins only (ADR 0004).
 */

/** How long clients may cache `tools/list` and `server/discover` (2026-07-28): the catalogue is fixed per release. */
const LIST_TTL_MS = 3_600_000;

const KNOWN_METHODS = new Set(['initialize', 'ping', 'server/discover', 'tools/list', 'tools/call']);

/** The negotiated state a transport keeps: for the process on stdio, for one POST over HTTP. */
export interface McpSession {
  /** The legacy revision in force: the handshake's (stdio) or the request's MCP-Protocol-Version header (HTTP). */
  version: LegacyVersion | undefined;
  /** `notifications/initialized` received (informational: requests are served once initialize is answered). */
  ready: boolean;
}

/** A request in progress: aborted when the client cancels it or goes away. */
export interface InFlight {
  readonly method: string;
  readonly signal: AbortSignal;
  /** Cancelled by the client: no response is sent. */
  cancelled: boolean;
}

/**
 * The requests in progress of one exchange, by id: a second request with an id in use is
 * refused, `notifications/cancelled` aborts one (never `initialize`), and a parent signal (the
 * HTTP request's connection) aborts them all.
 */
export class InFlightRequests {
  private readonly entries = new Map<string, InFlight & { controller: AbortController }>();

  constructor(private readonly parent?: AbortSignal) {}

  get size(): number {
    return this.entries.size;
  }

  /** Registers a request; undefined when its id is already used by a request in progress. */
  begin(id: RequestId, method: string): InFlight | undefined {
    const key = idKey(id);
    if (this.entries.has(key)) return undefined;
    const controller = new AbortController();
    const signal = this.parent ? AbortSignal.any([controller.signal, this.parent]) : controller.signal;
    const entry = { method, signal, cancelled: false, controller };
    this.entries.set(key, entry);
    return entry;
  }

  end(id: RequestId): void {
    this.entries.delete(idKey(id));
  }

  /** The client's `notifications/cancelled`: true when a request was cancelled. */
  cancel(id: RequestId): boolean {
    const entry = this.entries.get(idKey(id));
    // The initialize request cannot be cancelled (lifecycle rule of the legacy revisions).
    if (!entry || entry.method === 'initialize') return false;
    entry.cancelled = true;
    entry.controller.abort();
    return true;
  }

  /** Abandons every request in progress (stdio: input closed past the drain window). */
  abandonAll(): void {
    for (const entry of this.entries.values()) {
      entry.cancelled = true;
      entry.controller.abort();
    }
  }
}

/** What one transport passes with each message. */
export interface McpExchange {
  session: McpSession;
  /**
   * Whether `initialize` opens a session whose version holds for later messages (stdio), or
   * only negotiates (stateless Streamable HTTP: each POST names its version in a header).
   */
  keepsSession: boolean;
  /** Who answers the tools: the bundled corpus, the remote API, or the HTTP runtime's use cases as the caller. */
  backend: VerifyBackend;
  inFlight: InFlightRequests;
}

export interface McpProtocolOptions {
  log?: McpLog;
  identity?: ServerIdentity;
  instructions?: string;
}

type Result = Record<string, unknown>;

const clip = (s: string, n = 100) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * Dual-era: a legacy client opens with `initialize` (2024-11-05 … 2025-11-25); a modern client
 * (2026-07-28) names the version in each request's `_meta` and needs no handshake. Protocol
 * errors cross the wire as JSON-RPC errors with messages written here; tool failures are
 * `isError` results (see tools.ts); anything unexpected is logged and answered -32603.
 */
export class McpProtocol {
  private readonly log: McpLog;
  private readonly identity: ServerIdentity;
  private readonly instructions: string;

  constructor(options: McpProtocolOptions = {}) {
    this.log = options.log ?? silentLog;
    this.identity = options.identity ?? SERVER_INFO;
    this.instructions = options.instructions ?? SERVER_INSTRUCTIONS;
  }

  /** One decoded message → its response(s), or undefined when nothing is to be answered. */
  handle(message: unknown, exchange: McpExchange): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined> {
    return Array.isArray(message) ? this.handleBatch(message, exchange) : this.handleOne(message, false, exchange);
  }

  private async handleBatch(batch: unknown[], exchange: McpExchange): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined> {
    const { version } = exchange.session;
    if (!version || !featuresOf(version).batches) {
      return errorResponse(null, {
        code: ErrorCode.InvalidRequest,
        message: 'Invalid Request: JSON-RPC batches are not supported (they exist only in protocol version 2025-03-26)',
      });
    }
    if (batch.length === 0) return errorResponse(null, { code: ErrorCode.InvalidRequest, message: 'Invalid Request: empty batch' });
    const responses = (await Promise.all(batch.map((item) => this.handleOne(item, true, exchange)))).filter(
      (r): r is JsonRpcResponse => r !== undefined,
    );
    return responses.length > 0 ? responses : undefined;
  }

  /** One message → its response, or undefined (notification, client response, cancelled request). */
  private async handleOne(value: unknown, inBatch: boolean, exchange: McpExchange): Promise<JsonRpcResponse | undefined> {
    const classified = classify(value);
    switch (classified.kind) {
      case 'invalid':
        return errorResponse(classified.id, classified.error.toJson());
      case 'response':
        this.log.debug({}, 'ignored a JSON-RPC response: this server sends no requests');
        return undefined;
      case 'notification':
        this.onNotification(classified.message, exchange);
        return undefined;
      case 'request':
        if (inBatch && classified.message.method === 'initialize') {
          return errorResponse(classified.message.id, { code: ErrorCode.InvalidRequest, message: 'Invalid Request: initialize must not be part of a batch' });
        }
        return this.handleRequest(classified.message, classified.rawParams, exchange);
    }
  }

  private async handleRequest(request: JsonRpcRequest, rawParams: unknown, exchange: McpExchange): Promise<JsonRpcResponse | undefined> {
    const entry = exchange.inFlight.begin(request.id, request.method);
    if (!entry) {
      return errorResponse(request.id, { code: ErrorCode.InvalidRequest, message: 'Invalid Request: this id is already used by a request in progress' });
    }
    const started = performance.now();
    try {
      // dispatch runs synchronously up to its first await, so `initialize` takes effect before the next message is read.
      const result = await this.dispatch(request, rawParams, entry.signal, exchange);
      if (entry.cancelled) return undefined;
      return resultResponse(request.id, result);
    } catch (err) {
      if (entry.cancelled) return undefined;
      if (err instanceof ProtocolError) return errorResponse(request.id, err.toJson());
      this.log.error({ method: request.method, err: describeError(err) }, 'request failed');
      return errorResponse(request.id, { code: ErrorCode.InternalError, message: 'Internal error' });
    } finally {
      exchange.inFlight.end(request.id);
      this.log.debug({ method: request.method, ms: Math.round((performance.now() - started) * 10) / 10, cancelled: entry.cancelled }, 'request');
    }
  }

  private onNotification(notification: JsonRpcNotification, exchange: McpExchange): void {
    const params = notification.params ?? {};
    switch (notification.method) {
      case 'notifications/initialized':
        exchange.session.ready = true;
        return;
      case 'notifications/cancelled': {
        const requestId = params.requestId;
        if (isRequestId(requestId) && exchange.inFlight.cancel(requestId)) this.log.debug({ requestId }, 'request cancelled by the client');
        return;
      }
      default:
        this.log.debug({ method: clip(notification.method) }, 'ignored notification');
    }
  }

  // -------------------------------------------------------------------------------------------
  // Methods

  private dispatch(request: JsonRpcRequest, rawParams: unknown, signal: AbortSignal, exchange: McpExchange): Result | Promise<Result> {
    const { method } = request;
    if (!KNOWN_METHODS.has(method)) {
      throw new ProtocolError(ErrorCode.MethodNotFound, `Method not found: ${clip(method)}`);
    }
    if (Array.isArray(rawParams)) {
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: MCP params must be an object, not an array');
    }
    const params = request.params ?? {};
    if (method === 'initialize') return this.initialize(params, exchange);
    const features = versionForRequest(method, params, exchange.session.version);
    switch (method) {
      case 'ping':
        return this.finish(features, {});
      case 'server/discover':
        return this.finish(features, this.discover());
      case 'tools/list':
        return this.listTools(features, params);
      default:
        return this.callTool(features, params, signal, exchange.backend);
    }
  }

  private initialize(params: Record<string, unknown>, exchange: McpExchange): Result {
    const requested = params.protocolVersion;
    if (typeof requested !== 'string') {
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: "protocolVersion" must be a string');
    }
    if (params.capabilities !== undefined && !isPlainObject(params.capabilities)) {
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: "capabilities" must be an object');
    }
    if (exchange.keepsSession && exchange.session.version) {
      throw new ProtocolError(ErrorCode.InvalidRequest, `Invalid Request: already initialized (protocol version ${exchange.session.version})`);
    }
    const version = negotiateLegacy(requested);
    if (exchange.keepsSession) exchange.session.version = version;
    const clientInfo = isPlainObject(params.clientInfo) ? params.clientInfo : {};
    this.log.info(
      { requested: clip(requested, 40), negotiated: version, client: clip(String(clientInfo.name ?? 'unknown'), 80) },
      'initialized',
    );
    return {
      protocolVersion: version,
      capabilities: { tools: { listChanged: false } },
      serverInfo: this.implementation(featuresOf(version)),
      instructions: this.instructions,
    };
  }

  private discover(): Result {
    return {
      supportedVersions: [...SUPPORTED_VERSIONS],
      capabilities: { tools: { listChanged: false } },
      serverInfo: this.implementation(featuresOf(MODERN_VERSION)),
      instructions: this.instructions,
      ttlMs: LIST_TTL_MS,
      cacheScope: 'public',
    };
  }

  private listTools(features: VersionFeatures, params: Record<string, unknown>): Result {
    if (params.cursor !== undefined) {
      // This server never hands out a cursor: every tool fits on the first page.
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: unknown or expired cursor');
    }
    const result: Result = { tools: toolCatalogue(features) };
    if (features.stateless) Object.assign(result, { ttlMs: LIST_TTL_MS, cacheScope: 'public' });
    return this.finish(features, result);
  }

  private async callTool(features: VersionFeatures, params: Record<string, unknown>, signal: AbortSignal, backend: VerifyBackend): Promise<Result> {
    const name = params.name;
    if (typeof name !== 'string') {
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: "name" must be a string');
    }
    const tool = findTool(name);
    if (!tool) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${clip(name)}`);
    const args = params.arguments;
    if (args !== undefined && args !== null && !isPlainObject(args)) {
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: "arguments" must be an object');
    }
    const outcome = await runTool(tool, args ?? {}, { backend, signal, log: this.log });
    const result: Result = { content: [{ type: 'text', text: outcome.text }] };
    if (outcome.structured && features.structuredContent) result.structuredContent = outcome.structured;
    if (outcome.isError) result.isError = true;
    return this.finish(features, result);
  }

  /** 2026-07-28 results carry `resultType` and the server's identity in `_meta`. */
  private finish(features: VersionFeatures, result: Result): Result {
    if (!features.stateless) return result;
    return { resultType: 'complete', ...result, _meta: { [META_SERVER_INFO]: this.implementation(features) } };
  }

  private implementation(features: VersionFeatures): Result {
    return features.titles
      ? { name: this.identity.name, title: this.identity.title, version: this.identity.version }
      : { name: this.identity.name, version: this.identity.version };
  }
}

const idKey = (id: RequestId) => `${typeof id}:${id}`;
