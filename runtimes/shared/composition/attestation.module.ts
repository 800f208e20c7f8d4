import type { Container } from 'inversify';
import { CorpusHolder } from '../../../core/attestation/operator-research/corpus-provider.js';
import { ApiKeys } from '../../../core/attestation/use-cases/api-keys.js';
import { AuditTrail } from '../../../core/attestation/use-cases/audit-trail.js';
import { BilledRequests } from '../../../core/attestation/use-cases/billed-requests.js';
import { ImportOperatorResearch, OperatorResearchSync } from '../../../core/attestation/use-cases/operator-research.js';
import { AttestationEngine, VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import { loadCorpusSnapshot } from '../../../adapters/corpus/file-corpus.loader.js';
import { sha256KeyHasher } from '../../../adapters/node/node-platform.js';
import { LruApiKeyStore } from '../../../adapters/cache/lru-api-key.store.js';
import { SqlApiKeyStore } from '../../../adapters/sql/sql-api-key.store.js';
import { SqlOperatorResearchStore } from '../../../adapters/sql/sql-operator-research.store.js';
import { SqlVerificationLedger } from '../../../adapters/sql/sql-verification.ledger.js';
import { ATTESTATION } from './attestation.tokens.js';
import { PLATFORM } from './platform.tokens.js';
import { provide } from './token.js';

export type { OperatorResearchImport } from './attestation.tokens.js';

/** Use cases of the oracle; needs the corpus snapshot and the platform bindings. */
export function bindAttestationCore(container: Container): void {
  provide(container, ATTESTATION.CorpusHolder, [ATTESTATION.CorpusSnapshot], (snapshot) => new CorpusHolder(snapshot));
  provide(container, ATTESTATION.CorpusProvider, [ATTESTATION.CorpusHolder], (holder) => holder);
  provide(
    container,
    ATTESTATION.AttestationEngine,
    [ATTESTATION.CorpusProvider, PLATFORM.Clock, PLATFORM.IdGenerator],
    (corpus, clock, ids) => new AttestationEngine(corpus, clock, ids),
  );
  provide(container, ATTESTATION.OperatorResearchSync, [ATTESTATION.CorpusHolder, ATTESTATION.OperatorResearchStore], (holder, store) => new OperatorResearchSync(holder, store));
}

/**
 * The operator research import over the shipped corpus of CORPUS_DIR, read on the first import
 * only: a process that imports nothing (most svc-admin commands) never loads the corpus.
 * (The HTTP server, which holds the corpus, only reads research: bindAttestationCore.)
 */
export function bindOperatorResearchImport(container: Container): void {
  provide(
    container,
    ATTESTATION.OperatorResearchImport,
    [PLATFORM.Config, ATTESTATION.OperatorResearchStore, PLATFORM.Clock, PLATFORM.IdGenerator],
    (config, store, clock, ids) => {
      let loaded: Promise<ImportOperatorResearch> | undefined;
      const importer = () =>
        (loaded ??= loadCorpusSnapshot(config.corpusDir).then((snapshot) => new ImportOperatorResearch(new CorpusHolder(snapshot), store, clock, ids)));
      return { execute: async (...args: Parameters<ImportOperatorResearch['execute']>) => (await importer()).execute(...args) };
    },
  );
}

/** The archive, meter and key store; needs the ledger and key store ports bound. */
export function bindAttestationServices(container: Container): void {
  provide(container, ATTESTATION.KeyHasher, [], () => sha256KeyHasher);
  provide(container, ATTESTATION.VerifyAttribution, [ATTESTATION.AttestationEngine, ATTESTATION.VerificationLedger], (engine, ledger) => new VerifyAttribution(engine, ledger));
  provide(container, ATTESTATION.AuditTrail, [ATTESTATION.VerificationLedger, ATTESTATION.VerifyAttribution], (ledger, verify) => new AuditTrail(ledger, verify));
  provide(container, ATTESTATION.BilledRequests, [ATTESTATION.VerificationLedger, PLATFORM.CursorSealer], (ledger, sealer) => new BilledRequests(ledger, sealer));
  provide(
    container,
    ATTESTATION.ApiKeys,
    [ATTESTATION.ApiKeyStore, ATTESTATION.KeyHasher, PLATFORM.IdGenerator, PLATFORM.Clock, PLATFORM.Config],
    // A key created without its own limit gets RATE_LIMIT_VERIFY_KEY_PER_MINUTE (600).
    (store, hasher, ids, clock, config) => new ApiKeys(store, hasher, ids, clock, config.limits.verifyKeyPerMinute),
  );
}

/** SQL adapters of the oracle's ports, over whichever Kysely dialect is bound. */
export function bindAttestationSql(container: Container): void {
  // Valid keys remembered for a second (ADR 0002): a busy key costs one lookup per second.
  provide(container, ATTESTATION.ApiKeyStore, [PLATFORM.SqlDatabase], (database) => new LruApiKeyStore(new SqlApiKeyStore(database.db)));
  provide(
    container,
    ATTESTATION.VerificationLedger,
    [PLATFORM.SqlDatabase],
    (database) => new SqlVerificationLedger(database.db, database.archiveWriter, database.capabilities.isTransient),
  );
  provide(container, ATTESTATION.OperatorResearchStore, [PLATFORM.SqlDatabase], (database) => new SqlOperatorResearchStore(database.db));
}
