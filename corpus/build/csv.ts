/**
 * A minimal RFC 4180 CSV reader: quoted fields, doubled quotes inside quotes, commas and
 * line breaks inside quoted fields, CRLF or LF line ends, an optional UTF-8 BOM. Enough for
 * the NGA and Tate CSV extracts; not a general-purpose parser (no other delimiters, no
 * comment lines, no type coercion).
 */
import { readFile } from 'node:fs/promises';

/** Parses CSV text into rows of fields. A trailing line break does not add an empty row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let fieldStarted = false;

  const endField = () => {
    row.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };

  while (i < n) {
    const c = text[i];
    if (c === '"' && !fieldStarted && field === '') {
      // Quoted field: read up to the closing quote; "" is one quote.
      i++;
      let closed = false;
      while (i < n) {
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i++;
            closed = true;
            break;
          }
        } else {
          field += q;
          i++;
        }
      }
      if (!closed) throw new Error('CSV: unterminated quoted field');
      fieldStarted = true;
      // Anything between the closing quote and the delimiter is kept verbatim (lenient).
      continue;
    }
    if (c === ',') {
      endField();
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  // Last row without a trailing line break.
  if (field !== '' || fieldStarted || row.length > 0) endRow();
  return rows;
}

/** Rows as objects keyed by the header row. Missing trailing fields read as ''. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map((r) => {
      const rec: Record<string, string> = {};
      header.forEach((h, idx) => {
        rec[h] = r[idx] ?? '';
      });
      return rec;
    });
}

export async function readCsvRecords(path: string): Promise<Record<string, string>[]> {
  return csvRecords(await readFile(path, 'utf8'));
}
