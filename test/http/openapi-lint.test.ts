import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

/** Runs a linter; a non-zero exit is reported through its output, not thrown. */
async function lint(cmd: string, args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd: root, env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}\nexit: non-zero`;
  }
}

// docs/openapi.json is the generated document (test/http/openapi.test.ts); both linters the
// issue's clients used must find nothing in it: 0 errors and 0 warnings.
describe('the OpenAPI document passes third-party linters', () => {
  it('Redocly CLI, recommended rules (redocly.yaml): 0 errors, 0 warnings', async () => {
    const out = await lint(bin('redocly'), ['lint', 'docs/openapi.json', '--format=json']);
    const json = JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(json.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(json.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('Spectral, spectral:oas (.spectral.yaml): no findings of any severity', async () => {
    const out = await lint(bin('spectral'), ['lint', 'docs/openapi.json', '--ruleset', '.spectral.yaml', '--format', 'json', '--fail-severity', 'hint']);
    const findings = JSON.parse(out.slice(out.indexOf('['), out.lastIndexOf(']') + 1)) as { code: string; message: string; path: string[] }[];
    expect(findings.map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`)).toEqual([]);
  }, 120_000);
});
