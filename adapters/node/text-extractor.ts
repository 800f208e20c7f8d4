import { createHash } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import type { KnowledgeContentType } from '../../core/knowledge/knowledge.model.js';
import type { ContentDigest, TextExtractor } from '../../core/knowledge/ports.js';

export const sha256Digest: ContentDigest = {
  sha256: (content) => createHash('sha256').update(content).digest('hex'),
};

/** PDF text with unpdf (PDF.js, no network, no worker thread); every other accepted type is UTF-8 text. */
export const documentTextExtractor: TextExtractor = {
  async extract(contentType: KnowledgeContentType, content: Uint8Array): Promise<string> {
    if (contentType !== 'application/pdf') return new TextDecoder('utf-8', { fatal: true }).decode(content);
    // PDF.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(content), { verbosity: 0, isEvalSupported: false } as never);
    try {
      const { text } = await extractText(pdf, { mergePages: false });
      return (text as string[]).join('\n\n');
    } finally {
      await pdf.destroy();
    }
  },
};
