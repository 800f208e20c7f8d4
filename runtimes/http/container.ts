import { Container } from 'inversify';
import type { Logger } from 'pino';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import type { Config } from '../shared/settings/config.js';
import { bindAttestationCore } from '../shared/composition/attestation.module.js';
import { ATTESTATION } from '../shared/composition/attestation.tokens.js';
import { bindDatabaseBackedAreas } from '../shared/composition/database-backed.module.js';
import { openDatabase } from '../shared/composition/open-database.js';
import { bindPlatform } from '../shared/composition/platform.module.js';
import { provide } from '../shared/composition/token.js';
import { HTTP_RUNTIME } from './http.tokens.js';
import { createRateLimitStore } from './rate-limit/rate-limit-stores.js';

/** Composition root of the HTTP runtime: opens the database, loads the corpus, binds every port. */
export async function buildHttpContainer(
  config: Config,
  logger: Logger,
  overrides: { snapshot?: CorpusSnapshot } = {},
): Promise<Container> {
  const [database, snapshot] = await Promise.all([
    openDatabase(config),
    overrides.snapshot ? Promise.resolve(overrides.snapshot) : loadCorpusSnapshot(config.corpusDir),
  ]);
  const container = new Container();
  bindPlatform(container, { config, logger, database });
  provide(container, ATTESTATION.CorpusSnapshot, [], () => snapshot);
  bindAttestationCore(container);
  bindDatabaseBackedAreas(container);
  // Rate-limit counters: Redis when REDIS_URL is set (shared by instances), memory otherwise.
  provide(container, HTTP_RUNTIME.RateLimitStore, [], () => createRateLimitStore({ redisUrl: config.redisUrl, logger }));
  return container;
}
