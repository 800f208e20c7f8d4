// The archive's size (issue 25, ADR 0027): bytes per archived verification on each database,
// after keyed batches of 1,000 subjects through the real server; on SQLite also the WAL file,
// right after the batches and once the database has been idle for a few checkpoint ticks.
// The sizes are read with the databases' own accounting (SQLite's dbstat, PostgreSQL's
// pg_total_relation_size: table, TOAST and indexes), so the figure holds for any schema.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { loadCorpusSnapshot } from '../dist/adapters/corpus/file-corpus.loader.js';
import { eachDatabase, SQLITE } from './databases.mjs';
import { catalogueSubjects, printTable, sampleSubjects } from './support.mjs';

const ARCHIVE_TABLES = ['verification_archive', 'archive_dictionaries'];

function startServer(env) {
  const child = spawn(process.execPath, [new URL('./http-server.mjs', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function stopServer(server) {
  server.child.kill('SIGTERM');
  if (server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
}

/** Bytes of the archive's tables and their indexes, and its rows, in a SQLite file. */
function sqliteArchiveSize(file) {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const names = db.prepare(`select name from sqlite_master where tbl_name in (${ARCHIVE_TABLES.map(() => '?').join(', ')})`).all(...ARCHIVE_TABLES).map((r) => r.name);
    const bytes = db.prepare(`select coalesce(sum(pgsize), 0) as bytes from dbstat where name in (${names.map(() => '?').join(', ')})`).get(...names).bytes;
    const rows = db.prepare('select count(*) as n from verification_archive').get().n;
    return { bytes, rows };
  } finally {
    db.close();
  }
}

async function postgresArchiveSize(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Statistics and free space as autovacuum would leave them; sizes then count live rows.
    await client.query('VACUUM ANALYZE verification_archive');
    const sizes = await client.query(`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes from pg_class c where c.relname = any($1) and c.relkind = 'r'`, [ARCHIVE_TABLES]);
    const rows = await client.query('select count(*)::int as n from verification_archive');
    return { bytes: Number(sizes.rows[0].bytes), rows: rows.rows[0].n };
  } finally {
    await client.end();
  }
}

async function measure(target, batchBody, batches) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-archive-'));
  const server = await startServer({ ...target.env, BENCH_DATA_DIR: dataDir });
  const file = join(dataDir, 'svc.sqlite');
  const wal = `${file}-wal`;
  const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
  try {
    let walPeak = 0;
    for (let b = 0; b < batches; b++) {
      const res = await fetch(`${server.verifyUrl}/api/v1/verify/batch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': server.key }, body: batchBody });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
      walPeak = Math.max(walPeak, walSize());
    }
    // A few checkpoint ticks (1 s each) with nothing written.
    await new Promise((r) => setTimeout(r, 3_500));
    const walIdle = walSize();
    const size = target.database === 'sqlite' ? sqliteArchiveSize(file) : await postgresArchiveSize(target.env.DATABASE_URL);
    return { ...size, walPeak, walIdle };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchArchive({ size = 1000, batches = 3, databases = [SQLITE] } = {}) {
  const snapshot = await loadCorpusSnapshot();
  const plain = sampleSubjects(snapshot, size / 2, 21).map(({ kind, ...s }) => s);
  const catalogue = catalogueSubjects(snapshot, size / 2, 22).map(({ kind, ...s }) => s);
  const batchBody = JSON.stringify({ subjects: [...plain, ...catalogue] });
  const results = await eachDatabase(databases, (target) => measure(target, batchBody, batches));
  const rows = results.map(({ target, result }) => ({
    database: target.database,
    verifications: result.rows,
    archive_kib: (result.bytes / 1024).toFixed(0),
    bytes_per_verification: (result.bytes / result.rows).toFixed(0),
    wal_after_batches_kib: target.database === 'sqlite' ? (result.walPeak / 1024).toFixed(0) : 'n/a',
    wal_idle_kib: target.database === 'sqlite' ? (result.walIdle / 1024).toFixed(0) : 'n/a',
  }));
  console.log(`\n## Archive size: ${batches} keyed batches of ${size} (half plain, half catalogue subjects); table, TOAST and indexes per archived verification (target < 1 KB)`);
  printTable(rows);
  return rows;
}
