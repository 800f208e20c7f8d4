import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../runtimes/admin/run-admin.js';
import { corpusHarness } from '../support/corpus-harness.js';
import { eventually } from '../support/eventually.js';
import { call } from '../support/http-harness.js';

const suite = corpusHarness('svc-operator-http-');
const { root, corpusDir } = suite;

const verify = (subject_artist: string, subject_title: string) => call(suite.h.url, 'POST', '/api/v1/verify', { json: { subject_artist, subject_title } });

async function importFile(lines: object[]) {
  const path = join(root, `import-${Date.now()}.ndjson`);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n'));
  let stdout = '';
  const code = await runAdmin(['corpus', 'import', path], { env: { ...suite.h.databaseEnv, CORPUS_DIR: corpusDir, LOG_LEVEL: 'warn' }, stdout: (t) => (stdout += t), stderr: () => {} });
  expect(code).toBe(0);
  return JSON.parse(stdout);
}

describe('operator research reaches a running server without a restart', () => {
  it('a new revision changes the verdict, the attestations, the coverage counts and its ETag', async () => {
    const before = await verify('J. M. W. Turner', 'The Fighting Temeraire');
    expect(before.body).toMatchObject({ verdict: 'attested', corpus_revision: `${suite.buildId}.0` });
    const coverage = await call(suite.h.url, 'GET', '/api/v1/verify/coverage');
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
    expect(applied.corpus_revision).toBe(`${suite.buildId}.1`);

    const after = await eventually(() => verify('J. M. W. Turner', 'The Fighting Temeraire'), (r) => r.body.corpus_revision !== `${suite.buildId}.0`);
    expect(after.body).toMatchObject({ verdict: 'contradicted', corpus_revision: `${suite.buildId}.1`, suggested_requalification: { article: 'art. 5' } });
    expect(after.body.attestations[0]).toMatchObject({ verified_by: 'operator', confidence: 0.99 });
    expect((await verify('Hoppner, John', 'Lady Louisa Manners')).body.verdict).toBe('attested');
    // Another work keeps its answer.
    expect((await verify('John Hoppner', 'Portrait of Mrs Jordan')).body.verdict).toBe('contradicted');

    const refreshed = await call(suite.h.url, 'GET', '/api/v1/verify/coverage', { headers: { 'if-none-match': etag } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('etag')).toBe(`W/"coverage-${suite.buildId}.1"`);
    expect(refreshed.body.counts).toMatchObject({ works: 5, claims_by_source: { operator: 2 } });
    expect((await call(suite.h.url, 'GET', '/readyz')).body.checks.corpus).toContain(`${suite.buildId}.1`);
  });
});
