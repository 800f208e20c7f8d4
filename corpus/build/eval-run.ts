/**
 * `npm run corpus:eval`: scores the shipped corpus (or `--corpus DIR`) on the labelled
 * evaluation set (`--cases FILE`, default test/eval/cases.ndjson) and prints the figures.
 * Exits 1 when the targets are not met (no wrong `attested`; at least 98% of the labelled
 * attested/contradicted cases answered as labelled; on the object-kind and Nationalmuseum sets,
 * no wrong `attested` or `contradicted`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import { flagValue, isMainModule } from './cli-args.js';
import { CATALOGUE_FORMS, type CatalogueCase, DEFAULT_CATALOGUE_CASES } from './eval-catalogue-sample.js';
import { DEFAULT_NAME_CASES, DEFAULT_QUALIFIER_CASES, NAME_FORMS, type NamedCase, QUALIFIER_FORMS } from './eval-names-sample.js';
import type { EvalCase } from './eval-sample.js';
import { DEFAULT_NATIONALMUSEUM_CASES, DEFAULT_OBJECT_CASES, NATIONALMUSEUM_FORMS, OBJECT_FORMS, type ObjectEvalCase } from './eval-object-sample.js';
import { DEFAULT_TITLE_CASES, TITLE_FORMS, type TitleCase } from './eval-titles-sample.js';
import { accuracyByForm, formatFormTable, formatReport, runEvaluation } from './evaluation.js';

export const DEFAULT_CASES = fileURLToPath(new URL('../../test/eval/cases.ndjson', import.meta.url));

export function readCases<C = EvalCase>(path = DEFAULT_CASES): C[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as C);
}

if (isMainModule(import.meta.url)) {
  const args = process.argv.slice(2);
  const raw = (flag: string) => flagValue(flag, args);
  const cases = readCases(resolve(raw('--cases') ?? DEFAULT_CASES));
  const corpusDir = raw('--corpus');
  const snapshot = await loadCorpusSnapshot(corpusDir === undefined ? undefined : resolve(corpusDir));
  const index = CorpusIndex.build(snapshot);
  const report = runEvaluation(index, cases);
  console.log(`# Evaluation of corpus build ${snapshot.build_id}`);
  console.log(formatReport(report, args.includes('--all') ? Infinity : 40));
  // The catalogue-forms set (npm run corpus:eval:catalogue-sample), per form.
  const catalogue = readCases<CatalogueCase>(resolve(raw('--catalogue-cases') ?? DEFAULT_CATALOGUE_CASES));
  const catalogueReport = runEvaluation(index, catalogue);
  console.log('\n# Catalogue forms');
  console.log(formatFormTable(accuracyByForm(catalogueReport, catalogue, CATALOGUE_FORMS)));
  console.log(formatReport(catalogueReport, args.includes('--all') ? Infinity : 40));
  // The per-form sets, each drawn by its sampler: precision first (they measure recall too, and must
  // hold no wrong attested or contradicted answer). `full`: the report printed with every run.
  const sets: readonly (readonly [heading: string, flag: string, file: string, forms: readonly string[], full: boolean])[] = [
    ['Object kind (subject_medium)', '--object-cases', DEFAULT_OBJECT_CASES, OBJECT_FORMS, false], // npm run corpus:eval:object-sample
    ['Nationalmuseum', '--nationalmuseum-cases', DEFAULT_NATIONALMUSEUM_CASES, NATIONALMUSEUM_FORMS, false],
    ['Titles: multilingual, alternate, shared and generic (ADR 0033)', '--title-cases', DEFAULT_TITLE_CASES, TITLE_FORMS, true], // corpus:eval:title-sample
    ['Name forms', '--name-cases', DEFAULT_NAME_CASES, NAME_FORMS, true], // corpus:eval:names-sample
    ['Qualifiers', '--qualifier-cases', DEFAULT_QUALIFIER_CASES, QUALIFIER_FORMS, true],
  ];
  let met = report.targets_met && catalogueReport.targets_met;
  for (const [heading, flag, file, forms, full] of sets) {
    const setCases = readCases<ObjectEvalCase | TitleCase | NamedCase>(resolve(raw(flag) ?? file));
    const setReport = runEvaluation(index, setCases);
    console.log(`\n# ${heading}`);
    console.log(formatFormTable(accuracyByForm(setReport, setCases, forms)));
    if (full || args.includes('--all')) console.log(formatReport(setReport, args.includes('--all') ? Infinity : 40));
    met &&= setReport.wrong_non_unavailable === 0;
  }
  process.exitCode = met ? 0 : 1;
}
