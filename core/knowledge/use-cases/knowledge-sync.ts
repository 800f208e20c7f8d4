import type { EventFactory } from '../../events/event.model.js';
import { documentFailed, documentIndexed, syncCompleted } from '../knowledge-events.js';
import type { Clock } from '../../shared/ports.js';
import { splitIntoChunks } from '../chunking.js';
import type { Chunk, KnowledgeDocument } from '../knowledge.model.js';
import type { KnowledgeStore, SyncLease, SyncMetrics, SyncRunStore, TextExtractor } from '../ports.js';

const MAX_ERROR_LENGTH = 500;

export interface SyncRunnerIdentity {
  /** Unique per process: the lease owner written on the runs this runner holds. */
  owner: string;
  /** How long a lease lasts without a write; another process takes the run over after that. */
  leaseMs: number;
}

export type SyncOutcome = 'succeeded' | 'failed' | 'lost' | 'skipped';

/** Thrown inside `run` when a write finds the lease taken: the run stops without writing. */
class LeaseLost extends Error {}

/**
 * Executes one sync run: every pending document of the tenant is extracted, chunked and
 * indexed. A document that cannot be read is marked failed alone; the run fails only when
 * the store itself fails.
 *
 * Several processes may run this against one store. A run is claimed under a lease first (a
 * no-op when another live runner holds it or it is finished); every write renews the lease,
 * and a runner that finds its lease lost stops at once. A run whose runner died is claimed
 * again once the lease expired and simply continues: the documents still pending are indexed,
 * those already indexed are not pending any more.
 */
export class KnowledgeSync {
  constructor(
    private readonly store: KnowledgeStore,
    private readonly runs: SyncRunStore,
    private readonly extractor: TextExtractor,
    private readonly clock: Clock,
    private readonly identity: SyncRunnerIdentity,
    /**
     * When given, each document emits `knowledge.document.indexed` or `.failed` and the run
     * `knowledge.sync.completed`, each written with the change it reports.
     */
    private readonly events?: EventFactory,
    /** When given, each run this runner claimed and each extraction is reported (durations, outcomes). */
    private readonly metrics?: SyncMetrics,
  ) {}

  /** Runs the store holds that a runner could claim now (queued, or abandoned by a dead runner). */
  async claimable(limit: number): Promise<{ tenant_id: string; sync_id: string }[]> {
    return this.runs.claimable(this.clock.now().toISOString(), limit);
  }

  /**
   * Extends this runner's lease on a run it is executing (the worker calls it on a timer, so a
   * document whose extraction outlasts the lease is not taken over); false when not held.
   */
  async heartbeat(tenantId: string, syncId: string): Promise<boolean> {
    return this.runs.renew(tenantId, syncId, this.lease());
  }

  /**
   * Executes the run; resolves with how it ended here: `succeeded` or `failed` when this runner
   * finished it, `lost` when another runner took it over, `skipped` when it was not claimable.
   */
  async run(tenantId: string, syncId: string): Promise<SyncOutcome> {
    const started = this.clock.now().getTime();
    const outcome = await this.runClaimed(tenantId, syncId);
    if (outcome !== 'skipped') this.metrics?.runEnded(outcome, this.secondsSince(started));
    return outcome;
  }

  private async runClaimed(tenantId: string, syncId: string): Promise<SyncOutcome> {
    const run = await this.runs.claim(tenantId, syncId, this.lease());
    if (!run) return 'skipped';
    const write = async () => {
      if (!(await this.runs.update(run, this.lease()))) throw new LeaseLost();
    };
    try {
      for (const itemId of await this.store.pendingIds(tenantId)) {
        const doc = await this.store.load(tenantId, itemId);
        if (!doc || doc.status !== 'pending') continue;
        let chunks: Chunk[] = [];
        let error: string | null = null;
        const extracting = this.clock.now().getTime();
        try {
          chunks = splitIntoChunks(await this.extractor.extract(doc.content_type, doc.content));
          if (chunks.length === 0) throw new Error('The document holds no text.');
        } catch (err) {
          const message = err instanceof Error && err.message ? err.message : 'The document could not be read.';
          error = `Text extraction failed: ${message}`.slice(0, MAX_ERROR_LENGTH);
        }
        this.metrics?.extracted(doc.content_type, error === null ? 'succeeded' : 'failed', this.secondsSince(extracting));
        // Still ours? Extraction may outlast the lease; then the new owner handles the document.
        await write();
        if (error !== null) {
          await this.store.markFailed(tenantId, itemId, error, this.events ? [documentFailed(this.events, doc, error)] : []);
          run.documents_failed++;
          await write();
        } else if (await this.markIndexed(doc, chunks)) {
          run.documents_indexed++;
          run.chunks += chunks.length;
          await write();
        }
      }
      run.status = 'succeeded';
    } catch (err) {
      if (err instanceof LeaseLost) return 'lost';
      run.status = 'failed';
    }
    run.finished_at = this.clock.now().toISOString();
    // False when the lease was lost at the last moment: the new owner finishes the run (and
    // reports it: the event is written only with the final state that is stored).
    return (await this.runs.update(run, this.lease(), this.events ? [syncCompleted(this.events, run)] : [])) ? run.status : 'lost';
  }

  private async markIndexed(doc: KnowledgeDocument, chunks: Chunk[]): Promise<boolean> {
    const at = this.clock.now().toISOString();
    return this.store.markIndexed(doc.tenant_id, doc.item_id, chunks, at, this.events ? [documentIndexed(this.events, doc, chunks.length, at)] : []);
  }

  private secondsSince(ms: number): number {
    return (this.clock.now().getTime() - ms) / 1000;
  }

  private lease(): SyncLease {
    const now = this.clock.now();
    return { owner: this.identity.owner, now: now.toISOString(), until: new Date(now.getTime() + this.identity.leaseMs).toISOString() };
  }
}
