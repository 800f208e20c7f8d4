import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { JsonResponse } from './http-harness.js';

/**
 * Files for the catalogue tests (ADR 0041): real XLSX workbooks made with ExcelJS, and zip bombs
 * written byte by byte, so that a bomb can declare sizes that lie.
 */

/** An XLSX whose first worksheet holds `rows` (the first is the header); cells as given (a `{formula, result}` object is a formula cell). */
export async function xlsxOf(rows: readonly (readonly ExcelJS.CellValue[])[], sheetName = 'Vente'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Every row of the first worksheet of an XLSX, as ExcelJS reads its values (1-based arrays dropped to 0-based). */
export async function rowsOfXlsx(bytes: Uint8Array): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

interface ZipPart {
  name: string;
  /** The bytes stored in the zip (deflated). */
  data: Buffer;
  /** The size the headers declare the part inflates to. */
  declaredSize: number;
}

/** A zip of deflated parts with the sizes each part declares (which may lie), CRCs left zero. */
function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * An XLSX-shaped zip bomb: a worksheet part of `inflatedBytes` zeros deflated to a few hundred
 * kilobytes. `lying`: its headers declare 1 KiB, so only counting the bytes as they inflate
 * finds it; else they declare the true size.
 */
export function xlsxBomb(inflatedBytes: number, lying: boolean): Buffer {
  const workbook = Buffer.from('<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>');
  const zeros = deflateRawSync(Buffer.alloc(inflatedBytes), { level: 9 });
  return zipOf([
    { name: 'xl/workbook.xml', data: deflateRawSync(workbook), declaredSize: workbook.length },
    { name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: lying ? 1024 : inflatedBytes },
  ]);
}

/** A catalogue answer read whole: its bytes (a file) and, when they are JSON, the parsed body. */
export async function fileResponse(res: Response): Promise<JsonResponse & { bytes: Buffer }> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text, bytes };
}

/** A cell's text as the reader wrote ExcelJS's value of it before ADR 0049: the reference the streaming reader is held to. */
function excelJsCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result !== undefined && result !== null) return typeof result === 'object' && 'error' in (result as object) ? String((result as { error: string }).error) : excelJsCellText(result as ExcelJS.CellValue);
    const v = value as { formula?: string; sharedFormula?: string };
    return `=${v.formula ?? v.sharedFormula ?? ''}`;
  }
  if ('error' in value) return String(value.error);
  if ('text' in value) return excelJsCellText(value.text as ExcelJS.CellValue);
  return '';
}

/** The first worksheet with cells (else the first) as ExcelJS's workbook model reads it: its name and each row's cells as text. */
export async function excelJsSheet(bytes: Uint8Array): Promise<{ name: string; rows: { row: number; cells: string[] }[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  const worksheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0) ?? workbook.worksheets[0]!;
  const rows: { row: number; cells: string[] }[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    for (let c = 1; c < values.length; c++) cells.push(excelJsCellText(values[c]));
    rows.push({ row: rowNumber, cells });
  });
  return { name: worksheet.name, rows };
}
