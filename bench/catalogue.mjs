// POST /api/v1/verify/catalogue (issue 26): a 10,000-lot catalogue file in, the annotated file out,
// keyed (each row archived and metered), on the real server process per database. The file is an
// XLSX (ExcelJS) or a `;` CSV of the batch benchmark's mix (half plain subjects, half catalogue
// forms), written once; each round posts it as multipart and reads the whole annotated answer.
import ExcelJS from 'exceljs';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { eachDatabase, SQLITE } from './databases.mjs';
import { catalogueSubjects, percentile, printTable, sampleSubjects } from './support.mjs';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function startChild(env = {}) {
  const child = spawn(process.execPath, [new URL('./http-server.mjs', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function files(size) {
  const snapshot = await loadCorpusSnapshot();
  const subjects = [...sampleSubjects(snapshot, size / 2, 31), ...catalogueSubjects(snapshot, size / 2, 32)];
  const header = ['Lot', 'Artist', 'Title', 'Reference', 'Medium', 'Date', 'Estimate'];
  const rows = subjects.map((s, i) => [String(i + 1), s.subject_artist, s.subject_title, s.subject_ref ?? '', s.subject_medium ?? '', s.subject_date ?? '', '1 000 - 1 500']);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sale');
  sheet.addRow(header);
  sheet.addRows(rows);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  const quote = (c) => (/[;"\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
  const csv = Buffer.from(`\ufeff${[header, ...rows].map((r) => r.map(quote).join(';')).join('\r\n')}\r\n`);
  return { xlsx, csv };
}

async function post(server, file, filename, format) {
  const form = new FormData();
  form.append('file', new Blob([file]), filename);
  form.append('format', format);
  const started = performance.now();
  const res = await fetch(`${server.verifyUrl}/api/v1/verify/catalogue`, { method: 'POST', body: form, headers: { 'x-api-key': server.key } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  if (format === 'xlsx' && res.headers.get('content-type') !== XLSX) throw new Error(`not an XLSX: ${res.headers.get('content-type')}`);
  return { ms, bytes: body.length };
}

async function measure(target, inputs, rounds) {
  const server = await startChild(target.env);
  try {
    // Warm-up: a small catalogue (workers, ExcelJS and the engine loaded once).
    await post(server, Buffer.from('Lot,Artist,Title\n1,Rembrandt,Ecce Homo\n'), 'warm.csv', 'xlsx');
    const out = {};
    for (const [name, file, filename] of [['xlsx', inputs.xlsx, 'sale.xlsx'], ['csv', inputs.csv, 'sale.csv']]) {
      const runs = [];
      for (let r = 0; r < rounds; r++) runs.push(await post(server, file, filename, name));
      out[name] = { ms: runs.map((r) => r.ms).sort((a, b) => a - b), bytes: runs[0].bytes };
    }
    return out;
  } finally {
    server.child.kill('SIGTERM');
    if (server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
  }
}

export async function benchCatalogue({ size = 10_000, rounds = 3, databases = [SQLITE] } = {}) {
  const inputs = await files(size);
  const results = await eachDatabase(databases, (target) => measure(target, inputs, rounds));
  const rows = [];
  for (const { target, result } of results) {
    for (const [format, input] of [['xlsx', inputs.xlsx], ['csv', inputs.csv]]) {
      const r = result[format];
      rows.push({
        database: target.database,
        file: `${format} in, ${format} out`,
        in_kib: Math.round(input.length / 1024),
        out_kib: Math.round(r.bytes / 1024),
        median_ms: percentile(r.ms, 0.5).toFixed(0),
        best_ms: r.ms[0].toFixed(0),
        us_per_row: ((percentile(r.ms, 0.5) * 1000) / size).toFixed(0),
      });
    }
  }
  console.log(`\n## Catalogue: a ${size}-lot file in, the annotated file out (POST /api/v1/verify/catalogue, keyed: each row archived and metered; ${rounds} rounds, median; target < 5000 ms)`);
  printTable(rows);
  return rows;
}
