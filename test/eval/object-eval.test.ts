import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import { DEFAULT_SOURCES } from '../../corpus/build/build-corpus.js';
import {
  DEFAULT_NATIONALMUSEUM_CASES,
  DEFAULT_OBJECT_CASES,
  NATIONALMUSEUM_FORMS,
  OBJECT_FORMS,
  type ObjectEvalCase,
  sampleObjectCases,
} from '../../corpus/build/eval-object-sample.js';
import { readCases } from '../../corpus/build/eval-run.js';
import { accuracyByForm, formatFormTable, formatReport, runEvaluation } from '../../corpus/build/evaluation.js';

/** The object-kind and Nationalmuseum sets (drawn by rule from the sources, ADR 0032) against the engine. */
describe('evaluation on the object-kind and Nationalmuseum sets', () => {
  let index: CorpusIndex;
  beforeAll(async () => {
    index = CorpusIndex.build(await loadCorpusSnapshot());
  });

  it.each([
    ['object kind', DEFAULT_OBJECT_CASES, OBJECT_FORMS, 0.95],
    ['Nationalmuseum', DEFAULT_NATIONALMUSEUM_CASES, NATIONALMUSEUM_FORMS, 0.3],
  ] as const)('%s: every form drawn, no wrong attested or contradicted', (_name, file, forms, asLabelled) => {
    const cases = readCases<ObjectEvalCase>(file);
    for (const form of forms) expect(cases.filter((c) => c.form === form).length, form).toBeGreaterThanOrEqual(30);
    const report = runEvaluation(index, cases);
    const summary = `${formatFormTable(accuracyByForm(report, cases, forms))}\n${formatReport(report)}`;
    expect(report.wrong_non_unavailable, summary).toBe(0);
    // Most Nationalmuseum artists have no life dates in any source: they stay out, unavailable (a miss, not an error).
    expect(report.answered_as_labelled_rate, summary).toBeGreaterThanOrEqual(asLabelled);
  });

  it.skipIf(!existsSync(DEFAULT_SOURCES))('is what the sampler draws from the sources (npm run corpus:eval:object-sample)', async () => {
    const drawn = await sampleObjectCases(DEFAULT_SOURCES);
    expect(readCases<ObjectEvalCase>(DEFAULT_OBJECT_CASES)).toEqual(drawn.objects);
    expect(readCases<ObjectEvalCase>(DEFAULT_NATIONALMUSEUM_CASES)).toEqual(drawn.nationalmuseum);
  });
});
