import { API_CONTRACTS } from '../contracts/index.js';
import { buildOpenApiDocument } from './openapi-document.js';

/**
 * The OpenAPI document exactly as the server serves it, from the route contracts alone: no
 * service, configuration or database is built to list them.
 */
export const generateOpenApi = (): object => buildOpenApiDocument(API_CONTRACTS);

export const serialiseOpenApi = (document: object) => `${JSON.stringify(document, null, 2)}\n`;
