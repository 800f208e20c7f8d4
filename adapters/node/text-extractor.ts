import type { KnowledgeContentType } from '../../core/knowledge/knowledge.model.js';
import type { TextExtractor } from '../../core/knowledge/ports.js';
import { htmlText } from './html-text.js';
import type { PdfWorkerReply } from './pdf-text.worker.js';
import { runBoundedWorker, WorkerBoundExceeded } from './bounded-worker.js';

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

  private async pdfText(content: Uint8Array): Promise<string> {
    let reply: PdfWorkerReply;
    try {
      // PDF.js takes ownership of (detaches) the buffer it is given: the worker gets a copy.
      reply = await runBoundedWorker<PdfWorkerReply>(
        import.meta.url,
        'pdf-text.worker',
        { content: new Uint8Array(content), maxTextBytes: this.limits.maxTextBytes, maxInflatedBytes: this.limits.maxInflatedBytes },
        { timeoutMs: this.limits.timeoutMs, maxHeapMb: this.limits.maxHeapMb, youngHeapMb: 32 },
        'the PDF reader',
      );
    } catch (err) {
      if (!(err instanceof WorkerBoundExceeded)) throw new Error('the PDF could not be read');
      if (err.bound === 'time') throw new ExtractionLimitExceeded(`reading the PDF took longer than ${this.limits.timeoutMs} ms (the per-document limit)`);
      throw new ExtractionLimitExceeded(`reading the PDF needed more than ${this.limits.maxHeapMb} MB of memory (the per-document limit)`);
    }
    if (reply.ok) return reply.text;
    if (reply.reason === 'text_limit') throw this.overText();
    if (reply.reason === 'inflate_limit') throw this.overInflated();
    throw new Error(reply.message);
  }
}
