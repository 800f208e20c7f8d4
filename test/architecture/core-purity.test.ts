import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, tsFiles } from '../support/source-imports.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const coreDir = join(root, 'core');

/** The violations of core purity in one file: anything that is not a relative path inside core/. */
export function violations(file: string, source: string): string[] {
  return importSpecifiers(source).filter((spec) => {
    if (!spec.startsWith('.')) return true; // npm package or Node built-in
    return relative(coreDir, resolve(dirname(file), spec)).startsWith('..');
  });
}

describe('core/ is pure TypeScript', () => {
  it('the checker sees every import form', () => {
    const sample = [
      "import type { Context } from 'koa';",
      "import { readFile } from 'node:fs';",
      "export { x } from '../../adapters/sql/database.js';",
      "import 'reflect-metadata';",
      "const m = await import('kysely');",
      "import { ok } from './ok.js';",
    ].join('\n');
    expect(violations(join(coreDir, 'attestation', 'x.ts'), sample)).toEqual([
      'koa',
      'node:fs',
      '../../adapters/sql/database.js',
      'reflect-metadata',
      'kysely',
    ]);
  });

  it('no file under core/ imports a package, a Node built-in, an adapter or a runtime (type imports included)', () => {
    const found: string[] = [];
    for (const file of tsFiles(coreDir)) {
      for (const v of violations(file, readFileSync(file, 'utf8'))) found.push(`${relative(root, file)} -> ${v}`);
    }
    expect(found).toEqual([]);
  });

  it('no decorators in core/, adapters/ or runtimes/ (wiring is by explicit token; tsconfig enables no decorators)', () => {
    const found: string[] = [];
    for (const dir of ['core', 'adapters', 'runtimes']) {
      for (const file of tsFiles(join(root, dir))) {
        if (/^\s*@[A-Za-z_]\w*\s*(\(|$)/m.test(readFileSync(file, 'utf8'))) found.push(relative(root, file));
      }
    }
    expect(found).toEqual([]);
  });
});
