import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, pino } from 'pino';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import type { Clock } from '../../core/shared/ports.js';
import { PLATFORM } from '../../runtimes/shared/composition/platform.tokens.js';
import { loadConfig } from '../../runtimes/shared/settings/config.js';
import { buildHttpContainer } from '../../runtimes/http/container.js';
import type { Container } from 'inversify';
import { type HttpDeps, resolveHttpDeps } from '../../runtimes/http/http-deps.js';
import { type RunningServer, startHttpServer } from '../../runtimes/http/server.js';
import { HARNESS_DATABASE } from './test-databases.js';
import { ResponseValidator } from './response-validator.js';

/** One validator per test file: the document is built once from the contracts the server serves. */
let validator: ResponseValidator | undefined;

export interface Harness extends RunningServer {
  /** The composition root's container, for tests that reach a port or use case directly. */
  container: Container;
  /** What the server was started on (the root's one resolution of the container). */
  deps: HttpDeps;
  dataDir: string;
  /** The variables that point another process or harness at the same database (DATA_DIR, and DATABASE_URL/JWT_SECRET on PostgreSQL). */
  databaseEnv: Record<string, string>;
  /** The check of every response against the OpenAPI document (this file's, shared by its harnesses). */
  responses: ResponseValidator;
  stop(): Promise<void>;
}

/**
 * A real listening server on a free port, with its own data directory; on `clock` when given
 * (a `SteppedClock`: the domain's time moved by the test) instead of the system's.
 */
export async function startHarness(options: { snapshot?: CorpusSnapshot; env?: Record<string, string>; logger?: Logger; clock?: Clock } = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  // A new database of the run's harness database (SQLite, or PostgreSQL under `npm run
  // test:http-on-postgres`), unless the test points the server at one of its own.
  const database = options.env?.DATABASE_URL === undefined ? { ...(await HARNESS_DATABASE.env(dataDir)), ...HARNESS_DATABASE.serverEnv } : {};
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...database, ...options.env });
  const container = await buildHttpContainer(config, options.logger ?? pino({ level: 'silent' }), { snapshot: options.snapshot });
  if (options.clock) container.rebind<Clock>(PLATFORM.Clock).toConstantValue(options.clock);
  const deps = resolveHttpDeps(container);
  const running = await startHttpServer(deps);
  // Every response is checked against the OpenAPI document; `stop` fails the file on a disagreement.
  validator ??= new ResponseValidator();
  const seen = validator.violations.length;
  validator.attach(running.server);
  const responses = validator;
  return {
    ...running,
    container,
    deps,
    dataDir,
    responses,
    databaseEnv: {
      DATA_DIR: config.dataDir,
      ...(config.databaseUrl !== undefined ? { DATABASE_URL: config.databaseUrl } : {}),
      ...(config.auth.jwtSecret !== undefined ? { JWT_SECRET: config.auth.jwtSecret } : {}),
    },
    async stop() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
      const violations = responses.violations.slice(seen);
      if (violations.length > 0) throw new Error(`responses that disagree with the OpenAPI document:\n${[...new Set(violations)].join('\n')}`);
    },
  };
}

/** A logger whose JSON lines are kept (`lines()`), for tests that read the log stream. */
export function capturingLogger(level = 'info'): { logger: Logger; lines(): Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines: () => lines };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { json?: unknown; body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}
