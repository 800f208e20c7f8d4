import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { WorkerCatalogueFiles } from '../../adapters/node/catalogue-files.js';
import {
  type CatalogueLimits,
  CatalogueUnreadable,
  DEFAULT_CATALOGUE_LIMITS,
  decodeCsv,
  detectDelimiter,
  readCatalogue,
  readCsv,
  writeCsv,
} from '../../adapters/node/catalogue-sheet.js';
import { DomainError } from '../../core/shared/errors.js';
import { PassThrough } from 'node:stream';
import { readXlsxSheet } from '../../adapters/node/catalogue-sheet-xlsx.js';
import { inflateZipWithin } from '../../adapters/node/catalogue-sheet.js';
import { excelJsSheet, xlsxBomb, xlsxOf } from '../support/catalogue-files.js';

/** The catalogue file reader and writer (ADR 0041): encodings, separators, formulas, every limit. */

const limits = (over: Partial<CatalogueLimits>): CatalogueLimits => ({ ...DEFAULT_CATALOGUE_LIMITS, ...over });
const failure = async (run: () => unknown) => {
  try {
    await run();
  } catch (err) {
    return err as Error;
  }
  throw new Error('did not fail');
};

describe('CSV text', () => {
  it('detects the encoding: a BOM (UTF-8, UTF-16), valid UTF-8, else Windows-1252', () => {
    expect(decodeCsv(Buffer.from('\ufeffN°;Artiste', 'utf8'))).toEqual({ text: 'N°;Artiste', encoding: 'utf-8' });
    expect(decodeCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Lot\tKünstler', 'utf16le')]))).toEqual({ text: 'Lot\tKünstler', encoding: 'utf-16le' });
    expect(decodeCsv(Buffer.from('Lot,Cézanne', 'utf8'))).toEqual({ text: 'Lot,Cézanne', encoding: 'utf-8' });
    expect(decodeCsv(Buffer.from([0x43, 0xe9, 0x7a, 0x61, 0x6e, 0x6e, 0x65, 0x20, 0x80, 0x20, 0x9c]))).toEqual({ text: 'Cézanne € œ', encoding: 'windows-1252' });
  });

  it('detects the separator from the first record, outside quotes', () => {
    expect(detectDelimiter('Lot;Artiste;Titre\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('"a;b;c;d",Artist,Title')).toBe(',');
    expect(detectDelimiter('Lot\tArtist\tTitle')).toBe('\t');
    expect(detectDelimiter('Lot')).toBe(',');
  });

  it('reads rows with their sheet row numbers: blank lines skipped but counted, quoted line breaks kept, short rows allowed', () => {
    const read = readCsv(Buffer.from('\n\nLot;Artist;Title\r\n1;Rembrandt;"Ecce\nHomo"\r\n;;\r\n2;Turner\r\n'));
    expect(read.sheet).toEqual({ headers: ['Lot', 'Artist', 'Title'], rows: [{ row: 4, cells: ['1', 'Rembrandt', 'Ecce\nHomo'] }, { row: 6, cells: ['2', 'Turner'] }] });
    expect(read.source).toEqual({ format: 'csv', delimiter: ';', encoding: 'utf-8', sheetName: null });
  });

  it('refuses NUL, and names each limit: rows, columns, cells, cell size', async () => {
    expect(await failure(() => readCsv(Buffer.from('Lot,Artist\n1,a\u0000b\n')))).toBeInstanceOf(CatalogueUnreadable);
    const rows = `Lot,Artist,Title\n${'1,a,b\n'.repeat(11)}`;
    expect(await failure(() => readCsv(Buffer.from(rows), limits({ maxRows: 10 })))).toMatchObject({ limit: 'rows' });
    expect(await failure(() => readCsv(Buffer.from('a,b,c,d\n'), limits({ maxColumns: 3 })))).toMatchObject({ limit: 'columns' });
    expect(await failure(() => readCsv(Buffer.from(rows), limits({ maxCells: 20 })))).toMatchObject({ limit: 'cells' });
    expect(await failure(() => readCsv(Buffer.from(`Lot,Artist\n1,${'x'.repeat(101)}\n`), limits({ maxCellChars: 100 })))).toMatchObject({ limit: 'cell_chars' });
    expect(await failure(() => readCatalogue(Buffer.alloc(11, 0x41), limits({ maxBytes: 10 })))).toMatchObject({ limit: 'bytes' });
    expect(await failure(() => readCsv(Buffer.from('\n\n  \n')))).toBeInstanceOf(CatalogueUnreadable);
  });

  it('writes UTF-8 with a BOM, the catalogue\'s separator and CRLF', () => {
    const bytes = writeCsv({ headers: ['Lot', 'Titre'], rows: [['1', 'Nature morte; pommes'], ['2', 'Dit "le grand"']] }, { format: 'csv', delimiter: ';', encoding: 'windows-1252', sheetName: null });
    expect(Buffer.from(bytes).toString('utf8')).toBe('\ufeffLot;Titre\r\n1;"Nature morte; pommes"\r\n2;"Dit ""le grand"""\r\n');
  });
});

describe('XLSX workbooks', () => {
  it('reads the first worksheet with cells: numbers, dates, booleans, rich text, links, formulas as cached value or text', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Empty');
    const sheet = workbook.addWorksheet('Vente');
    sheet.addRow(['Lot', 'Artist', 'Title', 'Date', 'Sold', 'Estimate', 'Link']);
    sheet.addRow([
      12,
      { richText: [{ text: 'Rem' }, { text: 'brandt', font: { bold: true } }] },
      { formula: 'CONCAT("Ecce"," Homo")', result: 'Ecce Homo' },
      new Date(Date.UTC(1650, 0, 1)),
      true,
      { formula: 'HYPERLINK("http://evil.example")' },
      { text: 'record', hyperlink: 'https://museum.example/1' },
    ]);
    const read = await readCatalogue(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(read.source).toEqual({ format: 'xlsx', delimiter: ',', encoding: null, sheetName: 'Vente' });
    expect(read.sheet.rows).toEqual([{ row: 2, cells: ['12', 'Rembrandt', 'Ecce Homo', '1650-01-01', 'TRUE', '=HYPERLINK("http://evil.example")', 'record'] }]);
  });

  it('reads every cell as ExcelJS\'s workbook model gave it (shared and inline strings, numbers, dates in both date systems, formulas, errors, merged cells)', async () => {
    const fill = (sheet: ExcelJS.Worksheet) => {
      sheet.addRow(['Lot', 'Artist & <Co> "quoted"', 'Title', 'Date', 'Time', 'Flag', 'Formula', 'Error', 'Float']);
      sheet.addRow([1, 'Cézanne', { richText: [{ text: 'Nature ' }, { text: 'morte', font: { italic: true } }] }, new Date(Date.UTC(1890, 5, 15)), new Date(Date.UTC(1890, 5, 15, 13, 30)), false, { formula: 'A2*2', result: 2 }, { error: '#DIV/0!' }, -0.000001]);
      sheet.addRow([2, ' spaced ', '', null, null, true, { formula: 'B2&"!"', result: 'Cézanne!' }, { formula: 'NA()', result: { error: '#N/A' } }, 1e21]);
      sheet.addRow([3, 'Merged artist', 'Title 3', null, null, null, { formula: 'TODAY()', result: new Date(Date.UTC(2026, 0, 2)) }, { formula: 'NOW()' }, 3.25]);
      sheet.addRow([4, null, 'Title 4']);
      sheet.getCell('D2').numFmt = 'dd/mm/yyyy';
      sheet.getCell('E2').numFmt = 'yyyy-mm-dd hh:mm';
      sheet.getCell('G4').numFmt = 'd-mmm-yy';
      sheet.getCell('I4').numFmt = '"days" 0.00';
      sheet.getCell('A7').value = 'after a gap';
      sheet.mergeCells('B4:B5');
      sheet.getCell('J2').value = { sharedFormula: 'G2', result: 4 } as never;
    };
    const cases: Uint8Array[] = [];
    for (const date1904 of [false, true]) {
      const workbook = new ExcelJS.Workbook();
      workbook.properties.date1904 = date1904;
      workbook.addWorksheet('Blank');
      fill(workbook.addWorksheet('Sale'));
      cases.push(Buffer.from(await workbook.xlsx.writeBuffer()));
    }
    // The streaming writer: inline strings, no shared strings part, no styles.
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const streamed = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = streamed.addWorksheet('Streamed');
    for (const row of [['Lot', 'Artist'], [1, 'Degas & Cie'], [2, { richText: [{ text: 'Ma' }, { text: 'net' }] }]]) sheet.addRow(row).commit();
    sheet.commit();
    await streamed.commit();
    cases.push(Buffer.concat(chunks));
    for (const bytes of cases) {
      const expected = await excelJsSheet(bytes);
      expect(expected.rows.length).toBeGreaterThan(2);
      expect(readXlsxSheet(inflateZipWithin(bytes, DEFAULT_CATALOGUE_LIMITS), DEFAULT_CATALOGUE_LIMITS)).toEqual(expected);
    }
  });

  it('refuses a merged range past the sheet\'s limits rather than filling it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sale');
    sheet.addRow(['Lot', 'Artist', 'Title']);
    sheet.addRow([1, 'Turner', 'Norham Castle']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const parts = inflateZipWithin(bytes, DEFAULT_CATALOGUE_LIMITS);
    const xml = new TextDecoder().decode(parts['xl/worksheets/sheet1.xml']);
    const merged = (ref: string) => ({ ...parts, 'xl/worksheets/sheet1.xml': new TextEncoder().encode(xml.replace('</sheetData>', `</sheetData><mergeCells count="1"><mergeCell ref="${ref}"/></mergeCells>`)) });
    expect(readXlsxSheet(merged('B2:B4'), DEFAULT_CATALOGUE_LIMITS).rows.map((r) => r.cells[1])).toEqual(['Artist', 'Turner', 'Turner', 'Turner']);
    expect(() => readXlsxSheet(merged('B2:XFD2'), DEFAULT_CATALOGUE_LIMITS)).toThrow(expect.objectContaining({ limit: 'columns' }));
    expect(() => readXlsxSheet(merged('B2:B1048576'), DEFAULT_CATALOGUE_LIMITS)).toThrow(expect.objectContaining({ limit: 'rows' }));
    expect(() => readXlsxSheet(merged('B2:C600000'), limits({ maxRows: 1_000_000 }))).toThrow(expect.objectContaining({ limit: 'cells' }));
  });

  it('refuses zip bombs (declared and lying sizes), too many parts, a zip that is no workbook, and names each limit', async () => {
    const small = limits({ maxInflatedBytes: 1024 * 1024 });
    for (const lying of [false, true]) expect(await failure(() => readCatalogue(xlsxBomb(8 * 1024 * 1024, lying), small))).toMatchObject({ limit: 'inflated_bytes' });
    const parts = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}.xml`, new Uint8Array(1)]));
    expect(await failure(() => readCatalogue(zipSync(parts), limits({ maxZipEntries: 10 })))).toMatchObject({ limit: 'zip_entries' });
    expect(await failure(() => readCatalogue(zipSync({ 'a.txt': new Uint8Array(3) })))).toBeInstanceOf(CatalogueUnreadable);
    const rows = await xlsxOf([['Lot', 'Artist', 'Title'], ...Array.from({ length: 11 }, (_, i) => [i, 'a', 'b'])]);
    expect(await failure(() => readCatalogue(rows, limits({ maxRows: 10 })))).toMatchObject({ limit: 'rows' });
    const wide = await xlsxOf([Array.from({ length: 11 }, (_, i) => `h${i}`)]);
    expect(await failure(() => readCatalogue(wide, limits({ maxColumns: 10 })))).toMatchObject({ limit: 'columns' });
  });
});

describe('WorkerCatalogueFiles: off the event loop, bounded in time', () => {
  it('answers a file over a limit with a 413 DomainError naming it, an unreadable one with a 400, and stops a slow read at the time limit', async () => {
    const files = new WorkerCatalogueFiles(limits({ maxInflatedBytes: 1024 * 1024 }));
    const bomb = await failure(() => files.read(xlsxBomb(8 * 1024 * 1024, true)));
    expect(bomb).toBeInstanceOf(DomainError);
    expect([(bomb as DomainError).code, bomb.message]).toEqual(['PAYLOAD_TOO_LARGE', "The XLSX's parts inflate to more than 1048576 bytes (the inflated size limit)."]);
    const png = await failure(() => files.read(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])));
    expect((png as DomainError).code).toBe('VALIDATION');
    const slow = await failure(() => new WorkerCatalogueFiles(limits({ timeoutMs: 1 })).read(Buffer.from('Lot,Artist,Title\n1,a,b\n')));
    expect([(slow as DomainError).code, slow.message]).toEqual(['PAYLOAD_TOO_LARGE', 'reading the file took longer than 1 ms (the time limit).']);
    const read = await files.read(Buffer.from('Lot,Artist,Title\n1,a,b\n'));
    expect(read.sheet.rows).toEqual([{ row: 2, cells: ['1', 'a', 'b'] }]);
    const written = await files.write({ headers: ['Lot'], rows: [['1']] }, 'xlsx', read.source);
    expect(Buffer.from(written.subarray(0, 4))).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  }, 60_000);
});
