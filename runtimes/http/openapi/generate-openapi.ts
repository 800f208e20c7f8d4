import { Registry } from 'prom-client';
import type { HttpServices } from '../http-deps.js';
import { allRoutes, routeSets } from '../route-groups.js';
import { buildOpenApiDocument } from './openapi-document.js';

/**
 * Stands in for every service while routes are listed: a route's handler reaches its services
 * only when a request arrives, so nothing here is ever called; a call would throw and name it.
 */
function servicesNeverCalled(): HttpServices {
  const refuse = (name: string): never => {
    throw new Error(`generate-openapi: ${name} was used while listing routes; route builders must only close over their services`);
  };
  return new Proxy({} as HttpServices, {
    get: (_target, service) =>
      new Proxy(() => undefined, {
        get: (_fn, member) => refuse(`${String(service)}.${String(member)}`),
        apply: () => refuse(String(service)),
      }),
  });
}

/**
 * The OpenAPI document exactly as the server serves it, from the same route sets, built
 * without a container, a configuration or a database: the document depends only on the
 * route specs.
 */
export function generateOpenApi(): object {
  const sets = routeSets(servicesNeverCalled(), { metrics: new Registry(), readiness: [], openapi: () => ({}) });
  return buildOpenApiDocument(allRoutes(sets));
}

export const serialiseOpenApi = (document: object) => `${JSON.stringify(document, null, 2)}\n`;
