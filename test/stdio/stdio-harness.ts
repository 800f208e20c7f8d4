import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { VerifyBackend } from '../../runtimes/mcp/backend.js';
import { embeddedBackend } from '../../runtimes/stdio/backends.js';
import { McpServer } from '../../runtimes/stdio/protocol.js';
import { silentLog } from '../../runtimes/mcp/mcp-log.js';
import { StdioTransport } from '../../runtimes/stdio/transport.js';
import { stdioCorpus } from '../fixtures/stdio-corpus.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const LEGACY = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const MODERN = '2026-07-28';

/** `_meta` of a 2026-07-28 request. */
export const modernMeta = (version = MODERN) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientInfo': { name: 'stdio-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

/**
 * The client end of a newline-delimited JSON-RPC channel: writes raw lines, collects every
 * line the server writes (each must be one JSON value), and waits for responses by id.
 */
export class LineClient {
  readonly received: any[] = [];
  readonly rawLines: string[] = [];
  /** Lines that were not JSON (there must be none). */
  readonly nonJson: string[] = [];
  private buffer = '';
  private nextId = 1;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) !== -1) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        this.rawLines.push(line);
        try {
          this.received.push(JSON.parse(line));
        } catch {
          this.nonJson.push(line);
        }
        for (const w of this.waiters.splice(0)) w();
      }
    });
  }

  writeLine(line: string): void {
    this.input.write(`${line}\n`);
  }

  write(raw: string | Buffer): void {
    this.input.write(raw);
  }

  send(message: unknown): void {
    this.writeLine(JSON.stringify(message));
  }

  notify(method: string, params?: Record<string, unknown>): void {
    this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  /** Sends a request and resolves with its response (result or error). */
  request(method: string, params?: Record<string, unknown>, id: string | number = this.nextId++): Promise<any> {
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.responseTo(id);
  }

  responseTo(id: string | number | null, timeoutMs = 10_000): Promise<any> {
    return this.waitFor((m) => !Array.isArray(m) && m.id === id && ('result' in m || 'error' in m), timeoutMs);
  }

  /** The first received message (old or new) matching `predicate`. */
  async waitFor(predicate: (m: any) => boolean, timeoutMs = 10_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${timeoutMs} ms; received ${JSON.stringify(this.received).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async initialize(protocolVersion: string): Promise<any> {
    const res = await this.request('initialize', {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: 'stdio-test', version: '1.0.0' },
    });
    this.notify('notifications/initialized');
    return res;
  }

  callTool(name: string, args?: unknown, meta?: Record<string, unknown>): Promise<any> {
    const params: Record<string, unknown> = { name };
    if (args !== undefined) params.arguments = args;
    if (meta) params._meta = meta;
    return this.request('tools/call', params);
  }
}

export interface InMemory {
  client: LineClient;
  server: McpServer;
  toServer: PassThrough;
  fromServer: PassThrough;
}

export const testBackend = (): VerifyBackend => embeddedBackend({ snapshot: stdioCorpus });

/** Server and client over in-memory PassThrough pairs (no child process). */
export async function startInMemory(
  options: { backend?: VerifyBackend; maxMessageBytes?: number; drainTimeoutMs?: number } = {},
): Promise<InMemory> {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const server = new McpServer({ backend: options.backend ?? testBackend(), log: silentLog, drainTimeoutMs: options.drainTimeoutMs });
  await server.connect(new StdioTransport(toServer, fromServer, { maxMessageBytes: options.maxMessageBytes }));
  return { client: new LineClient(toServer, fromServer), server, toServer, fromServer };
}

/**
 * A backend that holds each call until the test releases it or the server aborts it, to observe
 * cancellation with no clock: the test says when a call may finish, and can wait until every
 * call made so far has settled.
 */
export function slowBackend(inner: VerifyBackend = testBackend()) {
  const aborted: string[] = [];
  const held: (() => void)[] = [];
  const calls: Promise<unknown>[] = [];
  const arrivals: (() => void)[] = [];
  let arrived = 0;
  const hold = (what: string, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      held.push(resolve);
      arrived += 1;
      for (const wake of arrivals.splice(0)) wake();
      signal?.addEventListener('abort', () => {
        aborted.push(what);
        reject(new Error('aborted'));
      });
    });
  const track = <T>(call: Promise<T>): Promise<T> => {
    calls.push(call.catch(() => undefined));
    return call;
  };
  const backend: VerifyBackend = {
    mode: 'embedded',
    verify: (input, signal) => track(hold('verify', signal).then(() => inner.verify(input, signal))),
    verifyBatch: (subjects, signal) => track(hold('verifyBatch', signal).then(() => inner.verifyBatch(subjects, signal))),
    coverage: (query, signal) => track(hold('coverage', signal).then(() => inner.coverage(query, signal))),
    verifyCatalogue: (csv, mapping, signal) => track(hold('verifyCatalogue', signal).then(() => inner.verifyCatalogue(csv, mapping, signal))),
  };
  return {
    backend,
    aborted,
    /** Resolves once `n` calls have reached the backend. */
    async reached(n: number): Promise<void> {
      while (arrived < n) await new Promise<void>((resolve) => arrivals.push(resolve));
    },
    /** Lets every call held so far go on to the inner backend. */
    release(): void {
      for (const go of held.splice(0)) go();
    },
    /** Resolves once every call made so far has settled (answered, failed or aborted). */
    async settled(): Promise<void> {
      await Promise.all(calls);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes

/**
 * How the tests start the server. Default: the TypeScript entry through tsx (no build needed, so
 * `npm test` works on a fresh clone). `SVC_STDIO_TEST_ENTRY=dist` runs the built bin instead.
 */
export function serverCommand(): { command: string; args: string[] } {
  if (process.env.SVC_STDIO_TEST_ENTRY === 'dist') {
    const entry = fileURLToPath(new URL('../../dist/runtimes/stdio/main.js', import.meta.url));
    if (!existsSync(entry)) throw new Error('dist/runtimes/stdio/main.js is missing: run `npm run build` first');
    return { command: process.execPath, args: [entry] };
  }
  return { command: process.execPath, args: ['--import', 'tsx', fileURLToPath(new URL('../../runtimes/stdio/main.ts', import.meta.url))] };
}

/** The environment a client would give the server: PATH and HOME, plus the server's variables. */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  for (const key of ['PATH', 'HOME', 'SystemRoot', 'TMPDIR']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...extra };
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  client: LineClient;
  stderr: () => string;
  exited: Promise<number | null>;
}

export function spawnServer(env: Record<string, string> = {}): ServerProcess {
  const { command, args } = serverCommand();
  const child = spawn(command, args, { cwd: REPO_ROOT, env: serverEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (c: string) => {
    stderr += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, client: new LineClient(child.stdin, child.stdout), stderr: () => stderr, exited };
}

// ---------------------------------------------------------------------------------------------
// JSON Schema validation of structured results against the advertised outputSchema

const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => Ajv;

export function schemaErrors(schema: Record<string, unknown>, value: unknown): string[] {
  const ajv = schema.$schema === 'https://json-schema.org/draft/2020-12/schema' ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Everything of a verification response but its envelope (ids and times). */
export function verdictOf(response: any) {
  const { request_id, served_at, ...rest } = response;
  return rest;
}
