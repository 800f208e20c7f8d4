import type { VerifyBackend } from '../mcp/backend.js';
import { embeddedBackend, remoteBackend } from './backends.js';
import { McpServer } from './protocol.js';
import { SERVER_INFO } from '../mcp/server-info.js';
import type { StdioConfig } from './stdio-config.js';
import type { McpLog } from '../mcp/mcp-log.js';

/** The backend the configuration asks for: the HTTP API when SVC_API_URL is set, else in-process. */
export function backendFor(config: StdioConfig, log: McpLog): VerifyBackend {
  if (config.apiUrl) {
    return remoteBackend({
      baseUrl: config.apiUrl,
      apiKey: config.apiKey,
      timeoutMs: config.apiTimeoutMs,
      userAgent: `${SERVER_INFO.name}/${SERVER_INFO.version}`,
      log,
    });
  }
  return embeddedBackend({ corpusDir: config.corpusDir, log });
}

/** What svc-verify's main uses: the tool server and the backend it answers from. */
export interface StdioDeps {
  backend: VerifyBackend;
  server: McpServer;
}

/**
 * Composition root of the stdio runtime: two objects made from two, so plain typed calls say it
 * more simply than a container would (ADR 0039).
 */
export function composeStdio(config: StdioConfig, log: McpLog): StdioDeps {
  const backend = backendFor(config, log);
  return { backend, server: new McpServer({ backend, log }) };
}
