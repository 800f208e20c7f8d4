import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import send from 'koa-send';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import { ProblemSchema } from '../../shared/problem.schemas.js';
import { defineRoute, type RouteSpec } from '../route-spec.js';

export interface ReadinessCheck {
  name: string;
  /** A short state ("ok (…)"); throws when not ready (a `NotReady` names why). */
  check(): Promise<string>;
}

/** A readiness check's "not ready" with the reason shown (others show as `failing`). */
export class NotReady extends Error {}

const HealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
const ReadySchema = z
  .object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), z.string()) })
  .meta({ id: 'Readiness' });

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const DOCS_ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);
const ONE_DAY_S = 86_400;

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#ui', deepLinking: true });`;

export function platformRoutes(deps: {
  readiness: ReadinessCheck[];
  metrics: Registry;
  openapi: () => object;
}): RouteSpec[] {
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return [
    defineRoute({
      method: 'get',
      path: '/healthz',
      operationId: 'healthz',
      summary: 'Liveness: the process is up',
      tag: 'Operations',
      security: 'none',
      responses: { 200: { description: 'Up.', schema: HealthSchema } },
      handler: (ctx) => {
        ctx.body = { status: 'ok' };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/readyz',
      operationId: 'readyz',
      summary: 'Readiness: database reachable, corpus loaded',
      tag: 'Operations',
      security: 'none',
      responses: {
        200: { description: 'Ready.', schema: ReadySchema },
        503: { description: 'Not ready.', schema: ReadySchema, contentType: 'application/json' },
      },
      handler: async (ctx) => {
        const checks: Record<string, string> = {};
        let ready = true;
        for (const r of deps.readiness) {
          try {
            checks[r.name] = await r.check();
          } catch (err) {
            checks[r.name] = err instanceof NotReady ? err.message : 'failing';
            ready = false;
          }
        }
        ctx.status = ready ? 200 : 503;
        ctx.body = { status: ready ? 'ready' : 'not_ready', checks };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      summary: 'Prometheus metrics (text exposition format)',
      tag: 'Operations',
      security: 'none',
      responses: { 200: { description: 'Metrics.', contentType: 'text/plain', schema: z.string() } },
      handler: async (ctx) => {
        ctx.type = deps.metrics.contentType;
        ctx.body = await deps.metrics.metrics();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      tag: 'Operations',
      security: 'none',
      responses: { 200: { description: 'The OpenAPI document.', schema: z.object({}).passthrough() } },
      handler: (ctx) => {
        ctx.body = deps.openapi();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      operationId: 'docs',
      summary: 'Human-readable API reference (built from the OpenAPI document)',
      tag: 'Operations',
      security: 'none',
      responses: { 200: { description: 'HTML page.', contentType: 'text/html', schema: z.string() } },
      handler: (ctx) => {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = DOCS_PAGE;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs/{asset}',
      operationId: 'docsAsset',
      summary: 'Static asset of the reference page',
      tag: 'Operations',
      security: 'none',
      params: z.object({ asset: z.string() }),
      responses: {
        200: { description: 'The asset.', contentType: 'application/octet-stream', schema: z.string() },
        404: { description: 'No such asset.', schema: ProblemSchema },
      },
      handler: async (ctx, { params }) => {
        if (params.asset === 'init.js') {
          ctx.type = 'application/javascript';
          ctx.body = DOCS_INIT;
          return;
        }
        if (!DOCS_ASSETS.has(params.asset)) return; // falls through to the 404 problem
        // koa-send: type by extension, Content-Length, Last-Modified; cacheable by anyone for a day.
        await send(ctx, params.asset, { root: assetDir, setHeaders: (res) => res.setHeader('Cache-Control', `public, max-age=${ONE_DAY_S}`) });
      },
    }),
  ];
}
