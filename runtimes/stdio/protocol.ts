import type { VerifyBackend } from '../mcp/backend.js';
import { ErrorCode, errorResponse, type JsonRpcResponse } from '../mcp/json-rpc.js';
import { describeError, type McpLog, silentLog } from '../mcp/mcp-log.js';
import { InFlightRequests, type McpExchange, McpProtocol } from '../mcp/protocol.js';
import type { ServerIdentity } from '../mcp/server-info.js';
import type { Transport, TransportError } from './transport.js';

export interface McpServerOptions {
  backend: VerifyBackend;
  log?: McpLog;
  identity?: ServerIdentity;
  instructions?: string;
  /** When the input ends, how long in-flight calls may still finish and be answered. Default 5000 ms. */
  drainTimeoutMs?: number;
}

/**
 * The MCP server of `svc-verify`: the shared protocol core (runtimes/mcp/protocol.ts) over a
 * line transport, with one session for the process (the negotiated version holds until the
 * input ends), cancellation by `notifications/cancelled`, and a drain when the input closes.
 */
export class McpServer {
  /** Resolves once the input has ended (or `close()` was called) and in-flight work is settled. */
  readonly closed: Promise<void>;

  private readonly protocol: McpProtocol;
  private readonly exchange: McpExchange;
  private readonly log: McpLog;
  private readonly drainTimeoutMs: number;
  private transport: Transport | undefined;
  private readonly activity = new Set<Promise<void>>();
  private closing = false;
  private outputGone = false;
  private resolveClosed!: () => void;

  constructor(options: McpServerOptions) {
    this.log = options.log ?? silentLog;
    this.protocol = new McpProtocol({ log: this.log, identity: options.identity, instructions: options.instructions });
    this.exchange = {
      session: { version: undefined, ready: false },
      keepsSession: true,
      backend: options.backend,
      inFlight: new InFlightRequests(),
    };
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

  private receive(message: unknown): void {
    const work = this.protocol
      .handle(message, this.exchange)
      .then((response) => this.send(response))
      .catch((err: unknown) => this.log.error({ err: describeError(err) }, 'message handling failed'));
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
      const { inFlight } = this.exchange;
      if (inFlight.size > 0) this.log.warn({ abandoned: inFlight.size, output_gone: this.outputGone }, 'input closed: abandoning calls still in flight');
      inFlight.abandonAll();
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
