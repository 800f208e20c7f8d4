/**
 * `npm run corpus:eval`: scores the shipped corpus (or `--corpus DIR`) on the labelled
 * evaluation set (`--cases FILE`, default test/eval/cases.ndjson) and prints the figures.
 * Exits 1 when the targets are not met (no wrong `attested`; at least 98% of the labelled
 * attested/contradicted cases answered as labelled).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../../core/attestation/corpus-index.js';
import type { EvalCase } from './eval-sample.js';
import { formatReport, runEvaluation } from './evaluation.js';

export const DEFAULT_CASES = fileURLToPath(new URL('../../test/eval/cases.ndjson', import.meta.url));

export function readCases(path = DEFAULT_CASES): EvalCase[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as EvalCase);
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const raw = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const cases = readCases(resolve(raw('--cases') ?? DEFAULT_CASES));
  const corpusDir = raw('--corpus');
  const snapshot = await loadCorpusSnapshot(corpusDir === undefined ? undefined : resolve(corpusDir));
  const report = runEvaluation(CorpusIndex.build(snapshot), cases);
  console.log(`# Evaluation of corpus build ${snapshot.build_id}`);
  console.log(formatReport(report, args.includes('--all') ? Infinity : 40));
  process.exitCode = report.targets_met ? 0 : 1;
}
