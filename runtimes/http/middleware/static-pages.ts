import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { packageDir } from '../../shared/settings/release.js';
import { sendProblem } from '../problem.js';

/** The pages built from web/ (ADR 0042): each is served at `/<page>` from `<root>/<page>/index.html`. */
export const WEB_PAGES = ['workbench', 'console'] as const;

/** Where the pages' hashed assets are served (Vite's `base` + `assetsDir`, web/vite.config.ts). */
export const WEB_ASSETS_PREFIX = '/web/assets/';

/** Where `npm run build` writes the pages (Vite's outDir), found from the package root so it holds from the sources and from dist/. */
export const defaultWebRoot = (): string => join(packageDir(), 'dist', 'web');

/**
 * The pages and their assets load only from this origin: no inline script or style, no
 * framing, no plugin, no base rewrite; the API calls they make are same-origin (`connect-src`
 * falls back to `default-src 'self'`).
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Hashed asset names change with their content: cached for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A page's HTML names the current assets: revalidated on every load. */
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8', // RFC 9239
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** An asset file name as Vite writes it (`name-hash.ext`): no path separator, no dot-dot. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

/**
 * The one middleware that serves the web pages: `GET /<page>` (and `/<page>/`) answers the
 * page's HTML, `GET /web/assets/<name>` a hashed asset, each with the page headers above and its
 * content type; any other method on them is a 405. Everything else goes on to the API routes.
 * A page not built (no `<root>/<page>/index.html`) is the ordinary 404.
 */
export function staticPages(options: { root: string; pages?: readonly string[] }) {
  const pagePaths = new Map<string, string>();
  for (const page of options.pages ?? WEB_PAGES) {
    pagePaths.set(`/${page}`, `${page}/index.html`);
    pagePaths.set(`/${page}/`, `${page}/index.html`);
  }
  return async function pages(ctx: Context, next: Next): Promise<void> {
    const page = pagePaths.get(ctx.path);
    const asset = page === undefined && ctx.path.startsWith(WEB_ASSETS_PREFIX) ? ctx.path.slice(WEB_ASSETS_PREFIX.length) : undefined;
    if (page === undefined && asset === undefined) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      sendProblem(ctx, 405, `${ctx.method} is not allowed on ${ctx.path}; allowed: GET, HEAD.`);
      return;
    }
    const file = page ?? (asset !== undefined && ASSET_NAME.test(asset) && !asset.includes('..') ? `assets/${asset}` : undefined);
    if (file === undefined || !existsSync(join(options.root, file))) return next();
    await send(ctx, file, {
      root: options.root,
      setHeaders: (res) => {
        for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
        res.setHeader('Cache-Control', page !== undefined ? REVALIDATE : IMMUTABLE);
      },
    });
    const type = TYPES[extname(file)];
    if (type !== undefined) ctx.type = type;
  };
}
