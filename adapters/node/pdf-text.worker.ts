import { parentPort, workerData } from 'node:worker_threads';
import { constants, inflateSync } from 'node:zlib';
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
  maxInflatedBytes: number;
}

export type PdfWorkerReply = { ok: true; text: string } | { ok: false; reason: 'text_limit' | 'inflate_limit' | 'unreadable'; message: string };

/**
 * Whether the document's Flate streams, images aside (text extraction never decodes them),
 * inflate to at most `budget` bytes in all. PDF.js keeps an inflated stream whole in an
 * ArrayBuffer, outside the heap `resourceLimits` bounds; this check bounds it first, each
 * stream inflated at most to what is left of the budget. A stream that does not inflate is left
 * to PDF.js (which reports it, or skips it).
 */
function inflatesWithin(content: Uint8Array, budget: number): boolean {
  const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1');
  const streamKeyword = /\bstream\r?\n/g;
  let total = 0;
  for (let m = streamKeyword.exec(text); m !== null; m = streamKeyword.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streamKeyword.lastIndex = end + 'endstream'.length;
    const dictionary = text.slice(Math.max(text.lastIndexOf('obj', m.index), m.index - 4096), m.index);
    if (!dictionary.includes('/FlateDecode') || /\/Subtype\s*\/Image/.test(dictionary)) continue;
    try {
      total += inflateSync(content.subarray(start, end), { maxOutputLength: budget - total + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return false;
    }
    if (total > budget) return false;
  }
  return true;
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

async function extract(job: Job): Promise<PdfWorkerReply> {
  if (!inflatesWithin(job.content, job.maxInflatedBytes)) return { ok: false, reason: 'inflate_limit', message: '' };
  const pdf = await getDocumentProxy(job.content, { verbosity: 0, isEvalSupported: false } as never);
  const pages: string[] = [];
  let bytes = 0;
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
        if (bytes > job.maxTextBytes) return { ok: false, reason: 'text_limit', message: '' };
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
