import type { Container } from 'inversify';
import type { Kysely } from 'kysely';
import { CorpusHolder } from '../../../core/attestation/corpus/corpus-provider.js';
import type { CorpusSnapshot } from '../../../core/attestation/corpus/corpus.model.js';
import type { ApiKeyStore, CatalogueFiles, CorpusProvider, KeyHasher, OperatorResearchStore, VerificationLedger } from '../../../core/attestation/ports.js';
import { ApiKeys } from '../../../core/attestation/use-cases/api-keys.js';
import { AuditTrail } from '../../../core/attestation/use-cases/audit-trail.js';
import { BilledRequests } from '../../../core/attestation/use-cases/billed-requests.js';
import type { CursorSealer } from '../../../core/shared/ports.js';
import { ImportOperatorResearch, OperatorResearchSync } from '../../../core/attestation/use-cases/operator-research.js';
import { AttestationEngine, VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import type { Clock, IdGenerator } from '../../../core/shared/ports.js';
import { loadCorpusSnapshot } from '../../../adapters/corpus/file-corpus.loader.js';
import { WorkerCatalogueFiles } from '../../../adapters/node/catalogue-files.js';
import { sha256KeyHasher } from '../../../adapters/node/node-platform.js';
import type { Database } from '../../../adapters/sql/database.js';
import { LruApiKeyStore } from '../../../adapters/cache/lru-api-key.store.js';
import { SqlApiKeyStore } from '../../../adapters/sql/sql-api-key.store.js';
import { SqlOperatorResearchStore } from '../../../adapters/sql/sql-operator-research.store.js';
import { SqlVerificationLedger } from '../../../adapters/sql/sql-verification.ledger.js';
import type { SqlDatabase } from '../../../adapters/sql/database.js';
import { ATTESTATION } from './attestation.tokens.js';
import { CALLS } from './calls.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import type { Config } from '../config.js';

/** Use cases of the oracle; needs the corpus snapshot and the platform bindings. */
export function bindAttestationCore(container: Container): void {
  container
    .bind<CorpusHolder>(ATTESTATION.CorpusHolder)
    .toResolvedValue((snapshot: CorpusSnapshot) => new CorpusHolder(snapshot), [ATTESTATION.CorpusSnapshot])
    .inSingletonScope();
  container
    .bind<CorpusProvider>(ATTESTATION.CorpusProvider)
    .toResolvedValue((holder: CorpusHolder) => holder, [ATTESTATION.CorpusHolder])
    .inSingletonScope();
  container
    .bind<AttestationEngine>(ATTESTATION.AttestationEngine)
    .toResolvedValue(
      (corpus: CorpusProvider, clock: Clock, ids: IdGenerator) => new AttestationEngine(corpus, clock, ids),
      [ATTESTATION.CorpusProvider, PLATFORM.Clock, PLATFORM.IdGenerator],
    )
    .inSingletonScope();
  container
    .bind<OperatorResearchSync>(ATTESTATION.OperatorResearchSync)
    .toResolvedValue(
      (holder: CorpusHolder, store: OperatorResearchStore) => new OperatorResearchSync(holder, store),
      [ATTESTATION.CorpusHolder, ATTESTATION.OperatorResearchStore],
    )
    .inSingletonScope();
}

/** What svc-admin's `corpus import` runs: the import use case's contract. */
export type OperatorResearchImport = Pick<ImportOperatorResearch, 'execute'>;

/**
 * The operator research import over the shipped corpus of CORPUS_DIR, read on the first import
 * only: a process that imports nothing (most svc-admin commands) never loads the corpus.
 * (The HTTP server, which holds the corpus, only reads research: bindAttestationCore.)
 */
export function bindOperatorResearchImport(container: Container): void {
  container
    .bind<OperatorResearchImport>(ATTESTATION.OperatorResearchImport)
    .toResolvedValue(
      (config: Config, store: OperatorResearchStore, clock: Clock, ids: IdGenerator) => {
        let loaded: Promise<ImportOperatorResearch> | undefined;
        const importer = () =>
          (loaded ??= loadCorpusSnapshot(config.corpusDir).then((snapshot) => new ImportOperatorResearch(new CorpusHolder(snapshot), store, clock, ids)));
        return { execute: async (...args: Parameters<ImportOperatorResearch['execute']>) => (await importer()).execute(...args) };
      },
      [PLATFORM.Config, ATTESTATION.OperatorResearchStore, PLATFORM.Clock, PLATFORM.IdGenerator],
    )
    .inSingletonScope();
}

/** The archive, meter and key store; needs the ledger and key store ports bound. */
export function bindAttestationServices(container: Container): void {
  container.bind<KeyHasher>(ATTESTATION.KeyHasher).toConstantValue(sha256KeyHasher);
  container
    .bind<VerifyAttribution>(ATTESTATION.VerifyAttribution)
    .toResolvedValue(
      (engine: AttestationEngine, ledger: VerificationLedger) => new VerifyAttribution(engine, ledger),
      [ATTESTATION.AttestationEngine, ATTESTATION.VerificationLedger],
    )
    .inSingletonScope();
  container
    .bind<AuditTrail>(ATTESTATION.AuditTrail)
    .toResolvedValue(
      (ledger: VerificationLedger, verify: VerifyAttribution) => new AuditTrail(ledger, verify),
      [ATTESTATION.VerificationLedger, ATTESTATION.VerifyAttribution],
    )
    .inSingletonScope();
  container
    .bind<BilledRequests>(ATTESTATION.BilledRequests)
    .toResolvedValue((ledger: VerificationLedger, sealer: CursorSealer) => new BilledRequests(ledger, sealer), [ATTESTATION.VerificationLedger, CALLS.CursorSealer])
    .inSingletonScope();
  container
    .bind<ApiKeys>(ATTESTATION.ApiKeys)
    .toResolvedValue(
      // A key created without its own limit gets RATE_LIMIT_VERIFY_KEY_PER_MINUTE (600).
      (store: ApiKeyStore, hasher: KeyHasher, ids: IdGenerator, clock: Clock, config: Config) =>
        new ApiKeys(store, hasher, ids, clock, config.limits.verifyKeyPerMinute),
      [ATTESTATION.ApiKeyStore, ATTESTATION.KeyHasher, PLATFORM.IdGenerator, PLATFORM.Clock, PLATFORM.Config],
    )
    .inSingletonScope();
  // Catalogue files read and written in bounded worker threads (ADR 0041).
  container.bind<CatalogueFiles>(ATTESTATION.CatalogueFiles).toConstantValue(new WorkerCatalogueFiles());
}

/** SQL adapters of the oracle's ports, over whichever Kysely dialect is bound. */
export function bindAttestationSql(container: Container): void {
  const kysely = (database: SqlDatabase): Kysely<Database> => database.db;
  container
    .bind<ApiKeyStore>(ATTESTATION.ApiKeyStore)
    // Valid keys remembered for a second (ADR 0002): a busy key costs one lookup per second.
    .toResolvedValue((database: SqlDatabase) => new LruApiKeyStore(new SqlApiKeyStore(kysely(database))), [PLATFORM.SqlDatabase])
    .inSingletonScope();
  container
    .bind<VerificationLedger>(ATTESTATION.VerificationLedger)
    .toResolvedValue((database: SqlDatabase) => new SqlVerificationLedger(kysely(database), database.archiveWriter, database.capabilities.isTransient), [PLATFORM.SqlDatabase])
    .inSingletonScope();
  container
    .bind<OperatorResearchStore>(ATTESTATION.OperatorResearchStore)
    .toResolvedValue((database: SqlDatabase) => new SqlOperatorResearchStore(kysely(database)), [PLATFORM.SqlDatabase])
    .inSingletonScope();
}
