import { parentPort } from 'node:worker_threads';
import type { AnnotatedTable, ReadSheet, SheetSource } from '../../core/attestation/catalogue/catalogue.model.js';
import { servePooledJobs } from './bounded-worker.js';
import { type CatalogueLimits, CatalogueLimitExceeded, CatalogueUnreadable, readCatalogue, writeCsv, writeXlsx } from './catalogue-sheet.js';

/**
 * Runs in the catalogue worker threads (see `catalogue-files.ts`, a BoundedWorkerPool): reads a
 * catalogue file the client sent, or writes an annotated one, so that neither ever runs on the
 * event loop. The parent bounds each job's wall-clock time and the thread's heap; the reader
 * checks the file's own bounds as it reads. The file's bytes come in, and the written file's go
 * out, moved (transferred), not copied.
 */
export type CatalogueJob =
  | { op: 'read'; bytes: Uint8Array; limits: CatalogueLimits }
  | { op: 'write'; table: AnnotatedTable; format: 'csv' | 'xlsx'; source: SheetSource };

export type CatalogueWorkerReply =
  | { ok: true; sheet: ReadSheet }
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: 'limit'; limit: string; message: string }
  | { ok: false; reason: 'unreadable'; message: string };

/**
 * Bytes whose buffer they fill whole, so that it can be moved to the other thread: `bytes`
 * themselves, else a copy (a slice of a pooled Buffer). No bytes (an empty or already moved
 * buffer, which postMessage would silently drop): a new empty array.
 */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength === 0) return new Uint8Array(0);
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
}

async function run(job: CatalogueJob): Promise<{ reply: CatalogueWorkerReply; transfer?: ArrayBuffer[] }> {
  try {
    if (job.op === 'read') return { reply: { ok: true, sheet: await readCatalogue(job.bytes, job.limits) } };
    const bytes = ownBuffer(job.format === 'csv' ? writeCsv(job.table, job.source) : await writeXlsx(job.table, job.source));
    return { reply: { ok: true, bytes }, transfer: [bytes.buffer as ArrayBuffer] };
  } catch (err) {
    if (err instanceof CatalogueLimitExceeded) return { reply: { ok: false, reason: 'limit', limit: err.limit, message: err.message } };
    return { reply: { ok: false, reason: 'unreadable', message: err instanceof CatalogueUnreadable ? err.message : 'The file could not be read as a CSV or an XLSX catalogue.' } };
  }
}

servePooledJobs(parentPort, run);
