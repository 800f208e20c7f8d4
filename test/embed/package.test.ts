import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_VERSION } from '../support/package-version.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const packageDir = join(root, 'packages/verifier');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Bytes of every file under `dir`. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}

const CONSUMER = `import { createVerifier, DomainError, type VerificationResponse } from 'svc-verifier';

const verifier = createVerifier();
const answer: VerificationResponse = await verifier.verify({ subject_artist: 'Rembrandt van Rijn', subject_title: 'The Night Watch' });
const batch = await verifier.verifyBatch([{ subject_artist: 'Rembrandt van Rijn', subject_title: 'The Night Watch' }, { subject_artist: '' }]);
const coverage = await verifier.coverage({ artist: 'Rembrandt' });
const sheet = await verifier.verifyCatalogue('Lot;Artiste;Titre\\n1;Rembrandt van Rijn;The Night Watch\\n');
let refused = '';
try {
  await verifier.verify({ subject_artist: '', subject_title: '' });
} catch (err) {
  if (err instanceof DomainError) refused = err.code;
}
console.log(JSON.stringify({ verdict: answer.verdict, citations: answer.attestations.length, served: batch.served, errors: batch.errors, artists: coverage.artists_matched ?? 0, refused, lots: sheet.rows.length }));
`;

// The package an embedder installs (issue 28): packed from packages/verifier, installed into a
// scratch project from the tarball, type-checked as a strict consumer and run.
describe('svc-verifier, the embedding package', () => {
  let scratch: string;
  let tarball: string;
  let installMs = 0;

  beforeAll(async () => {
    if (!existsSync(join(packageDir, 'dist/runtimes/embed/index.js')) || !existsSync(join(packageDir, 'corpus/data'))) {
      await run(npm, ['run', '-s', 'build:verifier'], { cwd: root });
    }
    scratch = mkdtempSync(join(tmpdir(), 'svc-embedder-'));
    const packed = await run(npm, ['pack', '--json', '--pack-destination', scratch], { cwd: packageDir });
    const [info] = JSON.parse(packed.stdout) as { filename: string; entryCount: number; files: { path: string }[] }[];
    tarball = join(scratch, info!.filename);
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'embedder', private: true, type: 'module' }));
    const started = Date.now();
    // zod is in npm's cache after the repository's own install: no download is needed.
    await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: scratch });
    installMs = Date.now() - started;
  }, 300_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('is the release of the service, and ships only what runs: compiled code, declarations and the corpus', async () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };
    expect(manifest.version).toBe(PACKAGE_VERSION);
    // zod for the input rules; the catalogue reader's CSV/XLSX libraries and htmlparser2 (pure JavaScript) for verifyCatalogue.
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['csv-parse', 'csv-stringify', 'exceljs', 'fflate', 'htmlparser2', 'zod']);
    // Every package the compiled code imports is one of its dependencies (or Node's own): a
    // missing one would still resolve here from a node_modules above the scratch project.
    const imported = new Set<string>();
    for (const file of readdirSync(join(packageDir, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(packageDir, 'dist', file), 'utf8');
      const specifiers = [...code.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'/gm), ...code.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!);
      for (const specifier of specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:'))) {
        imported.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
    expect([...imported].sort()).toEqual(Object.keys(manifest.dependencies).sort());
    const listed = await run('tar', ['-tzf', tarball]);
    const files = listed.stdout.trim().split('\n');
    expect(files.every((f) => /^package\/(dist\/.*\.(js|d\.ts)|corpus\/.+|README\.md|package\.json)$/.test(f))).toBe(true);
    expect(files.some((f) => f.includes('/test/') || f.endsWith('.ts') && !f.endsWith('.d.ts') || f.endsWith('.map'))).toBe(false);
    expect(files).toContain('package/corpus/data/manifest.json');
  });

  it('installs without compiling anything or pulling a database driver', () => {
    const modules = readdirSync(join(scratch, 'node_modules')).filter((m) => !m.startsWith('.'));
    expect(modules).toContain('svc-verifier');
    for (const driver of ['better-sqlite3', 'pg', 'ioredis', 'koa', 'node-gyp-build', 'bindings', 'prebuild-install']) expect(modules, driver).not.toContain(driver);
    // Nothing in the tree has a native part to build.
    const native = readdirSync(join(scratch, 'node_modules'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('binding.gyp'));
    expect(native).toEqual([]);
    console.info(`svc-verifier install: ${installMs} ms, node_modules ${(bytesUnder(join(scratch, 'node_modules')) / 1e6).toFixed(1)} MB`);
  });

  it('type-checks under --strict as a consumer writes it, and runs', async () => {
    writeFileSync(join(scratch, 'consumer.ts'), CONSUMER);
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    await run(process.execPath, [tsc, '--strict', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022', '--lib', 'ES2023', '--typeRoots', join(root, 'node_modules/@types'), '--types', 'node', '--outDir', 'out', 'consumer.ts'], { cwd: scratch }).catch((err: { stdout?: string }) => {
      throw new Error(`the consumer does not type-check:\n${err.stdout ?? ''}`);
    });
    const { stdout } = await run(process.execPath, ['out/consumer.js'], { cwd: scratch });
    const result = JSON.parse(stdout) as { verdict: string; citations: number; served: number; errors: number; artists: number; refused: string; lots: number };
    expect(result).toMatchObject({ verdict: 'attested', served: 1, errors: 1, refused: 'VALIDATION', lots: 1 });
    expect(result.citations).toBeGreaterThan(0);
    expect(result.artists).toBeGreaterThan(0);
  }, 120_000);
});
