import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, tsFiles } from '../support/source-imports.js';

/**
 * The folders of core/ form no cycle (issue 29): no two sibling folders import each other, and
 * the areas are layered in the order docs/architecture.md writes. Read on the sources, so type
 * imports and module augmentations count too (the emitted JavaScript that dependency-cruiser
 * reads has lost them; .dependency-cruiser.cjs holds the same rule on the compiled output).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const coreDir = join(root, 'core');


/** Folder-to-folder imports: for each import between two sibling folders, the pair of siblings. */
function siblingImports(): Set<string> {
  const found = new Set<string>();
  for (const file of tsFiles(coreDir)) {
    const from = relative(coreDir, dirname(file)).split(sep);
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const to = relative(coreDir, dirname(resolve(dirname(file), spec))).split(sep);
      let common = 0;
      while (common < from.length && common < to.length && from[common] === to[common]) common++;
      if (common === from.length || common === to.length) continue; // same folder, or a parent's file
      found.add(`${from.slice(0, common + 1).join('/')} -> ${to.slice(0, common + 1).join('/')}`);
    }
  }
  return found;
}

function mutualPairs(imports: Set<string>): string[] {
  const pairs: string[] = [];
  for (const edge of imports) {
    const [a, b] = edge.split(' -> ');
    if (a < b && imports.has(`${b} -> ${a}`)) pairs.push(`${a} <-> ${b}`);
  }
  return pairs.sort();
}

/** The order of core/'s folders as docs/architecture.md writes it. */
function documentedOrder(): string[] {
  const doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const line = doc.split('\n').find((l) => l.includes('The folders of `core/` in their order'));
  expect(line, 'docs/architecture.md writes the order of the folders of core/').toBeDefined();
  return [...line!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
}

describe('the folders of core/', () => {
  it('the checker sees a pair of sibling folders importing each other, at any depth', () => {
    const imports = new Set(['a -> b', 'b -> a', 'a/x -> a/y', 'a/y -> a/x', 'c -> a']);
    expect(mutualPairs(imports)).toEqual(['a <-> b', 'a/x <-> a/y']);
  });

  it('no two sibling folders import each other (type imports and augmentations counted), but the named attestation pairs', () => {
    const pairs = mutualPairs(siblingImports());
    expect(pairs, 'sibling folders of core/ that import each other').toEqual([]);
  });

  it('each area imports only the areas written before it in docs/architecture.md', () => {
    const order = documentedOrder();
    const folders = readdirSync(coreDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect([...order].sort()).toEqual([...folders].sort());
    const backwards = [...siblingImports()]
      .map((edge) => edge.split(' -> '))
      .filter(([from, to]) => !from.includes('/') && order.indexOf(to) > order.indexOf(from))
      .map(([from, to]) => `${from} -> ${to}`);
    expect(backwards).toEqual([]);
  });
});
