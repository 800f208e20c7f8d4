import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { CATALOGUE_FORMS, type CatalogueCase, DEFAULT_CATALOGUE_CASES, sampleCatalogueCases } from '../../corpus/build/eval-catalogue-sample.js';
import { readCases } from '../../corpus/build/eval-run.js';
import { accuracyByForm, formatFormTable, formatReport, runEvaluation } from '../../corpus/build/evaluation.js';

/** The catalogue-forms set, drawn by rule from the shipped corpus, against the engine. */
describe('evaluation on the catalogue-forms set', () => {
  let snapshot: CorpusSnapshot;
  let cases: CatalogueCase[];

  beforeAll(async () => {
    snapshot = await loadCorpusSnapshot();
    cases = sampleCatalogueCases(snapshot);
  });

  it('holds at least 500 cases over every form, each verdict labelled', () => {
    expect(cases.length).toBeGreaterThanOrEqual(500);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const form of CATALOGUE_FORMS) expect(cases.filter((c) => c.form === form).length, form).toBeGreaterThan(0);
    for (const expected of ['attested', 'contradicted', 'unavailable'] as const) expect(cases.filter((c) => c.expected === expected).length).toBeGreaterThanOrEqual(50);
    expect(cases.some((c) => c.form === 'surname_only' && c.expected === 'unavailable')).toBe(true);
    expect(cases.some((c) => c.form === 'claimed_fr' && c.expected === 'contradicted')).toBe(true);
  });

  it('never answers attested wrongly, and answers at least 98% as labelled, in every form', () => {
    const report = runEvaluation(CorpusIndex.build(snapshot), cases);
    const rows = accuracyByForm(report, cases, CATALOGUE_FORMS);
    const summary = `${formatFormTable(rows)}\n${formatReport(report)}`;
    expect(report.wrong_attested, summary).toBe(0);
    expect(report.accuracy, summary).toBeGreaterThanOrEqual(0.98);
    expect(report.targets_met, summary).toBe(true);
    for (const row of rows) expect(row.wrong_attested, summary).toBe(0);
  });

  it('is what the sampler draws from the shipped corpus (npm run corpus:eval:catalogue-sample)', () => {
    expect(readCases<CatalogueCase>(DEFAULT_CATALOGUE_CASES)).toEqual(cases);
    expect(readFileSync(DEFAULT_CATALOGUE_CASES, 'utf8')).toBe(`${cases.map((c) => JSON.stringify(c)).join('\n')}\n`);
  });
});
