import { parentPort, workerData } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

/**
 * Runs in a worker thread (see `pdf-text-extraction.ts`): extracts a PDF's text page by page
 * and stops as soon as the text passes `maxTextBytes`, so a compressed content stream that
 * inflates to hundreds of megabytes is cut short instead of being indexed. The parent bounds
 * this thread's wall-clock time and heap.
 */
interface Job {
  content: Uint8Array;
  maxTextBytes: number;
}

export type PdfWorkerReply = { ok: true; text: string } | { ok: false; reason: 'text_limit' | 'unreadable'; message: string };

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

async function extract(job: Job): Promise<PdfWorkerReply> {
  const pdf = await getDocumentProxy(job.content, { verbosity: 0, isEvalSupported: false } as never);
  const pages: string[] = [];
  let bytes = 0;
  const over = (): PdfWorkerReply => ({
    ok: false,
    reason: 'text_limit',
    message: `the document holds more than ${job.maxTextBytes} bytes of text (the per-document limit)`,
  });
  // No cleanup (pdf.destroy): the parent terminates this thread once it has the reply.
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    // Streamed so that one huge page is cut at the limit, not read whole first.
    const reader = page.streamTextContent().getReader();
    const parts: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const item of (value as { items: TextItemLike[] }).items) {
        const piece = (item.str ?? '') + (item.hasEOL ? '\n' : '');
        if (piece === '') continue;
        parts.push(piece);
        bytes += Buffer.byteLength(piece, 'utf8');
        if (bytes > job.maxTextBytes) return over();
      }
    }
    pages.push(parts.join(''));
    page.cleanup();
  }
  return { ok: true, text: pages.join('\n\n') };
}

const job = workerData as Job;
extract(job).then(
  (reply) => parentPort?.postMessage(reply),
  (err: unknown) =>
    parentPort?.postMessage({
      ok: false,
      reason: 'unreadable',
      message: err instanceof Error && err.message ? err.message : 'the PDF could not be read',
    } satisfies PdfWorkerReply),
);
