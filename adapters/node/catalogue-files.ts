import type { AnnotatedTable, ReadSheet, SheetSource } from '../../core/attestation/catalogue/catalogue.model.js';
import type { CatalogueFiles } from '../../core/attestation/ports.js';
import { DomainError, validationError } from '../../core/shared/errors.js';
import { type CatalogueLimits, DEFAULT_CATALOGUE_LIMITS } from './catalogue-sheet.js';
import { type CatalogueJob, type CatalogueWorkerReply, ownBuffer } from './catalogue-sheet.worker.js';
import { BoundedWorkerPool, WorkerBoundExceeded } from './bounded-worker.js';

const limitError = (message: string) => new DomainError('PAYLOAD_TOO_LARGE', message);

/** How long writing an annotated file may take: ours to write, far above what 10,000 rows need. */
const WRITE_TIMEOUT_MS = 120_000;

/** Catalogue worker threads at most: a read and a write of two requests side by side on two cores. */
const POOL_SIZE = 2;
/** A worker idle this long ends, giving back the heap a 10,000-row file took. */
const IDLE_MS = 30_000;

/**
 * The catalogue files of every runtime (ADR 0041): each file read, and each annotated file
 * written, in a worker thread (a small pool of warm threads, ADR 0049), each job bounded in
 * wall-clock time and each thread in heap; the reader checks
 * the file's bytes, rows, columns, cells and (XLSX) inflated bytes as it reads. Over a bound: a
 * PAYLOAD_TOO_LARGE DomainError naming it (413); a file that is not a catalogue: VALIDATION (400).
 */
export class WorkerCatalogueFiles implements CatalogueFiles {
  private readonly pool: BoundedWorkerPool<CatalogueJob, CatalogueWorkerReply>;

  constructor(private readonly limits: CatalogueLimits = DEFAULT_CATALOGUE_LIMITS) {
    this.pool = new BoundedWorkerPool(import.meta.url, 'catalogue-sheet.worker', { size: POOL_SIZE, maxHeapMb: limits.maxHeapMb, youngHeapMb: 64, idleMs: IDLE_MS, what: 'the catalogue worker' });
  }

  async read(file: Uint8Array): Promise<ReadSheet> {
    if (file.byteLength > this.limits.maxBytes) throw limitError(`The file is larger than ${this.limits.maxBytes} bytes (the file size limit).`);
    // The file's bytes are moved to the worker, not copied (a copy first when they share a buffer, as a pooled Buffer does).
    const bytes = ownBuffer(file);
    const reply = await this.run({ op: 'read', bytes, limits: this.limits }, 'reading the file', undefined, [bytes.buffer as ArrayBuffer]);
    if (!('sheet' in reply)) throw new Error('the catalogue worker answered a read with no sheet');
    return reply.sheet;
  }

  async write(table: AnnotatedTable, format: 'csv' | 'xlsx', source: SheetSource): Promise<Uint8Array> {
    // Our own table, bounded by the rows read: a write past its time is the server's failure, not the file's.
    const reply = await this.run({ op: 'write', table, format, source }, 'writing the annotated file', WRITE_TIMEOUT_MS);
    if (!('bytes' in reply)) throw new Error('the catalogue worker answered a write with no file');
    return reply.bytes;
  }

  /** Ends the worker threads (idle ones end by themselves and never keep the process alive). */
  close(): Promise<void> {
    return this.pool.close();
  }

  private async run(job: CatalogueJob, what: string, writeTimeoutMs?: number, transfer?: ArrayBuffer[]): Promise<CatalogueWorkerReply & { ok: true }> {
    const timeoutMs = writeTimeoutMs ?? this.limits.timeoutMs;
    let reply: CatalogueWorkerReply;
    try {
      reply = await this.pool.run(job, timeoutMs, transfer);
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
