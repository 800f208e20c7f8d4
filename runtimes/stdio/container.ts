import { Container } from 'inversify';
import { resolveAll } from '../shared/composition/resolve-all.js';
import type { VerifyBackend } from '../mcp/backend.js';
import { embeddedBackend, remoteBackend } from './backends.js';
import { McpServer } from './protocol.js';
import { SERVER_INFO } from '../mcp/server-info.js';
import type { StdioConfig } from './stdio-config.js';
import type { McpLog } from '../mcp/mcp-log.js';
import { STDIO } from './stdio.tokens.js';

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

/** Composition root of the stdio runtime. */
export function buildStdioContainer(config: StdioConfig, log: McpLog): Container {
  const container = new Container();
  container.bind<StdioConfig>(STDIO.Config).toConstantValue(config);
  container.bind<McpLog>(STDIO.Log).toConstantValue(log);
  container
    .bind<VerifyBackend>(STDIO.Backend)
    .toResolvedValue((c: StdioConfig, l: McpLog) => backendFor(c, l), [STDIO.Config, STDIO.Log])
    .inSingletonScope();
  container
    .bind<McpServer>(STDIO.Server)
    .toResolvedValue((backend: VerifyBackend, l: McpLog) => new McpServer({ backend, log: l }), [STDIO.Backend, STDIO.Log])
    .inSingletonScope();
  return container;
}

/** What svc-verify's main uses: the tool server and the backend it answers from. */
export interface StdioDeps {
  backend: VerifyBackend;
  server: McpServer;
}

/** The one place the stdio runtime reads its container (docs/decisions/0020). */
export const resolveStdioDeps = (container: Container): StdioDeps => resolveAll<StdioDeps>(container, { backend: STDIO.Backend, server: STDIO.Server });
