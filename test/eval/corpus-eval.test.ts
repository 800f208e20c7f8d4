import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import { DEFAULT_SOURCES } from '../../corpus/build/build-corpus.js';
import { DEFAULT_CASES, readCases } from '../../corpus/build/eval-run.js';
import { sampleCases, type EvalCase } from '../../corpus/build/eval-sample.js';
import { formatReport, runEvaluation, type EvaluationReport } from '../../corpus/build/evaluation.js';

/** The labelled evaluation set (sampled from the sources by rule) against the shipped corpus. */
describe('evaluation on the labelled set', () => {
  let cases: EvalCase[];
  let report: EvaluationReport;

  beforeAll(async () => {
    cases = readCases();
    report = runEvaluation(CorpusIndex.build(await loadCorpusSnapshot()), cases);
  });

  it('holds at least 200 labelled cases of every kind', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const expected of ['attested', 'contradicted', 'unavailable']) expect(cases.filter((c) => c.expected === expected).length).toBeGreaterThanOrEqual(50);
    const classes = new Set(cases.map((c) => c.class.split(' ')[0]));
    for (const kind of ['record', 'plain', 'name', 'title', 'shared', 'artist', 'invented']) expect(classes).toContain(kind);
    for (const source of ['tate', 'cmoa', 'nga', 'wikidata']) expect(cases.some((c) => c.source === source)).toBe(true);
  });

  it('never answers attested or contradicted wrongly, and answers at least 98% of the labelled verdicts as labelled', () => {
    const summary = formatReport(report);
    expect(report.wrong_attested, summary).toBe(0);
    expect(report.precision_attested, summary).toBe(1);
    expect(report.precision_contradicted, summary).toBe(1);
    expect(report.answered_as_labelled_rate, summary).toBeGreaterThanOrEqual(0.98);
    expect(report.wrong_non_unavailable_rate, summary).toBeLessThanOrEqual(0.02);
    expect(report.targets_met).toBe(true);
  });

  it.skipIf(!existsSync(DEFAULT_SOURCES))('is what the sampler draws from the sources (deterministic)', async () => {
    const drawn = await sampleCases(DEFAULT_SOURCES);
    expect(`${drawn.map((c) => JSON.stringify(c)).join('\n')}\n`).toBe(readFileSync(DEFAULT_CASES, 'utf8'));
  }, 60_000);
});
