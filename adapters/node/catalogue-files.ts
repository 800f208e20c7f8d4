import { Worker } from 'node:worker_threads';
import type { AnnotatedTable, ReadSheet, SheetSource } from '../../core/attestation/catalogue/catalogue.model.js';
import type { CatalogueFiles } from '../../core/attestation/ports.js';
import { DomainError, validationError } from '../../core/shared/errors.js';
import { type CatalogueLimits, DEFAULT_CATALOGUE_LIMITS } from './catalogue-sheet.js';
import type { CatalogueJob, CatalogueWorkerReply } from './catalogue-sheet.worker.js';
import { workerEntry } from './worker-entry.js';

const limitError = (message: string) => new DomainError('PAYLOAD_TOO_LARGE', message);

/** How long writing an annotated file may take: ours to write, far above what 10,000 rows need. */
const WRITE_TIMEOUT_MS = 120_000;

/**
 * The catalogue files of every runtime (ADR 0041): each file read, and each annotated file
 * written, in a worker thread of its own, bounded in wall-clock time and heap; the reader checks
 * the file's bytes, rows, columns, cells and (XLSX) inflated bytes as it reads. Over a bound: a
 * PAYLOAD_TOO_LARGE DomainError naming it (413); a file that is not a catalogue: VALIDATION (400).
 */
export class WorkerCatalogueFiles implements CatalogueFiles {
  constructor(private readonly limits: CatalogueLimits = DEFAULT_CATALOGUE_LIMITS) {}

  async read(file: Uint8Array): Promise<ReadSheet> {
    if (file.byteLength > this.limits.maxBytes) throw limitError(`The file is larger than ${this.limits.maxBytes} bytes (the file size limit).`);
    const reply = await this.run({ op: 'read', bytes: file, limits: this.limits }, 'reading the file');
    if (!('sheet' in reply)) throw new Error('the catalogue worker answered a read with no sheet');
    return reply.sheet;
  }

  async write(table: AnnotatedTable, format: 'csv' | 'xlsx', source: SheetSource): Promise<Uint8Array> {
    // Our own table, bounded by the rows read: a write past its time is the server's failure, not the file's.
    const reply = await this.run({ op: 'write', table, format, source }, 'writing the annotated file', WRITE_TIMEOUT_MS);
    if (!('bytes' in reply)) throw new Error('the catalogue worker answered a write with no file');
    return reply.bytes;
  }

  private run(job: CatalogueJob, what: string, writeTimeoutMs?: number): Promise<CatalogueWorkerReply & { ok: true }> {
    const timeoutMs = writeTimeoutMs ?? this.limits.timeoutMs;
    const entry = workerEntry(import.meta.url, 'catalogue-sheet.worker');
    const worker = new Worker(entry.file, {
      eval: entry.eval,
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb, maxYoungGenerationSizeMb: 64 },
    });
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(writeTimeoutMs === undefined ? limitError(`${what} took longer than ${timeoutMs} ms (the time limit).`) : new Error(`${what} took longer than ${timeoutMs} ms`)),
          ),
        timeoutMs,
      );
      worker.on('message', (reply: CatalogueWorkerReply) =>
        settle(() => {
          if (reply.ok) resolve(reply);
          else if (reply.reason === 'limit') reject(limitError(reply.message));
          else reject(validationError(reply.message, [{ path: 'file', message: reply.message }]));
        }),
      );
      worker.on('error', (err: Error & { code?: string }) =>
        settle(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? limitError(`${what} needed more than ${this.limits.maxHeapMb} MB of memory (the memory limit).`)
              : new Error(`the catalogue worker failed ${what}: ${err.message}`),
          ),
        ),
      );
      worker.on('exit', (code) => settle(() => reject(new Error(`the catalogue worker stopped ${what} (exit code ${code})`))));
    });
  }
}
