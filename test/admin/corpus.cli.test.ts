import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../corpus/build/corpus-writer.js';
import { runAdminCaptured } from '../support/admin-runner.js';
import { ADMIN_TARGETS } from '../support/admin-targets.js';
import { httpCorpus } from '../fixtures/http-corpus.js';

const root = mkdtempSync(join(tmpdir(), 'svc-corpus-cli-'));
const corpusDir = join(root, 'corpus');
let buildId: string;

beforeAll(async () => {
  const written = await writeCorpus(corpusDir, httpCorpus.artists, httpCorpus.works, [], new Date('2026-11-01T00:00:00Z'));
  buildId = written.manifest.build_id;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));


function file(name: string, lines: (object | string)[]): string {
  const path = join(root, name);
  writeFileSync(path, `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`);
  return path;
}

const claim = {
  work_id: 'wrk_tate_N00524',
  pillar: 'provenance',
  kind: 'ownership_event',
  claim: 'Exhibited at the Royal Academy, 1839, no. 43.',
  source_ref: 'https://www.tate.org.uk/art/artworks/turner-the-fighting-temeraire-n00524',
  researcher: 'C. Martin',
};

describe.each(ADMIN_TARGETS)('svc-admin corpus on $name', (target) => {
  let targetEnv: Record<string, string>;
  beforeAll(async () => {
    targetEnv = await target.env(join(root, `data-${target.name}`));
  });
  const admin = (...args: string[]) => runAdminCaptured({ ...targetEnv, CORPUS_DIR: corpusDir }, args);

  it('reports the shipped corpus before any import', async () => {
    const r = await admin('corpus', 'stats');
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({
      build_id: buildId,
      corpus_revision: `${buildId}.0`,
      counts: { artists: 2, works: 4, claims: 6, claims_by_source: { 'import:tate': 5, 'import:kb': 1, operator: 0 } },
      operator: { revision: 0, claims: 0 },
      imports: [],
    });
    expect(Object.keys(r.json.counts.claims_by_pillar)).toEqual(['provenance', 'authentication', 'market', 'condition']);
  });

  it('imports a valid file as one revision and says what it added', async () => {
    const path = file('good.ndjson', [
      claim,
      '',
      { artist: 'John Hoppner', title: 'Portrait of a Gentleman', pillar: 'authentication', kind: 'attribution', claim: 'Signed.', source_ref: 'https://example.org/hoppner', researcher: 'A. Dupont', attribution: { artist: 'Hoppner, John', qualifier: 'firm' } },
    ]);
    const r = await admin('corpus', 'import', path);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^svc-admin: database (SQLite file|PostgreSQL) \S+\n$/); // only the database it opened
    expect(r.json).toMatchObject({ applied: true, revision: 1, corpus_revision: `${buildId}.1`, lines: 3, claims: 2, works_added: 1, artists_added: 0, researchers: ['A. Dupont', 'C. Martin'] });
    const stats = (await admin('corpus', 'stats')).json;
    expect(stats).toMatchObject({ corpus_revision: `${buildId}.1`, counts: { works: 5, claims: 8, claims_by_source: { operator: 2 } }, operator: { revision: 1, claims: 2, attributions: 1, works_added: 1 } });
    expect(stats.imports).toHaveLength(1);
  });

  it('applies nothing from a file with a bad line, and names every bad line', async () => {
    const path = file('bad.ndjson', [
      { ...claim, claim: 'A new fact.' },
      '{ not json',
      { ...claim, claim: 'Another.', pillar: 'condition' },
      { ...claim, claim: 'Again.', work_id: 'wrk_unknown' },
    ]);
    const r = await admin('corpus', 'import', path);
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ applied: false, lines: 4, errors_total: 3 });
    expect(r.json.errors.map((e: { line: number }) => e.line)).toEqual([2, 3, 4]);
    expect(r.stderr).toMatch(/^line 2: not valid JSON$/m);
    expect(r.stderr).toMatch(/^line 3: kind ownership_event does not fit pillar condition/m);
    expect(r.stderr).toMatch(/^line 4: work_id wrk_unknown is not in the corpus$/m);
    expect(r.stderr).toMatch(/nothing was imported/);
    expect((await admin('corpus', 'stats')).json.operator.revision).toBe(1);
  });

  it('checks without applying with --dry-run', async () => {
    const path = file('dry.ndjson', [{ ...claim, claim: 'Dry run only.' }]);
    const r = await admin('corpus', 'import', path, '--dry-run');
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ applied: false, dry_run: true, claims: 1, errors: [] });
    expect((await admin('corpus', 'stats')).json.operator.revision).toBe(1);
  });

  it('fails cleanly on a missing file or bad usage', async () => {
    const missing = await admin('corpus', 'import', join(root, 'nope.ndjson'));
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/cannot read .*nope\.ndjson: ENOENT/);
    expect((await admin('corpus', 'import')).code).toBe(2);
    expect((await admin('corpus', 'stats', 'extra')).code).toBe(2);
  });

  it('reads the corpus only to import: other commands run without one; an import without one fails and applies nothing', async () => {
    const noCorpus = (...args: string[]) => runAdminCaptured({ ...targetEnv, CORPUS_DIR: join(root, 'no-corpus-here') }, args);
    const key = await noCorpus('key', 'create', '--label', 'no corpus needed');
    expect(key.code, key.stderr).toBe(0);
    const imported = await noCorpus('corpus', 'import', file('needs-corpus.ndjson', [claim]));
    expect(imported.code).toBe(1);
    expect(imported.stdout).toBe('');
    expect(imported.stderr).toMatch(/^svc-admin: failed: .*no-corpus-here/m);
    expect((await admin('corpus', 'stats')).json.operator.revision).toBe(1);
  });
});
