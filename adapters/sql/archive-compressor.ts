import { WorkerClient } from '../node/worker-client.js';
import type { ArchiveDictionary, ArchivedTexts } from './archive-codec.js';
import type { CompressBatch, CompressReply } from './archive-compress.worker.js';

/**
 * Archive bodies compressed (archive-codec.ts) in a worker thread of their own
 * (archive-compress.worker.ts), a batch per message: for the writers that write on the event
 * loop's connection (ADR 0027 §2, ADR 0055). On libuv's thread pool each row was a zlib stream of
 * its own, set up, called back and gathered on the event loop: about 50–90 µs of the loop's time
 * a row, against about 10 µs for a message per batch (docs/benchmarks.md, 2026-11-26 morning). A
 * worker that stops fails the batches it held and is started again by the next batch
 * (WorkerClient).
 */
export class ArchiveCompressor {
  private readonly worker: WorkerClient<Omit<CompressBatch, 'id'>, CompressReply>;

  constructor(dictionary: ArchiveDictionary) {
    this.worker = new WorkerClient(import.meta.url, 'archive-compress.worker', { dictionary });
  }

  /** Each one's body, in order (only the two texts of a row cross to the thread). */
  async compress(rows: readonly ArchivedTexts[]): Promise<Buffer[]> {
    const reply = await this.worker.request({ texts: rows.map((r) => ({ request_json: r.request_json, response_json: r.response_json })) });
    if (!reply.ok) throw new Error(`archive compression failed: ${reply.message}`);
    // A Uint8Array after the message: drivers bind a Buffer as bytes (a view, not a copy).
    return reply.bodies.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength));
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
