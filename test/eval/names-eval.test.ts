import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { DEFAULT_NAME_CASES, DEFAULT_QUALIFIER_CASES, NAME_FORMS, type NamedCase, QUALIFIER_FORMS, sampleNameAndQualifierCases } from '../../corpus/build/eval-names-sample.js';
import { accuracyByForm, formatFormTable, formatReport, runEvaluation } from '../../corpus/build/evaluation.js';

/** The name-forms and qualifier sets (issue 23), drawn by rule from the shipped corpus, against the engine. */
describe('evaluation on the name-forms and qualifier sets', () => {
  let snapshot: CorpusSnapshot;
  let sets: { names: NamedCase[]; qualifiers: NamedCase[] };

  beforeAll(async () => {
    snapshot = await loadCorpusSnapshot();
    sets = sampleNameAndQualifierCases(snapshot);
  });

  it('cover every form, each with cases', () => {
    for (const form of NAME_FORMS) expect(sets.names.filter((c) => c.form === form).length, form).toBeGreaterThanOrEqual(20);
    for (const form of QUALIFIER_FORMS) expect(sets.qualifiers.filter((c) => c.form === form).length, form).toBeGreaterThanOrEqual(20);
    expect(sets.qualifiers.some((c) => c.class.startsWith('after') && c.form === 'de')).toBe(true);
  });

  it('never answer attested or contradicted wrongly, in any form', () => {
    const index = CorpusIndex.build(snapshot);
    for (const [cases, forms] of [[sets.names, NAME_FORMS], [sets.qualifiers, QUALIFIER_FORMS]] as const) {
      const report = runEvaluation(index, cases);
      const rows = accuracyByForm(report, cases, forms);
      const summary = `${formatFormTable(rows)}\n${formatReport(report)}`;
      expect(report.wrong_non_unavailable, summary).toBe(0);
      expect(report.answered_as_labelled_rate, summary).toBeGreaterThanOrEqual(0.98);
    }
  });

  it('are what the sampler draws from the shipped corpus (npm run corpus:eval:names-sample)', () => {
    expect(readFileSync(DEFAULT_NAME_CASES, 'utf8')).toBe(`${sets.names.map((c) => JSON.stringify(c)).join('\n')}\n`);
    expect(readFileSync(DEFAULT_QUALIFIER_CASES, 'utf8')).toBe(`${sets.qualifiers.map((c) => JSON.stringify(c)).join('\n')}\n`);
  });
});
