/**
 * Scores the oracle on the labelled evaluation set (test/eval/cases.ndjson, sampled from the
 * sources by eval-sample.ts). Figures:
 * - precision of `attested` and of `contradicted`: of the cases the engine answered so, the share
 *   labelled so;
 * - wrong non-`unavailable` answers: answered `attested` or `contradicted` against the label,
 *   over every such answer;
 * - answered as labelled: of the cases labelled `attested` or `contradicted`, the share answered
 *   exactly so (an `unavailable` answer there is a miss, not a wrong answer).
 * Targets: no wrong `attested`; at least 98% of the labelled attested/contradicted cases
 * answered as labelled.
 */
import type { CorpusIndex } from '../../core/attestation/corpus/corpus-index.js';
import { evaluate } from '../../core/attestation/verdict/evaluate.js';
import type { EvalCase } from './eval-sample.js';

/** What a labelled case needs: a subject and its expected verdict. */
export type LabelledCase = Pick<EvalCase, 'id' | 'subject_artist' | 'subject_title' | 'subject_ref' | 'expected' | 'rule'> & { subject_medium?: string };

export interface CaseResult<C extends LabelledCase = EvalCase> {
  case: C;
  verdict: string;
  ok: boolean;
}

export interface EvaluationReport<C extends LabelledCase = EvalCase> {
  cases: number;
  by_expected: Record<string, number>;
  confusion: Record<string, Record<string, number>>;
  precision_attested: number | null;
  precision_contradicted: number | null;
  wrong_attested: number;
  wrong_non_unavailable: number;
  wrong_non_unavailable_rate: number;
  labelled_decided: number;
  answered_as_labelled: number;
  answered_as_labelled_rate: number;
  accuracy: number;
  mismatches: CaseResult<C>[];
  targets_met: boolean;
}

export const TARGET_ANSWERED_AS_LABELLED = 0.98;

export function runEvaluation<C extends LabelledCase = EvalCase>(index: CorpusIndex, cases: readonly C[]): EvaluationReport<C> {
  const results: CaseResult<C>[] = cases.map((c) => {
    const input = {
      subject_artist: c.subject_artist,
      subject_title: c.subject_title,
      ...(c.subject_ref === undefined ? {} : { subject_ref: c.subject_ref }),
      ...(c.subject_medium === undefined ? {} : { subject_medium: c.subject_medium }),
    };
    const verdict = evaluate(index, input).verdict;
    return { case: c, verdict, ok: verdict === c.expected };
  });
  const confusion: Record<string, Record<string, number>> = {};
  const byExpected: Record<string, number> = {};
  for (const r of results) {
    byExpected[r.case.expected] = (byExpected[r.case.expected] ?? 0) + 1;
    const row = (confusion[r.case.expected] ??= { attested: 0, contradicted: 0, unavailable: 0 });
    row[r.verdict] = (row[r.verdict] ?? 0) + 1;
  }
  const answered = (v: string) => results.filter((r) => r.verdict === v);
  const precision = (v: string) => {
    const a = answered(v);
    return a.length === 0 ? null : a.filter((r) => r.ok).length / a.length;
  };
  const decided = results.filter((r) => r.verdict !== 'unavailable');
  const wrongDecided = decided.filter((r) => !r.ok);
  const labelled = results.filter((r) => r.case.expected !== 'unavailable');
  const asLabelled = labelled.filter((r) => r.ok).length;
  const wrongAttested = answered('attested').filter((r) => !r.ok).length;
  const rate = labelled.length === 0 ? 1 : asLabelled / labelled.length;
  return {
    cases: results.length,
    by_expected: byExpected,
    confusion,
    precision_attested: precision('attested'),
    precision_contradicted: precision('contradicted'),
    wrong_attested: wrongAttested,
    wrong_non_unavailable: wrongDecided.length,
    wrong_non_unavailable_rate: decided.length === 0 ? 0 : wrongDecided.length / decided.length,
    labelled_decided: labelled.length,
    answered_as_labelled: asLabelled,
    answered_as_labelled_rate: rate,
    accuracy: results.filter((r) => r.ok).length / Math.max(1, results.length),
    mismatches: results.filter((r) => !r.ok),
    targets_met: wrongAttested === 0 && rate >= TARGET_ANSWERED_AS_LABELLED,
  };
}

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(2)}%`);

export function formatReport<C extends LabelledCase>(r: EvaluationReport<C>, maxMismatches = 40): string {
  const lines = [
    `cases: ${r.cases} (${Object.entries(r.by_expected).map(([k, v]) => `${k} ${v}`).join(', ')})`,
    `precision attested:      ${pct(r.precision_attested)}  (wrong attested: ${r.wrong_attested})`,
    `precision contradicted:  ${pct(r.precision_contradicted)}`,
    `wrong non-unavailable:   ${pct(r.wrong_non_unavailable_rate)}  (${r.wrong_non_unavailable} answers)`,
    `answered as labelled:    ${pct(r.answered_as_labelled_rate)}  (${r.answered_as_labelled} of ${r.labelled_decided} labelled attested/contradicted; target ${pct(TARGET_ANSWERED_AS_LABELLED)})`,
    `accuracy, all cases:     ${pct(r.accuracy)}`,
    'confusion (label -> answers):',
    ...Object.entries(r.confusion).map(([label, row]) => `  ${label.padEnd(13)} ${Object.entries(row).map(([k, v]) => `${k} ${v}`).join(', ')}`),
    `targets: ${r.targets_met ? 'met' : 'NOT met'}`,
  ];
  if (r.mismatches.length > 0) {
    lines.push(`mismatches (${r.mismatches.length}):`);
    for (const m of r.mismatches.slice(0, maxMismatches)) {
      lines.push(`  ${m.case.id}: ${JSON.stringify(m.case.subject_artist)} / ${JSON.stringify(m.case.subject_title)}${m.case.subject_ref ? ` [${m.case.subject_ref}]` : ''} expected ${m.case.expected}, got ${m.verdict} (${m.case.rule})`);
    }
  }
  return lines.join('\n');
}

export interface FormRow {
  form: string;
  cases: number;
  as_labelled: number;
  accuracy: number;
  wrong_attested: number;
  wrong_contradicted: number;
}

/** As labelled, wrong `attested` and wrong `contradicted` answers per form, in `forms` order (every per-form set). */
export function accuracyByForm<C extends LabelledCase & { form: string }>(report: EvaluationReport<C>, cases: readonly C[], forms: readonly string[]): FormRow[] {
  const wrong = new Map<string, CaseResult<C>>(report.mismatches.map((m) => [m.case.id, m]));
  return forms.map((form) => {
    const mine = cases.filter((c) => c.form === form);
    const missed = mine.filter((c) => wrong.has(c.id));
    return {
      form,
      cases: mine.length,
      as_labelled: mine.length - missed.length,
      accuracy: mine.length === 0 ? 1 : (mine.length - missed.length) / mine.length,
      wrong_attested: missed.filter((c) => wrong.get(c.id)?.verdict === 'attested').length,
      wrong_contradicted: missed.filter((c) => wrong.get(c.id)?.verdict === 'contradicted').length,
    };
  });
}

/** The per-form table as Markdown. */
export function formatFormTable(rows: readonly FormRow[]): string {
  const total = rows.reduce(
    (t, r) => ({ cases: t.cases + r.cases, ok: t.ok + r.as_labelled, wrong: t.wrong + r.wrong_attested, wrongC: t.wrongC + r.wrong_contradicted }),
    { cases: 0, ok: 0, wrong: 0, wrongC: 0 },
  );
  return [
    '| form | cases | as labelled | accuracy | wrong attested | wrong contradicted |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.form} | ${r.cases} | ${r.as_labelled} | ${pct(r.accuracy)} | ${r.wrong_attested} | ${r.wrong_contradicted} |`),
    `| **all** | ${total.cases} | ${total.ok} | ${pct(total.cases === 0 ? 1 : total.ok / total.cases)} | ${total.wrong} | ${total.wrongC} |`,
  ].join('\n');
}
