import type { Clock } from '../../shared/ports.js';
import { htmlToText, splitIntoChunks } from '../chunking.js';
import type { KnowledgeDocument } from '../knowledge.model.js';
import type { KnowledgeStore, SyncRunStore, TextExtractor } from '../ports.js';

const MAX_ERROR_LENGTH = 500;

/**
 * Executes one sync run: every pending document of the tenant is extracted, chunked and
 * indexed. A document that cannot be read is marked failed alone; the run fails only when
 * the store itself fails.
 */
export class KnowledgeSync {
  constructor(
    private readonly store: KnowledgeStore,
    private readonly runs: SyncRunStore,
    private readonly extractor: TextExtractor,
    private readonly clock: Clock,
  ) {}

  async run(tenantId: string, syncId: string): Promise<void> {
    const run = await this.runs.find(tenantId, syncId);
    if (!run || run.status !== 'queued') return;
    run.status = 'running';
    run.started_at = this.clock.now().toISOString();
    await this.runs.update(run);
    try {
      for (const itemId of await this.store.pendingIds(tenantId)) {
        const doc = await this.store.load(tenantId, itemId);
        if (!doc || doc.status !== 'pending') continue;
        let chunks;
        try {
          chunks = splitIntoChunks(await this.textOf(doc));
          if (chunks.length === 0) throw new Error('The document holds no text.');
        } catch (err) {
          const message = err instanceof Error && err.message ? err.message : 'The document could not be read.';
          await this.store.markFailed(tenantId, itemId, `Text extraction failed: ${message}`.slice(0, MAX_ERROR_LENGTH));
          run.documents_failed++;
          await this.runs.update(run);
          continue;
        }
        if (await this.store.markIndexed(tenantId, itemId, chunks, this.clock.now().toISOString())) {
          run.documents_indexed++;
          run.chunks += chunks.length;
          await this.runs.update(run);
        }
      }
      run.status = 'succeeded';
    } catch {
      run.status = 'failed';
    }
    run.finished_at = this.clock.now().toISOString();
    await this.runs.update(run);
  }

  private async textOf(doc: KnowledgeDocument): Promise<string> {
    const text = await this.extractor.extract(doc.content_type, doc.content);
    return doc.content_type === 'text/html' ? htmlToText(text) : text;
  }
}
