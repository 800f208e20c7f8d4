import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import { runAdmin } from '../../runtimes/admin/run-admin.js';
import { httpCorpus } from '../support/http-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

const root = mkdtempSync(join(tmpdir(), 'svc-operator-http-'));
const corpusDir = join(root, 'corpus');
let h: Harness;
let buildId: string;

beforeAll(async () => {
  buildId = (await writeCorpus(corpusDir, httpCorpus.artists, httpCorpus.works, [], new Date('2026-11-01T00:00:00Z'))).manifest.build_id;
  h = await startHarness({ env: { CORPUS_DIR: corpusDir, DEMO_SEED: 'false' } });
});
afterAll(async () => {
  await h.stop();
  rmSync(root, { recursive: true, force: true });
});

const verify = (subject_artist: string, subject_title: string) => call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist, subject_title } });

async function importFile(lines: object[]) {
  const path = join(root, `import-${Date.now()}.ndjson`);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n'));
  let stdout = '';
  const code = await runAdmin(['corpus', 'import', path], { env: { ...h.databaseEnv, CORPUS_DIR: corpusDir, LOG_LEVEL: 'warn' }, stdout: (t) => (stdout += t), stderr: () => {} });
  expect(code).toBe(0);
  return JSON.parse(stdout);
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() - start > ms) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('operator research reaches a running server without a restart', () => {
  it('a new revision changes the verdict, the attestations, the coverage counts and its ETag', async () => {
    const before = await verify('J. M. W. Turner', 'The Fighting Temeraire');
    expect(before.body).toMatchObject({ verdict: 'attested', corpus_revision: `${buildId}.0` });
    const coverage = await call(h.url, 'GET', '/api/v1/verify/coverage');
    const etag = coverage.headers.get('etag') as string;
    expect(coverage.body.counts.claims_by_source.operator).toBe(0);

    const applied = await importFile([
      {
        work_id: 'wrk_tate_N00524',
        pillar: 'authentication',
        kind: 'attribution',
        claim: 'Technical study: the rigging was painted by an assistant.',
        source_ref: 'https://example.org/research/temeraire',
        researcher: 'B. Okafor',
        attribution: { artist: 'Joseph Mallord William Turner', qualifier: 'workshop_of' },
      },
      { artist: 'John Hoppner', title: 'Lady Louisa Manners', pillar: 'authentication', kind: 'attribution', claim: 'Signed.', source_ref: 'https://example.org/research/hoppner', researcher: 'B. Okafor', attribution: { artist: 'John Hoppner', qualifier: 'firm' } },
    ]);
    expect(applied.corpus_revision).toBe(`${buildId}.1`);

    const after = await until(() => verify('J. M. W. Turner', 'The Fighting Temeraire'), (r) => r.body.corpus_revision !== `${buildId}.0`);
    expect(after.body).toMatchObject({ verdict: 'contradicted', corpus_revision: `${buildId}.1`, suggested_requalification: { article: 'art. 5' } });
    expect(after.body.attestations[0]).toMatchObject({ verified_by: 'operator', confidence: 0.99 });
    expect((await verify('Hoppner, John', 'Lady Louisa Manners')).body.verdict).toBe('attested');
    // Another work keeps its answer.
    expect((await verify('John Hoppner', 'Portrait of a Lady')).body.verdict).toBe('contradicted');

    const refreshed = await call(h.url, 'GET', '/api/v1/verify/coverage', { headers: { 'if-none-match': etag } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('etag')).toBe(`W/"coverage-${buildId}.1"`);
    expect(refreshed.body.counts).toMatchObject({ works: 5, claims_by_source: { operator: 2 } });
    expect((await call(h.url, 'GET', '/readyz')).body.checks.corpus).toContain(`${buildId}.1`);
  });
});
