import { TEST_DATABASES, type TestDatabase } from './test-databases.js';

/** A database svc-admin (and a server) can be pointed at: `env(dataDir)`, and how a test opens it. */
export type AdminTarget = TestDatabase;

/** SQLite in DATA_DIR, and a fresh PostgreSQL database of the run's cluster when there is one. */
export const ADMIN_TARGETS: AdminTarget[] = TEST_DATABASES;
