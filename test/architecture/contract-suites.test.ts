import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const contractDir = resolve(dirname(fileURLToPath(import.meta.url)), '../contract');
const suites = readdirSync(contractDir).filter((f) => f.endsWith('.contract.test.ts'));

/**
 * Contract suites run through the one runner (test/support/contract-suite.ts), and their SQL
 * adapters come from the runtimes' binding modules: a suite that builds an SQL store by hand
 * would test a wiring the service does not use (docs/decisions/0024).
 */
describe('contract suites', () => {
  it('there are contract suites to check', () => {
    expect(suites.length).toBeGreaterThanOrEqual(11);
  });

  it.each(suites)('%s runs through contractSuite and builds no SQL, SQLite or PostgreSQL adapter by hand', (file) => {
    const source = readFileSync(join(contractDir, file), 'utf8');
    expect(source).toMatch(/\bcontractSuite\(/);
    const handBuilt = [...source.matchAll(/\bfrom\s*'([^']+)'/g)].map((m) => m[1]).filter((spec) => /\/adapters\/(sql|sqlite|postgres)\//.test(spec) && !spec.endsWith('/unique-violation.js'));
    expect(handBuilt).toEqual([]);
  });
});
