// The databases the database-bound benchmarks (http, calls) run on: SQLite in a temp DATA_DIR,
// and PostgreSQL on a throwaway cluster (initdb in a temp dir, fsync off) with a fresh database
// per benchmark. Without PostgreSQL installed its figures are skipped, with a line saying so.
import pg from 'pg';
import { startPostgresCluster } from '../test/support/postgres-cluster.mjs';

/** PostgreSQL needs a shared signing secret (several instances); any ≥ 32 chars will do here. */
const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789';

/** A target for SQLite: DATABASE_URL cleared, so a DATABASE_URL in the caller's env does not leak in. */
export const SQLITE = { database: 'sqlite', env: { DATABASE_URL: '' } };

/**
 * Starts the cluster. Resolves to { use(bench, fn), stop() }. `stop` is idempotent and also
 * runs on SIGINT/SIGTERM, so an interrupted run leaves no server or temp dir behind.
 */
export async function benchDatabases() {
  let cluster = null;
  try {
    cluster = await startPostgresCluster();
  } catch (err) {
    console.log(`\nPostgreSQL figures skipped: ${err.message.split('\n')[0]}`);
  }
  const onSignal = async (signal) => {
    await stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  const stop = async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    const c = cluster;
    cluster = null;
    await c?.stop();
  };
  if (cluster) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    /**
     * Runs `fn(targets)`: SQLite and, when the cluster runs, PostgreSQL on a new database
     * `bench_<name>`, dropped afterwards so that no autovacuum of it runs during later benchmarks.
     */
    async use(bench, fn) {
      if (!cluster) return fn([SQLITE]);
      const name = `bench_${bench}`;
      await admin(`CREATE DATABASE "${name}"`);
      try {
        return await fn([SQLITE, { database: 'postgres', env: { DATABASE_URL: cluster.databaseUrl(name), JWT_SECRET } }]);
      } finally {
        if (cluster) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((err) => console.log(`could not drop ${name}: ${err.message}`));
      }
    },
    stop,
  };
}

/**
 * Runs `measure(target)` for each target; a target that fails is reported and skipped (exit
 * code 1), so the other database's figures are still printed.
 */
export async function eachDatabase(targets, measure) {
  const results = [];
  for (const target of targets) {
    try {
      results.push({ target, result: await measure(target) });
    } catch (err) {
      console.log(`\n${target.database}: benchmark failed: ${err.stack ?? err}`);
      process.exitCode = 1;
    }
  }
  return results;
}
