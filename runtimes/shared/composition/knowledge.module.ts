import { hostname } from 'node:os';
import type { Container } from 'inversify';
import { KnowledgeBase } from '../../../core/knowledge/use-cases/knowledge-base.js';
import { KnowledgeSync } from '../../../core/knowledge/use-cases/knowledge-sync.js';
import { InProcessSyncWorker } from '../../../adapters/node/in-process-sync-worker.js';
import { BoundedTextExtractor, sha256Digest } from '../../../adapters/node/text-extractor.js';
import { SqlKnowledgeStore } from '../../../adapters/sql/sql-knowledge.store.js';
import { SqlSyncRunStore } from '../../../adapters/sql/sql-sync-run.store.js';
import { KNOWLEDGE } from './knowledge.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { provide } from './token.js';
import { WEBHOOKS } from './webhooks.tokens.js';

/** SQL stores of knowledge documents and sync runs. */
export function bindKnowledgeSql(container: Container): void {
  provide(container, KNOWLEDGE.KnowledgeStore, [PLATFORM.SqlDatabase], (d) => new SqlKnowledgeStore(d.db, d.capabilities.knowledgeIndex));
  provide(container, KNOWLEDGE.SyncRunStore, [PLATFORM.SqlDatabase], (d) => new SqlSyncRunStore(d.db));
}

/**
 * A sync run's lease: a runner that has neither written nor renewed it (a heartbeat every third
 * of it) for this long is presumed dead and another instance takes the run over.
 */
const SYNC_LEASE_MS = 60_000;
/** How often an idle instance looks for queued runs and runs whose lease expired (once `start`ed). */
const SYNC_POLL_MS = 2_000;

/** Use cases; needs the platform (cursor sealer) and the event factory bound. */
export function bindKnowledgeServices(container: Container): void {
  provide(container, KNOWLEDGE.TextExtractor, [PLATFORM.Config], (config) => new BoundedTextExtractor(config.extraction));
  provide(container, KNOWLEDGE.ContentDigest, [], () => sha256Digest);
  provide(
    container,
    KNOWLEDGE.KnowledgeSync,
    [KNOWLEDGE.KnowledgeStore, KNOWLEDGE.SyncRunStore, KNOWLEDGE.TextExtractor, PLATFORM.Clock, PLATFORM.IdGenerator, WEBHOOKS.EventFactory],
    (store, runs, extractor, clock, ids, events) =>
      new KnowledgeSync(store, runs, extractor, clock, { owner: `${hostname()}/${process.pid}/${ids.uuid()}`, leaseMs: SYNC_LEASE_MS }, events),
  );
  provide(
    container,
    KNOWLEDGE.SyncWorker,
    [KNOWLEDGE.KnowledgeSync, PLATFORM.Logger],
    (sync, logger) =>
      new InProcessSyncWorker(sync, {
        pollMs: SYNC_POLL_MS,
        heartbeatMs: SYNC_LEASE_MS / 3,
        onError: (err, syncId) => logger.error({ err, sync_id: syncId ?? undefined }, syncId ? 'knowledge sync run failed' : 'knowledge sync poll failed'),
      }),
  );
  provide(
    container,
    KNOWLEDGE.KnowledgeBase,
    [KNOWLEDGE.KnowledgeStore, KNOWLEDGE.SyncRunStore, KNOWLEDGE.SyncWorker, KNOWLEDGE.ContentDigest, PLATFORM.CursorSealer, PLATFORM.Clock, PLATFORM.IdGenerator],
    (store, runs, worker, digest, sealer, clock, ids) => new KnowledgeBase(store, runs, worker, digest, sealer, clock, ids),
  );
}
