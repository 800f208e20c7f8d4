import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every module specifier of a TypeScript source: static, type-only, dynamic, re-exports and
 * module augmentations (`declare module './x.js'`), which the emitted JavaScript drops.
 */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bdeclare\s+module\s+['"]([^'"]+)['"]/g,
  ];
  for (const p of patterns) for (const m of source.matchAll(p)) found.push(m[1]);
  return found;
}

/** The TypeScript files under `dir`, at any depth. */
export function* tsFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}
