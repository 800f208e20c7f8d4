#!/usr/bin/env node
import { createLogger } from '../shared/settings/logger.js';
import { composeStdio } from './container.js';
import { loadStdioConfig, type StdioConfig } from './stdio-config.js';
import { StdioTransport } from './transport.js';

/**
 * svc-verify: the MCP tool server on stdin/stdout. stdout carries JSON-RPC messages only;
 * logs are JSON lines on stderr. Exits 0 once stdin is closed and in-flight calls are answered.
 */
async function main(): Promise<number> {
  // stdout is the protocol channel: stray console output from any dependency goes to stderr.
  console.log = console.info = console.debug = console.error;
  let config: StdioConfig;
  try {
    config = loadStdioConfig();
  } catch (err) {
    process.stderr.write(`svc-verify: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const log = createLogger(config.logLevel, 2);
  const { backend, server } = composeStdio(config, log);
  await server.connect(new StdioTransport(process.stdin, process.stdout));
  log.info({ mode: backend.mode, ...(config.apiUrl ? { api: new URL(config.apiUrl).origin } : {}) }, 'svc-verify serving MCP on stdio');
  void backend.prepare?.();

  const stop = () => void server.close();
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await server.closed;
  log.info({}, 'stdin closed: exiting');
  return 0;
}

/** Exits once stdout has taken every byte written (keep-alive sockets would otherwise hold the loop). */
function exit(code: number): void {
  if (process.stdout.writableLength === 0 || process.stdout.destroyed) {
    process.exit(code);
    return;
  }
  process.stdout.write('', () => process.exit(code));
}

main().then(exit, (err: unknown) => {
  process.stderr.write(`svc-verify: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  exit(1);
});
