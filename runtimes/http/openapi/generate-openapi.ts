import { pino } from 'pino';
import { loadConfig } from '../../shared/config.js';
import { buildHttpContainer } from '../container.js';
import { resolveHttpDeps } from '../http-deps.js';
import { buildRouteGroups } from '../route-groups.js';
import { buildOpenApiDocument } from './openapi-document.js';

/**
 * The OpenAPI document exactly as the server serves it, built without a data directory
 * (in-memory database, empty corpus): the document depends only on the route specs.
 */
export async function generateOpenApi(): Promise<object> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' });
  const container = await buildHttpContainer(config, pino({ level: 'silent' }), {
    snapshot: { build_id: 'openapi', artists: [], works: [] },
  });
  const document = buildOpenApiDocument(buildRouteGroups(resolveHttpDeps(container)).flatMap((g) => g.routes));
  return document;
}

export const serialiseOpenApi = (document: object) => `${JSON.stringify(document, null, 2)}\n`;
