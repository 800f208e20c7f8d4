import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** How to start a worker thread on a module: its file, or a bootstrap evaluated as code. */
export interface WorkerEntry {
  file: URL | string;
  eval: boolean;
}

/**
 * The worker module `name` beside `moduleUrl` (the caller's `import.meta.url`): the compiled `.js`
 * in dist; when the caller itself runs from source (tsx, vitest), a small bootstrap that registers
 * tsx's loader in the worker and imports the `.ts` source.
 */
export function workerEntry(moduleUrl: string, name: string): WorkerEntry {
  if (!moduleUrl.endsWith('.ts')) return { file: new URL(`./${name}.js`, moduleUrl), eval: false };
  const source = new URL(`./${name}.ts`, moduleUrl).href;
  const manifest = createRequire(moduleUrl).resolve('tsx/package.json');
  const api = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api'].import.default;
  const tsx = new URL(api, pathToFileURL(manifest)).href;
  return { file: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`, eval: true };
}
