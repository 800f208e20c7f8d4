import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annotatedTable, annotationOf, safeCell, summarise } from '../../../core/attestation/catalogue/annotation.js';
import { findColumns, normaliseHeader } from '../../../core/attestation/catalogue/catalogue-columns.js';
import { planCatalogue, verifyCatalogue } from '../../../core/attestation/use-cases/verify-catalogue.js';
import type { VerificationResponse } from '../../../core/attestation/verdict/verification.model.js';
import { DomainError } from '../../../core/shared/errors.js';
import { readBatchEntries } from '../../../runtimes/shared/schemas/attestation.schemas.js';

/** Issue 26, ADR 0041: a catalogue's columns, its rows as subjects, and the annotated sheet. */

const columnsOf = (headers: string[]) => findColumns(headers).columns;

describe('findColumns: the headers catalogues write, in five languages', () => {
  it.each([
    [['Lot', 'Artist', 'Title', 'Medium', 'Date', 'Estimate (EUR)'], { lot: 'Lot', artist: 'Artist', title: 'Title', medium: 'Medium', date: 'Date', estimate: 'Estimate (EUR)' }],
    [['N°', 'Artiste', 'Titre', 'Technique', 'Date', 'Estimation €', 'Référence'], { lot: 'N°', artist: 'Artiste', title: 'Titre', medium: 'Technique', estimate: 'Estimation €', reference: 'Référence' }],
    [['Los', 'Künstler', 'Titel', 'Technik', 'Datum', 'Schätzung'], { lot: 'Los', artist: 'Künstler', title: 'Titel', medium: 'Technik', date: 'Datum', estimate: 'Schätzung' }],
    [['Kavel', 'Kunstenaar', 'Titel', 'Techniek', 'Datering', 'Schatting'], { lot: 'Kavel', artist: 'Kunstenaar', title: 'Titel', medium: 'Techniek', date: 'Datering', estimate: 'Schatting' }],
    [['Lotto', 'Artista', 'Titolo', 'Tecnica', 'Data', 'Stima'], { lot: 'Lotto', artist: 'Artista', title: 'Titolo', medium: 'Tecnica', date: 'Data', estimate: 'Stima' }],
    [['  LOT N°  ', 'ARTISTE :', 'TITRE DE L\'ŒUVRE'], { lot: '  LOT N°  ', artist: 'ARTISTE :', title: 'TITRE DE L\'ŒUVRE' }],
  ])('%j', (headers, expected) => {
    expect(columnsOf(headers)).toMatchObject(expected);
  });

  it('prefers the better header form, then the leftmost, and gives one column one field', () => {
    expect(columnsOf(['No', 'Lot', 'Artist', 'Title'])).toMatchObject({ lot: 'Lot' });
    expect(columnsOf(['Lot', 'Artist', 'Title', 'Title'])).toMatchObject({ title: 'Title' });
    expect(findColumns(['Lot', 'Artist', 'Title', 'Title']).positions.title).toBe(2);
    expect(columnsOf(['Lot', 'Artist', 'Title'])).toEqual({ lot: 'Lot', artist: 'Artist', title: 'Title', reference: null, medium: null, date: null, estimate: null });
  });

  it('takes an explicit mapping (exact, then normalised) over the headers\' own reading', () => {
    const found = findColumns(['Ref', 'Peintre du lot', 'Désignation', 'Artist'], { lot: 'Ref', artist: 'peintre du lot', title: 'Désignation' });
    expect(found.columns).toMatchObject({ lot: 'Ref', artist: 'Peintre du lot', title: 'Désignation', reference: null });
    expect(found.positions).toMatchObject({ lot: 0, artist: 1, title: 2 });
  });

  it('refuses with catalogue-columns, the headers and the missing fields, when lot, artist or title is not found', () => {
    const refuse = (headers: string[], mapping = {}) => {
      try {
        findColumns(headers, mapping);
      } catch (err) {
        return err as DomainError;
      }
      throw new Error('not refused');
    };
    const err = refuse(['Sale', 'Painted by', 'Title']);
    expect([err.code, err.kind, err.details]).toEqual(['UNPROCESSABLE', 'catalogue-columns', { headers: ['Sale', 'Painted by', 'Title'], missing: ['lot', 'artist'] }]);
    const mapped = refuse(['Lot', 'Artist', 'Title'], { artist: 'Painter' });
    expect(mapped.details).toEqual({ headers: ['Lot', 'Artist', 'Title'], missing: ['artist'] });
    expect(mapped.message).toContain('artist → "Painter"');
  });

  it('reads any header in time linear in its length', () => {
    expect(normaliseHeader('Ä'.repeat(200_000)).length).toBe(200_000);
    expect(normaliseHeader('  Estimation  (EUR) ')).toBe('estimation');
    // Only letters, digits and single spaces remain.
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (h) => /^[a-z0-9œ ]*$/.test(normaliseHeader(h))));
  });
});

describe('safeCell and the annotated table', () => {
  it('prefixes every cell a spreadsheet would read as a formula, and only those', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(safeCell(`${lead}1+1`)).toBe(`'${lead}1+1`);
    for (const plain of ['', 'Rembrandt', '1 500 €', ' =x', "'=x", 'é=']) expect(safeCell(plain)).toBe(plain);
    fc.assert(fc.property(fc.string(), (s) => !/^[=+\-@\t\r]/.test(safeCell(s))));
  });

  const response = {
    request_id: '6f1c2b1e-0000-4000-8000-000000000001',
    verdict: 'contradicted',
    reason: null,
    matched_artist: { artist_id: 'rembrandt', name: 'Rembrandt van Rijn' },
    parsed: { qualifier: 'attributed_to' },
    suggested_requalification: { term_fr: 'école de Rembrandt van Rijn', term_en: 'school of Rembrandt van Rijn', article: 'art. 5', note: '' },
    attestations: [1, 2, 3, 4].map((n) => ({ verified_by: 'museum', source_ref: `https://museum.example/${n}`, confidence: 0.9 })),
    near_matches: [{ artist: 'Rembrandt van Rijn', title: '=Ecce Homo', work_id: 'wrk_1', reason: 'similar_title', score: 0.8 }],
  } as unknown as VerificationResponse;

  it('says what each appended column says of a result, the first three citations only', () => {
    const note = annotationOf(response);
    expect(note).toMatchObject({ verdict: 'contradicted', matched_artist: 'Rembrandt van Rijn', qualifier: 'attributed_to', requalification_fr: 'école de Rembrandt van Rijn', reason: '' });
    expect(note.citations.split(' | ')).toEqual([1, 2, 3].map((n) => `museum: https://museum.example/${n} (confidence 0.9)`));
    expect(annotationOf({ code: 'invalid_subject', detail: 'Subject 3 is invalid.', errors: [{ path: 'subject_artist', message: 'must not be blank' }] })).toMatchObject({
      verdict: 'error',
      reason: 'invalid_subject: Subject 3 is invalid. (subject_artist must not be blank)',
      request_id: '',
    });
  });

  it('keeps the sheet\'s columns, replaces an earlier annotation\'s, leaves rows not reached blank, and makes every cell safe', () => {
    const sheet = { headers: ['Lot', 'Artist', 'Title', 'Verdict', '=x'], rows: [{ row: 2, cells: ['1', '@Rembrandt', 'Ecce Homo', 'old'] }, { row: 3, cells: ['2', 'Turner'] }] };
    const table = annotatedTable(sheet, [{ row: 2, lot: '1', input: { subject_artist: '@Rembrandt', subject_title: 'Ecce Homo' }, result: response }]);
    expect(table.headers.slice(0, 5)).toEqual(['Lot', 'Artist', 'Title', "'=x", 'verdict']);
    expect(table.rows[0]!.slice(0, 6)).toEqual(['1', "'@Rembrandt", 'Ecce Homo', '', 'contradicted', 'Rembrandt van Rijn']);
    expect(table.rows[0]![10]).toBe('Rembrandt van Rijn, =Ecce Homo [wrk_1] (similar_title)');
    expect(table.rows[1]).toEqual(['2', 'Turner', '', '', '', '', '', '', '', '', '', '', '']);
    for (const row of [table.headers, ...table.rows]) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('planCatalogue and verifyCatalogue', () => {
  const sheet = (n: number) => ({ headers: ['Lot', 'Artist', 'Title', 'Date'], rows: Array.from({ length: n }, (_, i) => ({ row: i + 2, cells: [String(i + 1), i === 1 ? ' ' : 'Rembrandt', 'Ecce Homo', i === 0 ? '1650' : ''] })) });

  it('refuses a sandbox catalogue over its row limit, naming it; a key\'s is not capped here', () => {
    expect(() => planCatalogue(sheet(101), undefined, { sandbox: true })).toThrow(/sandbox verifies catalogues of at most 100 rows.*this one has 101/);
    expect(planCatalogue(sheet(101), undefined, { sandbox: false }).subjects).toHaveLength(101);
  });

  it('reads each row as a batch subject and tells each row as it is verified, the summary at the end', async () => {
    const plan = planCatalogue(sheet(3), undefined, { sandbox: false });
    expect(plan.subjects[0]).toEqual({ row: 2, lot: '1', input: { subject_artist: 'Rembrandt', subject_title: 'Ecce Homo', subject_date: '1650' } });
    const told: number[] = [];
    const served = { verdict: 'attested' } as VerificationResponse;
    const outcome = await verifyCatalogue(plan, readBatchEntries, { serve: async () => served }, { onRow: (r) => void told.push(r.row) });
    expect(told).toEqual([2, 3, 4]);
    expect(outcome.rows.map((r) => ('code' in r.result ? r.result.code : r.result.verdict))).toEqual(['attested', 'invalid_subject', 'attested']);
    expect(outcome.summary).toEqual({ rows: 3, attested: 2, contradicted: 0, unavailable: 0, errors: 1 });
    expect(summarise(outcome.rows)).toEqual(outcome.summary);
  });

  it('stops before the next row once its signal aborts, keeping the rows served', async () => {
    const plan = planCatalogue(sheet(5), undefined, { sandbox: false });
    const signal = { aborted: false };
    const outcome = await verifyCatalogue(plan, readBatchEntries, { serve: async () => ({ verdict: 'unavailable' }) as VerificationResponse }, {
      signal,
      onRow: (r) => {
        if (r.row === 3) signal.aborted = true;
      },
    });
    expect([outcome.cancelled, outcome.rows.map((r) => r.row), outcome.served]).toEqual([true, [2, 3], 1]);
  });
});
