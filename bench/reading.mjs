// Reading crafted client text (issue 25, ADR 0029): the per-subject cost of core evaluate() on the
// worst shapes found, at 75, 300 (the schemas' cap) and 1,200 code units (in process only), and how
// the cost grows from 300 to 1,200 (linear: about 4x). A length is skipped once one subject of the
// shape took over a second (the expressions before ADR 0029).
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { CorpusIndex } from '../dist/core/attestation/corpus/corpus-index.js';
import { evaluate } from '../dist/core/attestation/verdict/evaluate.js';
import { printTable } from './support.mjs';

/** The shapes, each at a length of about n code units. */
const SHAPES = [
  ['issue 25 title: a, tab+nbsp run, 1234, em space run, x', 'title', (n) => 'a' + '\t\u00a0'.repeat(n / 4) + '1234' + '\u2003 '.repeat(n / 4 - 3) + 'x'],
  ['the same as the artist line', 'artist', (n) => 'a' + '\t\u00a0'.repeat(n / 4) + '1234' + '\u2003 '.repeat(n / 4 - 3) + 'x'],
  ['title: a, nbsp run, 1234x', 'title', (n) => 'a' + '\u00a0'.repeat(n - 6) + '1234x'],
  ['title: verso, " :" run, x', 'title', (n) => 'verso' + ' :'.repeat(n / 2 - 3) + 'x'],
  ['artist: "(" and a digit run', 'artist', (n) => '(' + '1'.repeat(n - 1)],
];
const LENGTHS = [76, 300, 1200];

export async function benchReading({ budgetMs = 2_000 } = {}) {
  const index = CorpusIndex.build(await loadCorpusSnapshot());
  const rows = [];
  for (const [label, field, shape] of SHAPES) {
    const row = { shape: label };
    const perSubject = {};
    let tooSlow = false;
    for (let i = 0; i < 20; i++) evaluate(index, { subject_artist: shape(LENGTHS[0]), subject_title: shape(LENGTHS[0]) }); // warm on the shortest
    for (const n of LENGTHS) {
      const text = shape(n);
      const subject = field === 'title' ? { subject_artist: 'J. M. W. Turner', subject_title: text } : { subject_artist: text, subject_title: 'Norham Castle, Sunrise' };
      if (tooSlow) {
        row[`us_at_${n}`] = 'skipped';
        continue;
      }
      let runs = 0;
      const start = performance.now();
      while (runs < 2_000 && (runs === 0 || performance.now() - start < budgetMs / 4)) {
        evaluate(index, subject);
        runs += 1;
      }
      const us = ((performance.now() - start) * 1000) / runs;
      perSubject[n] = us;
      row[`us_at_${n}`] = us >= 1000 ? us.toFixed(0) : us.toFixed(1);
      if (us > 1_000_000) tooSlow = true;
    }
    row.growth_300_to_1200 = perSubject[1200] !== undefined ? `${(perSubject[1200] / perSubject[300]).toFixed(1)}x` : 'n/a';
    rows.push(row);
  }
  console.log('\n## Reading crafted client text: core evaluate() per subject (issue 25 point 2, ADR 0029)');
  console.log('the worst shapes found; 300 code units is the schemas\' cap, 1,200 runs in process only to show the growth (linear: about 4x)');
  printTable(rows);
  return rows;
}
