import { embeddedBackend, remoteBackend, type VerifyBackend } from './backends.js';
import { McpServer } from './protocol.js';
import { SERVER_INFO } from './server-info.js';
import type { StdioConfig } from './stdio-config.js';
import type { StdioLog } from './stdio-log.js';

/** The backend the configuration asks for: the HTTP API when SVC_API_URL is set, else in-process. */
export function backendFor(config: StdioConfig, log: StdioLog): VerifyBackend {
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
export function composeStdio(config: StdioConfig, log: StdioLog): StdioDeps {
  const backend = backendFor(config, log);
  return { backend, server: new McpServer({ backend, log }) };
}
