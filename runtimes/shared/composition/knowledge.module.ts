import { hostname } from 'node:os';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { AgentRepository } from '../../../core/agents/ports.js';
import { AgentConfigs } from '../../../core/agents/use-cases/agent-configs.js';
import type { CursorSealer } from '../../../core/shared/ports.js';
import type { ContentDigest, KnowledgeStore, SyncMetrics, SyncRunStore, TextExtractor } from '../../../core/knowledge/ports.js';
import { KnowledgeBase } from '../../../core/knowledge/use-cases/knowledge-base.js';
import { KnowledgeSync } from '../../../core/knowledge/use-cases/knowledge-sync.js';
import type { Clock, IdGenerator } from '../../../core/shared/ports.js';
import type { TenantRepository } from '../../../core/tenancy/ports.js';
import { InProcessSyncWorker } from '../../../adapters/node/in-process-sync-worker.js';
import { BoundedTextExtractor, sha256Digest } from '../../../adapters/node/text-extractor.js';
import { SqlAgentRepository } from '../../../adapters/sql/sql-agent.repository.js';
import { SqlKnowledgeStore } from '../../../adapters/sql/sql-knowledge.store.js';
import { SqlSyncRunStore } from '../../../adapters/sql/sql-sync-run.store.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import type { Config } from '../config.js';
import { CALLS } from './calls.tokens.js';
import { KNOWLEDGE } from './knowledge.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { WEBHOOKS } from './webhooks.tokens.js';
import type { EventFactory } from '../../../core/events/event.model.js';

/** SQL stores of knowledge documents, sync runs and agents. */
export function bindKnowledgeSql(container: Container): void {
  container.bind<KnowledgeStore>(KNOWLEDGE.KnowledgeStore).toResolvedValue((d: SqlDatabase) => new SqlKnowledgeStore(d.db, d.capabilities.knowledgeIndex), [PLATFORM.SqlDatabase]).inSingletonScope();
  container.bind<SyncRunStore>(KNOWLEDGE.SyncRunStore).toResolvedValue((d: SqlDatabase) => new SqlSyncRunStore(d.db), [PLATFORM.SqlDatabase]).inSingletonScope();
  container.bind<AgentRepository>(KNOWLEDGE.AgentRepository).toResolvedValue((d: SqlDatabase) => new SqlAgentRepository(d.db), [PLATFORM.SqlDatabase]).inSingletonScope();
}

/**
 * A sync run's lease: a runner that has neither written nor renewed it (a heartbeat every third
 * of it) for this long is presumed dead and another instance takes the run over.
 */
const SYNC_LEASE_MS = 60_000;
/** How often an idle instance looks for queued runs and runs whose lease expired (once `start`ed). */
const SYNC_POLL_MS = 2_000;

/** Use cases; needs the calls services (cursor sealer) and the tenancy repositories bound. */
export function bindKnowledgeServices(container: Container): void {
  container.bind<TextExtractor>(KNOWLEDGE.TextExtractor).toResolvedValue((config: Config) => new BoundedTextExtractor(config.extraction), [PLATFORM.Config]).inSingletonScope();
  container.bind<ContentDigest>(KNOWLEDGE.ContentDigest).toConstantValue(sha256Digest);
  container
    .bind<KnowledgeSync>(KNOWLEDGE.KnowledgeSync)
    .toResolvedValue(
      (store: KnowledgeStore, runs: SyncRunStore, extractor: TextExtractor, clock: Clock, ids: IdGenerator, events: EventFactory, metrics: SyncMetrics) =>
        new KnowledgeSync(store, runs, extractor, clock, { owner: `${hostname()}/${process.pid}/${ids.uuid()}`, leaseMs: SYNC_LEASE_MS }, events, metrics),
      [KNOWLEDGE.KnowledgeStore, KNOWLEDGE.SyncRunStore, KNOWLEDGE.TextExtractor, PLATFORM.Clock, PLATFORM.IdGenerator, WEBHOOKS.EventFactory, PLATFORM.Metrics],
    )
    .inSingletonScope();
  container
    .bind<InProcessSyncWorker>(KNOWLEDGE.SyncWorker)
    .toResolvedValue(
      (sync: KnowledgeSync, logger: Logger) =>
        new InProcessSyncWorker(sync, {
          pollMs: SYNC_POLL_MS,
          heartbeatMs: SYNC_LEASE_MS / 3,
          onError: (err, syncId) => logger.error({ err, sync_id: syncId ?? undefined }, syncId ? 'knowledge sync run failed' : 'knowledge sync poll failed'),
        }),
      [KNOWLEDGE.KnowledgeSync, PLATFORM.Logger],
    )
    .inSingletonScope();
  container
    .bind<KnowledgeBase>(KNOWLEDGE.KnowledgeBase)
    .toResolvedValue(
      (store: KnowledgeStore, runs: SyncRunStore, worker: InProcessSyncWorker, digest: ContentDigest, sealer: CursorSealer, clock: Clock, ids: IdGenerator) =>
        new KnowledgeBase(store, runs, worker, digest, sealer, clock, ids),
      [KNOWLEDGE.KnowledgeStore, KNOWLEDGE.SyncRunStore, KNOWLEDGE.SyncWorker, KNOWLEDGE.ContentDigest, CALLS.CursorSealer, PLATFORM.Clock, PLATFORM.IdGenerator],
    )
    .inSingletonScope();
  container
    .bind<AgentConfigs>(KNOWLEDGE.AgentConfigs)
    .toResolvedValue(
      (agents: AgentRepository, tenants: TenantRepository, sealer: CursorSealer, clock: Clock, ids: IdGenerator, events: EventFactory) =>
        new AgentConfigs(agents, tenants, sealer, clock, ids, events),
      [KNOWLEDGE.AgentRepository, TENANCY.TenantRepository, CALLS.CursorSealer, PLATFORM.Clock, PLATFORM.IdGenerator, WEBHOOKS.EventFactory],
    )
    .inSingletonScope();
}
