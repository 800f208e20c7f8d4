import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { openapiSchemas } from './openapi-schemas';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web pages (ADR 0042): one HTML entry per page (`<page>/index.html`), built into
 * dist/web/ with hashed, shared assets under /web/assets/. Nothing inline (the pages run under
 * `default-src 'self'` with no 'unsafe-inline'), nothing from another host.
 */
export default defineConfig({
  root: here,
  base: '/web/',
  publicDir: false,
  plugins: [openapiSchemas(resolve(here, '../docs/openapi.json'))],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: resolve(here, '../dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    assetsInlineLimit: 0, // never a data: URL in a stylesheet or script
    modulePreload: { polyfill: false }, // Chromium, Firefox and Safari preload modules natively
    target: 'es2022',
    rollupOptions: {
      input: { workbench: resolve(here, 'workbench/index.html'), console: resolve(here, 'console/index.html') },
    },
  },
});
