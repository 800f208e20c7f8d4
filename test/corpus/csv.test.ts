import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '../../corpus/build/csv.js';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields and rows', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'id,name,alt\n99,"Angelico, Fra","say ""hi""\nnext line"\n';
    expect(parseCsv(text)).toEqual([
      ['id', 'name', 'alt'],
      ['99', 'Angelico, Fra', 'say "hi"\nnext line'],
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
    expect(parseCsv('"",x')).toEqual([['', 'x']]);
  });

  it('accepts CRLF line ends, a BOM and a missing final line break', () => {
    expect(parseCsv('\ufeffa,b\r\n1,"2\r\n3"\r\n4,5')).toEqual([
      ['a', 'b'],
      ['1', '2\r\n3'],
      ['4', '5'],
    ]);
  });

  it('fails on an unterminated quoted field', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/unterminated/);
  });

  it('round-trips any table written with RFC 4180 quoting', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', 'é', ',', '"', '\n', '\r\n', ' ', '|', '1') });
    const table = fc
      .integer({ min: 1, max: 5 })
      .chain((cols) => fc.array(fc.array(field, { minLength: cols, maxLength: cols }), { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(table, (rows) => {
        // A single empty field on a row is indistinguishable from an empty line: quote it.
        const quoteField = (f: string) => `"${f.replace(/"/g, '""')}"`;
        const text = rows.map((r) => r.map(quoteField).join(',')).join('\r\n') + '\r\n';
        expect(parseCsv(text)).toEqual(rows);
      }),
    );
  });
});

describe('csvRecords', () => {
  it('keys rows by the header and fills missing trailing fields', () => {
    expect(csvRecords('constituentid,name,ulanid\n22,"Abbott, Lemuel Francis"\n\n27,Aelst,500009698\n')).toEqual([
      { constituentid: '22', name: 'Abbott, Lemuel Francis', ulanid: '' },
      { constituentid: '27', name: 'Aelst', ulanid: '500009698' },
    ]);
  });
});
