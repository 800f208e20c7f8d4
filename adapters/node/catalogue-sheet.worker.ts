import { parentPort, workerData } from 'node:worker_threads';
import type { AnnotatedTable, ReadSheet, SheetSource } from '../../core/attestation/catalogue/catalogue.model.js';
import { type CatalogueLimits, CatalogueLimitExceeded, CatalogueUnreadable, readCatalogue, writeCsv, writeXlsx } from './catalogue-sheet.js';

/**
 * Runs in a worker thread (see `catalogue-files.ts`): reads a catalogue file the client sent, or
 * writes an annotated one, so that neither ever runs on the event loop. The parent bounds this
 * thread's wall-clock time and heap; the reader checks the file's own bounds as it reads.
 */
export type CatalogueJob =
  | { op: 'read'; bytes: Uint8Array; limits: CatalogueLimits }
  | { op: 'write'; table: AnnotatedTable; format: 'csv' | 'xlsx'; source: SheetSource };

export type CatalogueWorkerReply =
  | { ok: true; sheet: ReadSheet }
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: 'limit'; limit: string; message: string }
  | { ok: false; reason: 'unreadable'; message: string };

async function run(job: CatalogueJob): Promise<CatalogueWorkerReply> {
  if (job.op === 'read') return { ok: true, sheet: await readCatalogue(job.bytes, job.limits) };
  return { ok: true, bytes: job.format === 'csv' ? writeCsv(job.table, job.source) : await writeXlsx(job.table, job.source) };
}

run(workerData as CatalogueJob).then(
  (reply) => parentPort?.postMessage(reply),
  (err: unknown) =>
    parentPort?.postMessage(
      err instanceof CatalogueLimitExceeded
        ? ({ ok: false, reason: 'limit', limit: err.limit, message: err.message } satisfies CatalogueWorkerReply)
        : ({
            ok: false,
            reason: 'unreadable',
            message: err instanceof CatalogueUnreadable ? err.message : 'The file could not be read as a CSV or an XLSX catalogue.',
          } satisfies CatalogueWorkerReply),
    ),
);
