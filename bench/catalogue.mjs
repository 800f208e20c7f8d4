// POST /api/v1/verify/catalogue (issue 26): a 10,000-lot catalogue file in, the annotated file out,
// keyed (each row archived and metered), on the real server process per database. The file is an
// XLSX (ExcelJS) or a `;` CSV of the batch benchmark's mix (half plain subjects, half catalogue
// forms), written once; each round posts it as multipart and reads the whole annotated answer.
// Each request's wall time is given with the server process's CPU time (all its threads, from
// /proc: the machine is shared, so wall time alone says little). `json out` rounds (file in, the
// JSON answer out: no annotated file written) and the file phases alone, in this process (read in
// the catalogue worker, annotate, write in the worker), say how much of the whole is verification.
import ExcelJS from 'exceljs';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { eachDatabase, SQLITE } from './databases.mjs';
import { catalogueSubjects, median, percentile, printTable, processCpuMs, sampleSubjects } from './support.mjs';
import { WorkerCatalogueFiles } from '../dist/adapters/node/catalogue-files.js';
import { annotatedTable } from '../dist/core/attestation/catalogue/annotation.js';

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

async function post(server, file, filename, format, requestIds) {
  const form = new FormData();
  form.append('file', new Blob([file]), filename);
  form.append('format', format);
  // The page's download (ADR 0049): the same file annotated from the archived answers, nothing verified again.
  if (requestIds !== undefined) form.append('request_ids', JSON.stringify(requestIds));
  const started = performance.now();
  const cpuBefore = processCpuMs(server.child.pid).total;
  const path = requestIds === undefined ? '/api/v1/verify/catalogue' : '/api/v1/verify/catalogue/annotated';
  const res = await fetch(`${server.verifyUrl}${path}`, { method: 'POST', body: form, headers: { 'x-api-key': server.key } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  const cpuMs = processCpuMs(server.child.pid).total - cpuBefore;
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  if (format === 'xlsx' && res.headers.get('content-type') !== XLSX) throw new Error(`not an XLSX: ${res.headers.get('content-type')}`);
  return { ms, cpuMs, bytes: body.length, body };
}

/** Wall and CPU milliseconds (this process, every thread) of `fn`. */
async function timed(fn) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, value };
}


/**
 * The file phases alone, in this process, on the server's own JSON answer to the file: read in the
 * catalogue worker (warm), the annotated table made, written in the worker; `rounds` each, medians.
 */
async function filePhases(inputs, answers, rounds) {
  const files = new WorkerCatalogueFiles();
  const rows = [];
  try {
    for (const format of ['xlsx', 'csv']) {
      const input = inputs[format];
      await files.read(new Uint8Array(input)); // the thread started and its modules loaded, as on a server that has served one file
      const phases = { read: [], annotate: [], write: [] };
      for (let r = 0; r < rounds; r++) {
        const read = await timed(() => files.read(new Uint8Array(input)));
        const table = await timed(() => annotatedTable(read.value.sheet, answers[format].rows));
        const write = await timed(() => files.write(table.value, format, read.value.source));
        for (const [phase, t] of [['read', read], ['annotate', table], ['write', write]]) phases[phase].push(t);
      }
      for (const [phase, runs] of Object.entries(phases)) {
        rows.push({ file: format, phase: phase === 'read' ? 'read (worker)' : phase === 'write' ? 'write (worker)' : 'annotate (event loop)', median_ms: median(runs.map((t) => t.ms)).toFixed(0), cpu_ms: median(runs.map((t) => t.cpuMs)).toFixed(0) });
      }
    }
  } finally {
    await files.close();
  }
  return rows;
}

/** A request's rounds: wall and CPU times sorted, and the answer's size. */
const figures = (runs) => ({ ms: runs.map((r) => r.ms).sort((a, b) => a - b), cpuMs: runs.map((r) => r.cpuMs).sort((a, b) => a - b), bytes: runs[0].bytes });

async function measure(target, inputs, rounds) {
  const server = await startChild(target.env);
  try {
    // Warm-up: a small catalogue (workers, ExcelJS and the engine loaded once).
    await post(server, Buffer.from('Lot,Artist,Title\n1,Rembrandt,Ecce Homo\n'), 'warm.csv', 'xlsx');
    const out = {};
    const answers = {};
    for (const [name, file, filename] of [['xlsx', inputs.xlsx, 'sale.xlsx'], ['csv', inputs.csv, 'sale.csv']]) {
      for (const format of [name, 'json']) {
        const runs = [];
        for (let r = 0; r < rounds; r++) runs.push(await post(server, file, filename, format));
        out[`${name}:${format}`] = figures(runs);
        if (format === 'json') answers[name] = JSON.parse(runs[0].body.toString('utf8'));
      }
      const requestIds = Object.fromEntries(answers[name].rows.filter((r) => 'request_id' in r.result).map((r) => [r.row, r.result.request_id]));
      const runs = [];
      for (let r = 0; r < rounds; r++) runs.push(await post(server, file, filename, name, requestIds));
      out[`${name}:annotated`] = figures(runs);
    }
    return { out, answers };
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
    for (const [name, input] of [['xlsx', inputs.xlsx], ['csv', inputs.csv]]) {
      for (const format of [name, 'json', 'annotated']) {
        const r = result.out[`${name}:${format}`];
        rows.push({
          database: target.database,
          file: format === 'annotated' ? `${name} in, ${name} out from the archive (download)` : `${name} in, ${format} out`,
          in_kib: Math.round(input.length / 1024),
          out_kib: Math.round(r.bytes / 1024),
          median_ms: percentile(r.ms, 0.5).toFixed(0),
          best_ms: r.ms[0].toFixed(0),
          server_cpu_ms: percentile(r.cpuMs, 0.5).toFixed(0),
          us_per_row: ((percentile(r.ms, 0.5) * 1000) / size).toFixed(0),
        });
      }
    }
  }
  console.log(`\n## Catalogue: a ${size}-lot file in, the annotated file out (POST /api/v1/verify/catalogue, keyed: each row archived and metered; ${rounds} rounds, median; server CPU: all its threads; target < 5000 ms)`);
  printTable(rows);
  if (results.length === 0) return rows;
  const phases = await filePhases(inputs, results[0].result.answers, rounds);
  console.log(`\n### The file phases alone (this process, the catalogue worker warm; CPU: every thread; ${rounds} rounds, median)`);
  printTable(phases);
  return rows;
}
