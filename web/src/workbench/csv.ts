/**
 * CSV as catalogues are pasted or exported: `,`, `;` (French Excel) or tab separated, quoted
 * fields with doubled quotes, CRLF or LF. One pass over the text (linear in its length).
 */
export function detectDelimiter(text: string): string {
  const end = text.indexOf('\n');
  const first = end === -1 ? text : text.slice(0, end);
  let best = ',';
  let most = -1;
  for (const d of [',', ';', '\t']) {
    const n = first.split(d).length;
    if (n > most) {
      most = n;
      best = d;
    }
  }
  return best;
}

export function parseCsv(input: string, delimiter = detectDelimiter(input)): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((cell) => cell.trim() !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  row.push(field);
  if (row.some((cell) => cell.trim() !== '')) rows.push(row);
  return rows;
}

/**
 * One CSV field as written for a spreadsheet: quoted when needed, and a leading `'` on a cell
 * that a spreadsheet would read as a formula (=, +, -, @, tab, CR).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const toCsv = (rows: string[][]): string => rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
