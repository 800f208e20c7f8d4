/**
 * An XLSX worksheet's cells as text, read straight from the workbook's XML parts with
 * htmlparser2's streaming parser (ADR 0049): one pass over each part, linear in its length,
 * no workbook model built. It reads what the reader read before with `ExcelJS.Workbook.xlsx.load`
 * (0.32–0.66 s of CPU for the benchmark's 10,000 rows, against 0.16–0.24 s here, the zip's
 * inflating included), cell for cell as that reader wrote ExcelJS's values (the tests hold it to
 * that reader, `excelJsSheet` in test/support/catalogue-files.ts):
 * shared and inline strings (rich text runs joined, phonetic runs left out), numbers as
 * `String(number)`, numbers in a date format as an ISO date (the 1900 or 1904 date system),
 * booleans TRUE/FALSE, errors as their text, a formula as its cached value, else its text
 * (`=...`; never evaluated), merged cells as their first cell (as ExcelJS gave them).
 * The parts are those `inflateZipWithin` inflated within the bounds.
 */
import { Parser } from 'htmlparser2';
import { type CatalogueLimits, CatalogueLimitExceeded, CatalogueUnreadable } from './catalogue-sheet-limits.js';

/** A worksheet row as read: its number and its cells by column (1-based; a hole is a blank cell). */
export interface XlsxRow {
  row: number;
  cells: string[];
}

export interface XlsxSheet {
  name: string;
  rows: XlsxRow[];
}

interface XmlHandlers {
  open?: (name: string, attrs: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
}

/** The part's XML text (UTF-8, or UTF-16 with its byte-order mark) parsed, tag names without their namespace prefix. */
function parseXml(bytes: Uint8Array, handlers: XmlHandlers): void {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
  const text = new TextDecoder(utf16 ? 'utf-16le' : 'utf-8').decode(bytes);
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const parser = new Parser(
    {
      onopentag: handlers.open && ((name, attrs) => handlers.open!(local(name), attrs)),
      ontext: handlers.text,
      onclosetag: handlers.close && ((name) => handlers.close!(local(name))),
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(text);
  parser.end();
}

/** The text of each `<si>` (shared strings) or `<is>` (inline): its `<t>` texts joined, phonetic runs (`<rPh>`) left out. */
class StringText {
  private inT = false;
  private inPhonetic = 0;
  text = '';

  open(name: string): void {
    if (name === 't' && this.inPhonetic === 0) this.inT = true;
    else if (name === 'rPh') this.inPhonetic += 1;
  }

  add(text: string): void {
    if (this.inT) this.text += text;
  }

  close(name: string): void {
    if (name === 't') this.inT = false;
    else if (name === 'rPh') this.inPhonetic -= 1;
  }
}

function sharedStrings(part: Uint8Array | undefined): string[] {
  const strings: string[] = [];
  if (part === undefined) return strings;
  let current: StringText | null = null;
  parseXml(part, {
    open: (name) => {
      if (name === 'si') current = new StringText();
      else current?.open(name);
    },
    text: (text) => current?.add(text),
    close: (name) => {
      if (name === 'si' && current !== null) {
        strings.push(current.text);
        current = null;
      } else current?.close(name);
    },
  });
  return strings;
}

/** The built-in number formats that are dates or times (ExcelJS's table, by its own test). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format code that writes a date or time: y, m, d, h, s or b outside quoted text and brackets (ExcelJS's rule). */
export function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Whether each cell style (`s`, an index into `cellXfs`) formats a number as a date. */
function dateStyles(part: Uint8Array | undefined): boolean[] {
  const styles: boolean[] = [];
  if (part === undefined) return styles;
  const custom = new Map<number, boolean>();
  let inCellXfs = false;
  parseXml(part, {
    open: (name, attrs) => {
      if (name === 'numFmt' && attrs.numFmtId !== undefined) custom.set(Number(attrs.numFmtId), isDateFormat(attrs.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        styles.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** `B12` → column 2, row 12; null when the reference is not one. */
function cellRef(ref: string): { col: number; row: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?([0-9]{1,7})$/.exec(ref);
  if (m === null) return null;
  let col = 0;
  for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col, row: Number(m[2]) };
}

/** An Excel serial date as ExcelJS read it, then as the reader wrote a Date: `YYYY-MM-DD` at midnight, else the ISO instant. */
function dateText(serial: number, date1904: boolean): string {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
  if (Number.isNaN(date.getTime())) return String(serial);
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

interface Workbook {
  sheets: { name: string; path: string }[];
  date1904: boolean;
  sharedStringsPath: string;
  stylesPath: string;
}

/** A relationship's target as a part name: relative to xl/, or absolute from the package root. */
const partOf = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

function workbookOf(parts: Record<string, Uint8Array>): Workbook {
  const targets = new Map<string, { type: string; target: string }>();
  const rels = parts['xl/_rels/workbook.xml.rels'];
  if (rels !== undefined) {
    parseXml(rels, {
      open: (name, attrs) => {
        if (name === 'Relationship' && attrs.Id !== undefined && attrs.Target !== undefined) targets.set(attrs.Id, { type: attrs.Type ?? '', target: attrs.Target });
      },
    });
  }
  const byType = (suffix: string, fallback: string) => {
    for (const { type, target } of targets.values()) if (type.endsWith(suffix)) return partOf(target);
    return fallback;
  };
  const sheets: { name: string; path: string }[] = [];
  let date1904 = false;
  parseXml(parts['xl/workbook.xml']!, {
    open: (name, attrs) => {
      if (name === 'workbookPr') date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
      else if (name === 'sheet') {
        const id = attrs['r:id'] ?? Object.entries(attrs).find(([k]) => k.endsWith(':id'))?.[1];
        const target = id === undefined ? undefined : targets.get(id)?.target;
        if (target !== undefined) sheets.push({ name: attrs.name ?? '', path: partOf(target) });
      }
    },
  });
  return { sheets, date1904, sharedStringsPath: byType('/sharedStrings', 'xl/sharedStrings.xml'), stylesPath: byType('/styles', 'xl/styles.xml') };
}

interface CellState {
  col: number;
  type: string;
  style: number;
  value: string | null;
  formula: string | null;
  /** The inline string (`<is>`) being read, and whether the parser is inside it. */
  inline: StringText | null;
  inInline: boolean;
}

/** Column 2 → `B`. */
function columnName(col: number): string {
  let name = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell's text as the reader wrote ExcelJS's value of it; null for a cell with no value. */
function cellTextOf(c: CellState, strings: readonly string[], dates: readonly boolean[], date1904: boolean): string | null {
  const valueText = (v: string): string => {
    switch (c.type) {
      case 's':
        return strings[Number(v)] ?? '';
      case 'str':
      case 'e':
        return v;
      case 'b':
        return Number.parseInt(v, 10) !== 0 ? 'TRUE' : 'FALSE';
      case 'd': {
        const ms = new Date(v).getTime();
        return Number.isNaN(ms) ? v : dateText(ms / 86_400_000 + 25569, false);
      }
      default: {
        const n = Number.parseFloat(v);
        return dates[c.style] === true && Number.isFinite(n) ? dateText(n, date1904) : String(n);
      }
    }
  };
  if (c.inline !== null) return c.inline.text;
  if (c.formula !== null) return c.value !== null ? valueText(c.value) : `=${c.formula}`;
  return c.value === null ? null : valueText(c.value);
}

/**
 * A worksheet's rows: each cell's text, merged cells filled from their first cell. Past the
 * columns limit, or filling merged cells past the cells or rows limit, it throws naming it.
 */
function worksheetRows(part: Uint8Array, strings: readonly string[], dates: readonly boolean[], date1904: boolean, limits: CatalogueLimits): XlsxRow[] {
  const rows = new Map<number, Map<number, string>>();
  const merges: string[] = [];
  /** Shared formulas: each group's first cell (`si` → its address), which ExcelJS gave the others as their formula. */
  const masters = new Map<string, string>();
  let rowNumber = 0;
  let lastCol = 0;
  let cells: Map<number, string> | null = null;
  let cell: CellState | null = null;
  let reading: 'v' | 'f' | null = null;

  parseXml(part, {
    open: (name, attrs) => {
      if (cell?.inInline) {
        cell.inline!.open(name);
        return;
      }
      switch (name) {
        case 'row':
          rowNumber = attrs.r !== undefined ? Number(attrs.r) : rowNumber + 1;
          lastCol = 0;
          cells = rows.get(rowNumber) ?? new Map<number, string>();
          rows.set(rowNumber, cells);
          break;
        case 'c':
          cell = { col: (attrs.r === undefined ? null : cellRef(attrs.r))?.col ?? lastCol + 1, type: attrs.t ?? 'n', style: Number(attrs.s ?? 0), value: null, formula: null, inline: null, inInline: false };
          break;
        case 'v':
          if (cell !== null) {
            reading = 'v';
            cell.value = '';
          }
          break;
        case 'f':
          if (cell !== null) {
            reading = 'f';
            cell.formula = '';
            if (attrs.t === 'shared' && attrs.si !== undefined) {
              if (attrs.ref !== undefined) masters.set(attrs.si, `${columnName(cell.col)}${rowNumber}`);
              else cell.formula = masters.get(attrs.si) ?? '';
            }
          }
          break;
        case 'is':
          if (cell !== null) {
            cell.inline = new StringText();
            cell.inInline = true;
          }
          break;
        case 'mergeCell':
          if (attrs.ref !== undefined) merges.push(attrs.ref);
          break;
      }
    },
    text: (text) => {
      if (cell === null) return;
      if (cell.inInline) cell.inline!.add(text);
      else if (reading === 'v') cell.value += text;
      else if (reading === 'f') cell.formula += text;
    },
    close: (name) => {
      if (cell?.inInline) {
        if (name === 'is') cell.inInline = false;
        else cell.inline!.close(name);
        return;
      }
      if (name === 'v' || name === 'f') reading = null;
      else if (name === 'c' && cell !== null) {
        const text = cellTextOf(cell, strings, dates, date1904);
        if (text !== null && cells !== null) {
          if (cell.col > limits.maxColumns) throw new CatalogueLimitExceeded('columns', `Row ${rowNumber} has more than ${limits.maxColumns} columns (the columns limit).`);
          cells.set(cell.col, text);
        }
        lastCol = cell.col;
        cell = null;
      }
    },
  });
  fillMerges(rows, merges, limits);
  return [...rows.entries()]
    .filter(([, byCol]) => byCol.size > 0)
    .sort(([a], [b]) => a - b)
    .map(([row, byCol]) => {
      let width = 0;
      for (const col of byCol.keys()) width = Math.max(width, col);
      const out: string[] = [];
      for (let c = 1; c <= width; c++) out.push(byCol.get(c) ?? '');
      return { row, cells: out };
    });
}

/**
 * Each merged range's cells given its first cell's text, as ExcelJS gave them. The cells filled
 * are counted against the cells limit, the rows and columns reached against theirs, so that a
 * range declared over the whole sheet is refused, not filled.
 */
function fillMerges(rows: Map<number, Map<number, string>>, merges: readonly string[], limits: CatalogueLimits): void {
  let filled = 0;
  for (const ref of merges) {
    const [from, to] = ref.split(':').map(cellRef);
    if (from == null || to == null) continue;
    const text = rows.get(from.row)?.get(from.col);
    if (text === undefined) continue;
    if (to.col > limits.maxColumns) throw new CatalogueLimitExceeded('columns', `Row ${from.row} has more than ${limits.maxColumns} columns (the columns limit).`);
    if (to.row - from.row > limits.maxRows) throw new CatalogueLimitExceeded('rows', `The catalogue holds more than ${limits.maxRows} rows under its header (the rows limit).`);
    filled += (to.row - from.row + 1) * (to.col - from.col + 1);
    if (filled > limits.maxCells) throw new CatalogueLimitExceeded('cells', `The file holds more than ${limits.maxCells} cells (the cells limit).`);
    for (let r = from.row; r <= to.row; r++) {
      let byCol = rows.get(r);
      if (byCol === undefined) rows.set(r, (byCol = new Map()));
      for (let c = from.col; c <= to.col; c++) byCol.set(c, text);
    }
  }
}

/**
 * The workbook's first worksheet that holds cells (else its first), as ExcelJS chose it: the
 * sheets in the workbook's order. Throws CatalogueUnreadable for a workbook with no worksheet.
 */
export function readXlsxSheet(parts: Record<string, Uint8Array>, limits: CatalogueLimits): XlsxSheet {
  const workbook = workbookOf(parts);
  const strings = sharedStrings(parts[workbook.sharedStringsPath]);
  const dates = dateStyles(parts[workbook.stylesPath]);
  let first: XlsxSheet | null = null;
  for (const { name, path } of workbook.sheets) {
    const part = parts[path];
    if (part === undefined) continue;
    const sheet = { name, rows: worksheetRows(part, strings, dates, workbook.date1904, limits) };
    if (sheet.rows.length > 0) return sheet;
    first ??= sheet;
  }
  if (first === null) throw new CatalogueUnreadable('The XLSX workbook has no worksheet.');
  return first;
}
