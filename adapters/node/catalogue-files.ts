import type { AnnotatedTable, ReadSheet, SheetSource } from '../../core/attestation/catalogue/catalogue.model.js';
import type { CatalogueFiles } from '../../core/attestation/ports.js';
import { DomainError, validationError } from '../../core/shared/errors.js';
import { type CatalogueLimits, DEFAULT_CATALOGUE_LIMITS } from './catalogue-sheet.js';
import type { CatalogueJob, CatalogueWorkerReply } from './catalogue-sheet.worker.js';
import { runBoundedWorker, WorkerBoundExceeded } from './bounded-worker.js';

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

  private async run(job: CatalogueJob, what: string, writeTimeoutMs?: number): Promise<CatalogueWorkerReply & { ok: true }> {
    const timeoutMs = writeTimeoutMs ?? this.limits.timeoutMs;
    let reply: CatalogueWorkerReply;
    try {
      reply = await runBoundedWorker<CatalogueWorkerReply>(import.meta.url, 'catalogue-sheet.worker', job, { timeoutMs, maxHeapMb: this.limits.maxHeapMb, youngHeapMb: 64 }, `the catalogue worker ${what}`);
    } catch (err) {
      if (!(err instanceof WorkerBoundExceeded)) throw err;
      if (err.bound === 'memory') throw limitError(`${what} needed more than ${this.limits.maxHeapMb} MB of memory (the memory limit).`);
      throw writeTimeoutMs === undefined ? limitError(`${what} took longer than ${timeoutMs} ms (the time limit).`) : new Error(`${what} took longer than ${timeoutMs} ms`);
    }
    if (reply.ok) return reply;
    if (reply.reason === 'limit') throw limitError(reply.message);
    throw validationError(reply.message, [{ path: 'file', message: reply.message }]);
  }
}
