import { Worker } from 'node:worker_threads';
import type { KnowledgeContentType } from '../../core/knowledge/knowledge.model.js';
import type { TextExtractor } from '../../core/knowledge/ports.js';
import { htmlText } from './html-text.js';
import type { PdfWorkerReply } from './pdf-text.worker.js';
import { workerEntry } from './worker-entry.js';

/** The bounds of one document's extraction (docs/decisions/0014-hardening-audit-operations.md). */
export interface ExtractionLimits {
  /** Wall-clock milliseconds a PDF's extraction may take; the worker is terminated after it. */
  timeoutMs: number;
  /** Heap (V8 old generation) of the extraction worker, in MB. */
  maxHeapMb: number;
  /** UTF-8 bytes of text one document may yield. */
  maxTextBytes: number;
  /** Bytes a PDF's compressed (Flate) streams, images aside, may inflate to in all. */
  maxInflatedBytes: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = { timeoutMs: 30_000, maxHeapMb: 256, maxTextBytes: 10 * 1024 * 1024, maxInflatedBytes: 64 * 1024 * 1024 };

/** A document over one of the limits: its message is the readable reason the item fails with. */
export class ExtractionLimitExceeded extends Error {}

/**
 * Text of an uploaded document, for every accepted type: the one `TextExtractor`. PDFs are
 * parsed by unpdf (PDF.js) in a worker thread, never on the event loop, bounded in time, heap
 * and text; HTML by htmlparser2 to its visible text (`htmlText`), bounded in text; the other
 * types are UTF-8 text as they are. A document over a bound fails with a readable reason.
 */
export class BoundedTextExtractor implements TextExtractor {
  constructor(private readonly limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS) {}

  async extract(contentType: KnowledgeContentType, content: Uint8Array): Promise<string> {
    if (contentType === 'application/pdf') return this.pdfText(content);
    if (content.byteLength > this.limits.maxTextBytes) throw this.overText();
    const text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    if (contentType !== 'text/html') return text;
    const visible = htmlText(text, this.limits.maxTextBytes);
    if (visible.truncated) throw this.overText();
    return visible.text;
  }

  private overText(): ExtractionLimitExceeded {
    return new ExtractionLimitExceeded(`the document holds more than ${this.limits.maxTextBytes} bytes of text (the per-document limit)`);
  }

  private overInflated(): ExtractionLimitExceeded {
    return new ExtractionLimitExceeded(`the PDF's compressed streams inflate to more than ${this.limits.maxInflatedBytes} bytes (the per-document limit)`);
  }

  private pdfText(content: Uint8Array): Promise<string> {
    const entry = workerEntry(import.meta.url, 'pdf-text.worker');
    // PDF.js takes ownership of (detaches) the buffer it is given: the worker gets a copy.
    const worker = new Worker(entry.file, {
      eval: entry.eval,
      workerData: { content: new Uint8Array(content), maxTextBytes: this.limits.maxTextBytes, maxInflatedBytes: this.limits.maxInflatedBytes },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    return new Promise<string>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const timer = setTimeout(
        () => settle(() => reject(new ExtractionLimitExceeded(`reading the PDF took longer than ${this.limits.timeoutMs} ms (the per-document limit)`))),
        this.limits.timeoutMs,
      );
      worker.on('message', (reply: PdfWorkerReply) =>
        settle(() => {
          if (reply.ok) resolve(reply.text);
          else if (reply.reason === 'text_limit') reject(this.overText());
          else if (reply.reason === 'inflate_limit') reject(this.overInflated());
          else reject(new Error(reply.message));
        }),
      );
      worker.on('error', (err: Error & { code?: string }) =>
        settle(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new ExtractionLimitExceeded(`reading the PDF needed more than ${this.limits.maxHeapMb} MB of memory (the per-document limit)`)
              : new Error('the PDF could not be read'),
          ),
        ),
      );
      worker.on('exit', (code) => settle(() => reject(new Error(`the PDF reader stopped (exit code ${code})`))));
    });
  }
}
