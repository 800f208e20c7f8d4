import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import type { CorpusProvider } from '../../core/attestation/ports.js';
import { NotReady, type ReadinessCheck } from './routes/platform.routes.js';

/** Whether the server is shutting down: /readyz then answers 503 so balancers move traffic away. */
export interface Lifecycle {
  draining: boolean;
}

/** What /readyz checks: the database answers, the server is not draining, the corpus is loaded. */
export function readinessChecks(deps: { database: SqlDatabase; corpus: CorpusProvider; lifecycle: Lifecycle }): ReadinessCheck[] {
  return [
    { name: 'database', check: async () => await deps.database.ping() },
    {
      name: 'lifecycle',
      check: async () => {
        if (deps.lifecycle.draining) throw new NotReady('draining');
        return 'ok';
      },
    },
    { name: 'corpus', check: async () => `ok (revision ${deps.corpus.current().revision})` },
  ];
}
