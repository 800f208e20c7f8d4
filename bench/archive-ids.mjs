// The archive's ids (ADR 0056): the cost of writing verification_archive rows keyed by random
// (version 4) UUIDs against time-ordered (version 7) ones, on a SQLite file through the real
// writer (its worker thread: compression, insert, meter, commit) and checkpointer (its worker
// thread, one PASSIVE checkpoint every second as in the server). Rows are real answers of the
// benchmark's subject mix, written in groups the size a server's group commit makes (one row
// alone; 5, as at 10 connections; 100, a batch's), after 30,000 rows already archived. Per row:
// the process's CPU (every thread), and the archive's bytes (table and indexes, dbstat).
//   node bench/run.mjs archive-ids        BENCH_ARCHIVE_IDS_ROWS=30000 (rows per measurement)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { timeOrderedUuid } from '../dist/adapters/node/node-platform.js';
import { archiveRow } from '../dist/adapters/sql/archive-writer.js';
import { openSqliteDatabase } from '../dist/adapters/sqlite/sqlite-database.js';
import { createVerifier } from '../dist/runtimes/embed/index.js';
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { median, printTable, processCpuMs, sampleSubjects } from './support.mjs';

const IDS = { 'random (v4)': randomUUID, 'time-ordered (v7)': timeOrderedUuid };
const PREFILL = 30_000;

async function answers() {
  const verifier = await createVerifier();
  const out = [];
  for (const { kind, ...s } of sampleSubjects(await loadCorpusSnapshot(), 2_000)) out.push(await verifier.verify(s));
  return out;
}

function archiveBytes(file) {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.prepare(`select coalesce(sum(pgsize), 0) as bytes from dbstat where name in (select name from sqlite_master where tbl_name = 'verification_archive')`).get().bytes;
  } finally {
    db.close();
  }
}

async function measure(responses, newId, group, rows) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-archive-ids-'));
  const file = join(dir, 'svc.sqlite');
  const database = await openSqliteDatabase({ filename: file, checkpointIntervalMs: 1_000 });
  try {
    let n = 0;
    const next = () => {
      const response = { ...responses[n++ % responses.length], request_id: newId(), served_at: new Date().toISOString() };
      const trace = { request_id: response.request_id, served_at: response.served_at, tier: 'production', key_id: 'key_bench', request: { subject_artist: response.subject.artist, subject_title: response.subject.title }, response };
      return archiveRow(trace);
    };
    for (let i = 0; i < PREFILL; i += 500) await database.archiveWriter.write(Array.from({ length: 500 }, next));
    await new Promise((r) => setTimeout(r, 1_500));
    const groups = Array.from({ length: Math.ceil(rows / group) }, () => Array.from({ length: group }, next));
    const before = processCpuMs(process.pid);
    for (const g of groups) await database.archiveWriter.write(g);
    // The checkpoints of what was written: a second more of ticks.
    await new Promise((r) => setTimeout(r, 1_200));
    const cpu = processCpuMs(process.pid).total - before.total;
    return { cpuUsPerRow: (cpu * 1000) / rows, bytesPerRow: archiveBytes(file) / (PREFILL + rows) };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchArchiveIds({ rows = 30_000, rounds = 3 } = {}) {
  // The writer's and checkpointer's workers do not hold the process open (a server's socket does).
  const alive = setInterval(() => undefined, 1_000);
  try {
    await run(rows, rounds);
  } finally {
    clearInterval(alive);
  }
}

async function run(rows, rounds) {
  const responses = await answers();
  const table = [];
  for (const group of [1, 5, 100]) {
    const runs = Object.fromEntries(Object.keys(IDS).map((k) => [k, []]));
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? Object.keys(IDS) : Object.keys(IDS).reverse();
      for (const name of order) runs[name].push(await measure(responses, IDS[name], group, group === 1 ? rows / 5 : rows));
    }
    for (const [name, results] of Object.entries(runs)) {
      table.push({ ids: name, rows_per_commit: group, cpu_us_per_row: median(results.map((x) => x.cpuUsPerRow)).toFixed(1), archive_bytes_per_row: median(results.map((x) => x.bytesPerRow)).toFixed(0) });
    }
  }
  console.log('\nArchive writes by id kind (SQLite file, writer and checkpointer threads; CPU of the whole process, medians)');
  printTable(table);
}
