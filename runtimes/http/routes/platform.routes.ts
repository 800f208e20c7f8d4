import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import send from 'koa-send';
import type { Registry } from 'prom-client';
import * as platform from '../contracts/platform.contracts.js';
import type { HandlersOf } from '../route-contract.js';

export interface ReadinessCheck {
  name: string;
  /** A short state ("ok (…)"); throws when not ready (a `NotReady` names why). */
  check(): Promise<string>;
}

/** A readiness check's "not ready" with the reason shown (others show as `failing`). */
export class NotReady extends Error {}

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

export function platformHandlers(deps: {
  readiness: ReadinessCheck[];
  metrics: Registry;
  openapi: () => object;
}): HandlersOf<typeof platform> {
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return {
    healthz: (ctx) => {
      ctx.body = { status: 'ok' };
    },
    readyz: async (ctx) => {
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
    metrics: async (ctx) => {
      ctx.type = deps.metrics.contentType;
      ctx.body = await deps.metrics.metrics();
    },
    openapi: (ctx) => {
      ctx.body = deps.openapi();
    },
    docs: (ctx) => {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = DOCS_PAGE;
    },
    docsAsset: async (ctx, { params }) => {
      if (params.asset === 'init.js') {
        ctx.type = 'text/javascript'; // as koa-send types the other scripts (RFC 9239)
        ctx.body = DOCS_INIT;
        return;
      }
      if (!DOCS_ASSETS.has(params.asset)) return; // falls through to the 404 problem
      // koa-send: type by extension, Content-Length, Last-Modified; cacheable by anyone for a day.
      await send(ctx, params.asset, { root: assetDir, setHeaders: (res) => res.setHeader('Cache-Control', `public, max-age=${ONE_DAY_S}`) });
    },
  };
}
