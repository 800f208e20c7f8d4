import { z } from 'zod';
import { contract } from '../route-contract.js';
import { problem } from './shared.js';

const HealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
const ReadySchema = z
  .object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), z.string()) })
  .meta({ id: 'Readiness' });

export const healthz = contract({
  method: 'get',
  path: '/healthz',
  operationId: 'healthz',
  summary: 'Liveness: the process is up',
  description: 'Answers 200 while the process serves HTTP; it reads neither the database nor the corpus (see `/readyz`).',
  tag: 'Operations',
  security: 'none',
  limits: [],
  responses: { 200: { description: 'Up.', schema: HealthSchema } },
});

export const readyz = contract({
  method: 'get',
  path: '/readyz',
  operationId: 'readyz',
  summary: 'Readiness: database reachable, corpus loaded',
  description: 'Answers 200 when the database answers and the corpus is loaded, 503 with the failing checks otherwise; load balancers route on it.',
  tag: 'Operations',
  security: 'none',
  limits: [],
  responses: {
    200: { description: 'Ready.', schema: ReadySchema },
    503: { description: 'Not ready.', schema: ReadySchema, contentType: 'application/json' },
  },
});

export const metrics = contract({
  method: 'get',
  path: '/metrics',
  operationId: 'metrics',
  summary: 'Prometheus metrics (text exposition format)',
  description: 'Counters, gauges and histograms in the Prometheus text exposition format, for a scraper on the operator\'s network.',
  tag: 'Operations',
  security: 'none',
  limits: [],
  responses: { 200: { description: 'Metrics.', contentType: 'text/plain', schema: z.string() } },
});

export const openapi = contract({
  method: 'get',
  path: '/api/v1/openapi.json',
  operationId: 'openapi',
  summary: 'This OpenAPI 3.1 document',
  description: 'This OpenAPI 3.1 document, generated from the route contracts the server serves.',
  tag: 'Operations',
  security: 'none',
  limits: [],
  responses: { 200: { description: 'The OpenAPI document.', schema: z.object({}).passthrough() } },
});

export const docs = contract({
  method: 'get',
  path: '/docs',
  operationId: 'docs',
  summary: 'Human-readable API reference (built from the OpenAPI document)',
  description: 'An HTML reference of this document (Swagger UI, served from this host with its assets).',
  tag: 'Operations',
  security: 'none',
  limits: [],
  responses: { 200: { description: 'HTML page.', contentType: 'text/html', schema: z.string() } },
});

/** What the reference page's assets are served as (koa-send types them by extension). */
export const DOCS_ASSET_TYPES = ['text/css', 'text/javascript', 'image/png'] as const;

export const docsAsset = contract({
  method: 'get',
  path: '/docs/{asset}',
  operationId: 'docsAsset',
  summary: 'Static asset of the reference page',
  description: 'A stylesheet, script or image of the reference page, typed by its extension; any other name is a 404.',
  tag: 'Operations',
  security: 'none',
  limits: [],
  params: z.object({ asset: z.string() }),
  responses: {
    200: { description: 'The asset, typed by its extension.', contentType: DOCS_ASSET_TYPES, schema: z.string() },
    404: problem('No such asset.'),
  },
});

/** This area's operations in the order the router tries them; `API_CONTRACTS` places the area. */
export const ROUTES = [healthz, readyz, metrics, openapi, docs, docsAsset] as const;
