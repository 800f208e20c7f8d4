import type { Readable, Writable } from 'node:stream';

/**
 * The transport port, as in the MCP TypeScript SDK: start/send/close plus three callbacks.
 * A transport moves decoded JSON values; it knows nothing of JSON-RPC or MCP.
 */
export interface Transport {
  start(): Promise<void>;
  send(message: unknown): Promise<void>;
  /** Stops reading; `onclose` fires once (if it has not already). */
  close(): Promise<void>;
  /** A decoded JSON value (object, array or scalar) from one line. */
  onmessage?: (message: unknown) => void;
  /** A line that could not be decoded, or a stream failure. */
  onerror?: (error: TransportError) => void;
  /** No more messages will arrive: the input ended, failed, or `close()` was called. */
  onclose?: () => void;
}

export type TransportErrorKind = 'parse_error' | 'message_too_large' | 'input_error' | 'output_error';

/** A local error of the transport. Its message is ours; the peer sees only what the server maps. */
export class TransportError extends Error {
  readonly kind: TransportErrorKind;

  constructor(kind: TransportErrorKind, message: string) {
    super(message);
    this.name = 'TransportError';
    this.kind = kind;
  }
}

/** One message per line; a longer line is refused (and skipped up to its newline). */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export interface StdioTransportOptions {
  /** Largest accepted line in bytes, newline excluded. Default 4 MiB. */
  maxMessageBytes?: number;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Newline-delimited JSON over any pair of byte streams (process.stdin/stdout in production,
 * PassThrough pairs in tests). The partial-line buffer never holds more than `maxMessageBytes`:
 * past that the line is reported as too large and discarded until its newline.
 */
export class StdioTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onerror?: (error: TransportError) => void;
  onclose?: () => void;

  private readonly maxMessageBytes: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;
  private started = false;
  private closed = false;
  private outputBroken = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    options: StdioTransportOptions = {},
  ) {
    this.maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('StdioTransport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onInputClose);
    this.input.on('error', this.onInputError);
    this.output.on('error', this.onOutputError);
    // The input may already be paused (e.g. process.stdin before first use).
    this.input.resume();
  }

  send(message: unknown): Promise<void> {
    if (this.outputBroken || this.output.destroyed || this.output.writableEnded) return Promise.resolve();
    const line = `${JSON.stringify(message)}\n`;
    return new Promise((resolve) => {
      this.output.write(line, () => resolve());
    });
  }

  async close(): Promise<void> {
    this.finish();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    if (this.closed) return;
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    while (start <= buf.length) {
      const newline = buf.indexOf(NEWLINE, start);
      const end = newline === -1 ? buf.length : newline;
      const segment = end - start;
      if (this.discarding) {
        // dropping the rest of an oversized line
      } else if (this.pendingBytes + segment > this.maxMessageBytes) {
        this.resetPending();
        this.discarding = true;
        this.report(new TransportError('message_too_large', `message larger than ${this.maxMessageBytes} bytes`));
      } else if (newline === -1) {
        if (segment > 0) {
          this.pending.push(buf.subarray(start, end));
          this.pendingBytes += segment;
        }
      } else {
        const tail = buf.subarray(start, end);
        const line = this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail], this.pendingBytes + segment);
        this.resetPending();
        this.deliver(line);
      }
      if (newline === -1 || this.closed) break;
      this.discarding = false;
      start = newline + 1;
    }
  };

  private readonly onEnd = (): void => {
    // A last line without its newline is still a message.
    if (!this.discarding && this.pendingBytes > 0) {
      const line = Buffer.concat(this.pending, this.pendingBytes);
      this.resetPending();
      this.deliver(line);
    }
    this.finish();
  };

  private readonly onInputClose = (): void => this.finish();

  private readonly onInputError = (): void => {
    this.report(new TransportError('input_error', 'input stream failed'));
    this.finish();
  };

  private readonly onOutputError = (): void => {
    // The peer is gone (EPIPE and the like): nothing more can be delivered.
    this.outputBroken = true;
    this.report(new TransportError('output_error', 'output stream failed'));
    this.finish();
  };

  private deliver(raw: Buffer): void {
    let end = raw.length;
    if (end > 0 && raw[end - 1] === CARRIAGE_RETURN) end -= 1;
    const text = raw.toString('utf8', 0, end);
    if (text.trim().length === 0) return; // blank lines carry nothing
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.report(new TransportError('parse_error', 'line is not valid JSON'));
      return;
    }
    this.onmessage?.(value);
  }

  private report(error: TransportError): void {
    this.onerror?.(error);
  }

  private resetPending(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.resetPending();
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onInputClose);
    // Keep an error listener: an unhandled 'error' would crash the process.
    this.input.pause();
    this.onclose?.();
  }
}
