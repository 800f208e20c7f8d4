import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { readCases } from '../../corpus/build/eval-run.js';
import { DEFAULT_TITLE_CASES, TITLE_FORMS, type TitleCase, sampleTitleCases } from '../../corpus/build/eval-titles-sample.js';
import { accuracyByForm, formatFormTable, formatReport, runEvaluation } from '../../corpus/build/evaluation.js';

/** The title sets of ADR 0033 (multilingual, alternate, shared, generic), drawn by rule, against the engine. */
describe('evaluation on the title sets', () => {
  let snapshot: CorpusSnapshot;
  let cases: TitleCase[];

  beforeAll(async () => {
    snapshot = await loadCorpusSnapshot();
    cases = sampleTitleCases(snapshot);
  }, 60_000);

  it('holds every form, each with cases of its labels', () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const form of TITLE_FORMS) expect(cases.filter((c) => c.form === form).length, form).toBeGreaterThanOrEqual(50);
    for (const lang of ['fr', 'nl', 'de', 'it', 'es', 'sv']) expect(cases.some((c) => c.form === 'multilingual' && c.class === lang), lang).toBe(true);
    expect(cases.some((c) => c.form === 'shared' && c.expected === 'unavailable')).toBe(true);
    expect(cases.some((c) => c.form === 'generic' && c.subject_ref !== undefined && c.expected === 'attested')).toBe(true);
  });

  it('never answers attested or contradicted wrongly, in every form', () => {
    const report = runEvaluation(CorpusIndex.build(snapshot), cases);
    const rows = accuracyByForm(report, cases, TITLE_FORMS);
    const summary = `${formatFormTable(rows)}\n${formatReport(report)}`;
    expect(report.wrong_non_unavailable, summary).toBe(0);
    for (const row of rows) expect(row.wrong_attested + row.wrong_contradicted, summary).toBe(0);
    // Alternate and generic titles are read exactly; translations as far as the vocabulary goes.
    expect(rows.find((r) => r.form === 'alternate')?.accuracy, summary).toBe(1);
    expect(rows.find((r) => r.form === 'generic')?.accuracy, summary).toBe(1);
    expect(rows.find((r) => r.form === 'multilingual')?.accuracy, summary).toBeGreaterThanOrEqual(0.85);
  });

  it('is what the sampler draws (npm run corpus:eval:title-sample)', () => {
    expect(readFileSync(DEFAULT_TITLE_CASES, 'utf8')).toBe(`${cases.map((c) => JSON.stringify(c)).join('\n')}\n`);
    expect(readCases<TitleCase>(DEFAULT_TITLE_CASES)).toEqual(cases);
  });
});
