import type { VerifyBackend } from './backends.js';
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
import { silentLog, type StdioLog, describeError } from './stdio-log.js';
import { findTool, runTool, toolCatalogue } from './tools.js';
import type { Transport, TransportError } from './transport.js';

export interface McpServerOptions {
  backend: VerifyBackend;
  log?: StdioLog;
  identity?: ServerIdentity;
  instructions?: string;
  /** When the input ends, how long in-flight calls may still finish and be answered. Default 5000 ms. */
  drainTimeoutMs?: number;
}

/** How long clients may cache `tools/list` and `server/discover` (2026-07-28): the catalogue is fixed per release. */
const LIST_TTL_MS = 3_600_000;

const KNOWN_METHODS = new Set(['initialize', 'ping', 'server/discover', 'tools/list', 'tools/call']);

interface InFlight {
  method: string;
  controller: AbortController;
  cancelled: boolean;
}

interface Session {
  version: LegacyVersion;
  /** `notifications/initialized` received (informational: requests are served once initialize is answered). */
  ready: boolean;
}

interface RequestContext {
  features: VersionFeatures;
}

type Result = Record<string, unknown>;

const clip = (s: string, n = 100) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * The MCP server of `svc-verify`, on Node built-ins only. Dual-era: a legacy client opens with
 * `initialize` (2024-11-05 … 2025-11-25) and the negotiated version holds for the process; a
 * modern client (2026-07-28) names the version in each request's `_meta` and needs no handshake.
 * Protocol errors cross the wire as JSON-RPC errors with messages written here; tool failures
 * are `isError` results (see tools.ts); anything unexpected is logged and answered -32603.
 */
export class McpServer {
  /** Resolves once the input has ended (or `close()` was called) and in-flight work is settled. */
  readonly closed: Promise<void>;

  private readonly backend: VerifyBackend;
  private readonly log: StdioLog;
  private readonly identity: ServerIdentity;
  private readonly instructions: string;
  private readonly drainTimeoutMs: number;
  private transport: Transport | undefined;
  private session: Session | undefined;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly activity = new Set<Promise<void>>();
  private closing = false;
  private outputGone = false;
  private resolveClosed!: () => void;

  constructor(options: McpServerOptions) {
    this.backend = options.backend;
    this.log = options.log ?? silentLog;
    this.identity = options.identity ?? SERVER_INFO;
    this.instructions = options.instructions ?? SERVER_INSTRUCTIONS;
    this.drainTimeoutMs = options.drainTimeoutMs ?? 5_000;
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  async connect(transport: Transport): Promise<void> {
    if (this.transport) throw new Error('McpServer is already connected');
    this.transport = transport;
    transport.onmessage = (message) => this.receive(message);
    transport.onerror = (error) => this.onTransportError(error);
    transport.onclose = () => void this.shutdown();
    await transport.start();
  }

  /** Stops reading, lets in-flight calls finish (up to the drain timeout), then resolves `closed`. */
  async close(): Promise<void> {
    await this.transport?.close();
    await this.shutdown();
  }

  // -------------------------------------------------------------------------------------------
  // Receiving

  private receive(message: unknown): void {
    const work = (Array.isArray(message) ? this.handleBatch(message) : this.handleOne(message, false).then((r) => this.send(r))).catch(
      (err: unknown) => this.log.error({ err: describeError(err) }, 'message handling failed'),
    );
    this.track(work);
  }

  private onTransportError(error: TransportError): void {
    if (error.kind === 'parse_error') {
      this.log.warn({ kind: error.kind }, 'unparseable line answered -32700');
      this.track(this.send(errorResponse(null, { code: ErrorCode.ParseError, message: 'Parse error: the line is not valid JSON' })));
    } else if (error.kind === 'message_too_large') {
      this.log.warn({ kind: error.kind }, 'oversized line answered -32700 and skipped');
      this.track(this.send(errorResponse(null, { code: ErrorCode.ParseError, message: `Parse error: ${error.message}` })));
    } else {
      // The output failing means the client is gone: nothing in flight can be answered any more.
      if (error.kind === 'output_error') this.outputGone = true;
      this.log.warn({ kind: error.kind }, 'transport error');
    }
  }

  private async handleBatch(batch: unknown[]): Promise<void> {
    if (!this.session || !featuresOf(this.session.version).batches) {
      await this.send(
        errorResponse(null, {
          code: ErrorCode.InvalidRequest,
          message: 'Invalid Request: JSON-RPC batches are not supported (they exist only in protocol version 2025-03-26)',
        }),
      );
      return;
    }
    if (batch.length === 0) {
      await this.send(errorResponse(null, { code: ErrorCode.InvalidRequest, message: 'Invalid Request: empty batch' }));
      return;
    }
    const responses = (await Promise.all(batch.map((item) => this.handleOne(item, true)))).filter(
      (r): r is JsonRpcResponse => r !== undefined,
    );
    if (responses.length > 0) await this.send(responses);
  }

  /** One message → its response, or undefined (notification, client response, cancelled request). */
  private async handleOne(value: unknown, inBatch: boolean): Promise<JsonRpcResponse | undefined> {
    const classified = classify(value);
    switch (classified.kind) {
      case 'invalid':
        return errorResponse(classified.id, classified.error.toJson());
      case 'response':
        this.log.debug({}, 'ignored a JSON-RPC response: this server sends no requests');
        return undefined;
      case 'notification':
        this.onNotification(classified.message);
        return undefined;
      case 'request':
        if (inBatch && classified.message.method === 'initialize') {
          return errorResponse(classified.message.id, { code: ErrorCode.InvalidRequest, message: 'Invalid Request: initialize must not be part of a batch' });
        }
        return this.handleRequest(classified.message, classified.rawParams);
    }
  }

  private async handleRequest(request: JsonRpcRequest, rawParams: unknown): Promise<JsonRpcResponse | undefined> {
    const key = idKey(request.id);
    if (this.inFlight.has(key)) {
      return errorResponse(request.id, { code: ErrorCode.InvalidRequest, message: 'Invalid Request: this id is already used by a request in progress' });
    }
    const entry: InFlight = { method: request.method, controller: new AbortController(), cancelled: false };
    this.inFlight.set(key, entry);
    const started = performance.now();
    try {
      // dispatch runs synchronously up to its first await, so `initialize` takes effect before the next line is read.
      const result = await this.dispatch(request, rawParams, entry.controller.signal);
      if (entry.cancelled) return undefined;
      return resultResponse(request.id, result);
    } catch (err) {
      if (entry.cancelled) return undefined;
      if (err instanceof ProtocolError) return errorResponse(request.id, err.toJson());
      this.log.error({ method: request.method, err: describeError(err) }, 'request failed');
      return errorResponse(request.id, { code: ErrorCode.InternalError, message: 'Internal error' });
    } finally {
      this.inFlight.delete(key);
      this.log.debug({ method: request.method, ms: Math.round((performance.now() - started) * 10) / 10, cancelled: entry.cancelled }, 'request');
    }
  }

  private onNotification(notification: JsonRpcNotification): void {
    const params = notification.params ?? {};
    switch (notification.method) {
      case 'notifications/initialized':
        if (this.session) this.session.ready = true;
        return;
      case 'notifications/cancelled': {
        const requestId = params.requestId;
        if (!isRequestId(requestId)) return;
        const entry = this.inFlight.get(idKey(requestId));
        // The initialize request cannot be cancelled (lifecycle rule of the legacy revisions).
        if (!entry || entry.method === 'initialize') return;
        entry.cancelled = true;
        entry.controller.abort();
        this.log.debug({ requestId }, 'request cancelled by the client');
        return;
      }
      default:
        this.log.debug({ method: clip(notification.method) }, 'ignored notification');
    }
  }

  // -------------------------------------------------------------------------------------------
  // Methods

  private dispatch(request: JsonRpcRequest, rawParams: unknown, signal: AbortSignal): Result | Promise<Result> {
    const { method } = request;
    if (!KNOWN_METHODS.has(method)) {
      throw new ProtocolError(ErrorCode.MethodNotFound, `Method not found: ${clip(method)}`);
    }
    if (Array.isArray(rawParams)) {
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: MCP params must be an object, not an array');
    }
    const params = request.params ?? {};
    if (method === 'initialize') return this.initialize(params);
    const ctx: RequestContext = { features: versionForRequest(method, params, this.session?.version) };
    switch (method) {
      case 'ping':
        return this.finish(ctx, {});
      case 'server/discover':
        return this.finish(ctx, this.discover());
      case 'tools/list':
        return this.listTools(ctx, params);
      default:
        return this.callTool(ctx, params, signal);
    }
  }

  private initialize(params: Record<string, unknown>): Result {
    const requested = params.protocolVersion;
    if (typeof requested !== 'string') {
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: "protocolVersion" must be a string');
    }
    if (params.capabilities !== undefined && !isPlainObject(params.capabilities)) {
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: "capabilities" must be an object');
    }
    if (this.session) {
      throw new ProtocolError(ErrorCode.InvalidRequest, `Invalid Request: already initialized (protocol version ${this.session.version})`);
    }
    const version = negotiateLegacy(requested);
    this.session = { version, ready: false };
    const clientInfo = isPlainObject(params.clientInfo) ? params.clientInfo : {};
    this.log.info(
      { requested: clip(requested, 40), negotiated: version, client: clip(String(clientInfo.name ?? 'unknown'), 80) },
      'initialized',
    );
    const features = featuresOf(version);
    return {
      protocolVersion: version,
      capabilities: { tools: { listChanged: false } },
      serverInfo: this.implementation(features),
      instructions: this.instructions,
    };
  }

  private discover(): Result {
    const modern = featuresOf(MODERN_VERSION);
    return {
      supportedVersions: [...SUPPORTED_VERSIONS],
      capabilities: { tools: { listChanged: false } },
      serverInfo: this.implementation(modern),
      instructions: this.instructions,
      ttlMs: LIST_TTL_MS,
      cacheScope: 'public',
    };
  }

  private listTools(ctx: RequestContext, params: Record<string, unknown>): Result {
    const cursor = params.cursor;
    if (cursor !== undefined) {
      // This server never hands out a cursor: every tool fits on the first page.
      throw new ProtocolError(ErrorCode.InvalidParams, 'Invalid params: unknown or expired cursor');
    }
    const result: Result = { tools: toolCatalogue(ctx.features) };
    if (ctx.features.stateless) Object.assign(result, { ttlMs: LIST_TTL_MS, cacheScope: 'public' });
    return this.finish(ctx, result);
  }

  private async callTool(ctx: RequestContext, params: Record<string, unknown>, signal: AbortSignal): Promise<Result> {
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
    const outcome = await runTool(tool, args ?? {}, { backend: this.backend, signal, log: this.log });
    const result: Result = { content: [{ type: 'text', text: outcome.text }] };
    if (outcome.structured && ctx.features.structuredContent) result.structuredContent = outcome.structured;
    if (outcome.isError) result.isError = true;
    return this.finish(ctx, result);
  }

  /** 2026-07-28 results carry `resultType` and the server's identity in `_meta`. */
  private finish(ctx: RequestContext, result: Result): Result {
    if (!ctx.features.stateless) return result;
    return { resultType: 'complete', ...result, _meta: { [META_SERVER_INFO]: this.implementation(ctx.features) } };
  }

  private implementation(features: VersionFeatures): Result {
    return features.titles
      ? { name: this.identity.name, title: this.identity.title, version: this.identity.version }
      : { name: this.identity.name, version: this.identity.version };
  }

  // -------------------------------------------------------------------------------------------
  // Sending and shutting down

  private async send(message: JsonRpcResponse | JsonRpcResponse[] | undefined): Promise<void> {
    if (message === undefined || !this.transport) return;
    await this.transport.send(message);
  }

  private track(work: Promise<void>): void {
    this.activity.add(work);
    void work.finally(() => this.activity.delete(work));
  }

  private async shutdown(): Promise<void> {
    if (this.closing) return this.closed;
    this.closing = true;
    let timer: NodeJS.Timeout | undefined;
    // Calls in flight may finish and be answered for a while, unless no answer can reach the client.
    const drained =
      !this.outputGone &&
      (await Promise.race([
        this.settled().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), this.drainTimeoutMs);
        }),
      ]));
    clearTimeout(timer);
    if (!drained) {
      if (this.inFlight.size > 0) this.log.warn({ abandoned: this.inFlight.size, output_gone: this.outputGone }, 'input closed: abandoning calls still in flight');
      for (const entry of this.inFlight.values()) {
        entry.cancelled = true;
        entry.controller.abort();
      }
      await this.settled();
    }
    this.resolveClosed();
    return this.closed;
  }

  /** Waits until no message is being handled or answered (new work may start meanwhile). */
  private async settled(): Promise<void> {
    while (this.activity.size > 0) await Promise.allSettled([...this.activity]);
  }
}

const idKey = (id: RequestId) => `${typeof id}:${id}`;
