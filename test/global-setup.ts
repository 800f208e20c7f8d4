import type { TestProject } from 'vitest/node';
import { openPostgresDatabase } from '../adapters/postgres/postgres-database.js';
import { findPostgresBin, startPostgresCluster } from './support/postgres-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL cluster of this run, or null when PostgreSQL is not installed. */
    postgres: { url: string; template: string } | null;
  }
}

/** A database migrated once; every PostgreSQL test database is a copy of it. */
export const TEMPLATE_DATABASE = 'svc_template';

/**
 * One throwaway PostgreSQL cluster for the whole run (about 1 s to start). Without PostgreSQL
 * the PostgreSQL tests skip with a loud message, except in CI (CI=true), where that fails.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (findPostgresBin() === null) {
    if (process.env.CI === 'true') {
      throw new Error('PostgreSQL is required in CI (CI=true): apt-get install -y postgresql (.ci/run does it).');
    }
    process.stderr.write('\n!!! SKIPPING every PostgreSQL test: PostgreSQL is not installed (apt-get install -y postgresql). CI runs them. !!!\n\n');
    project.provide('postgres', null);
    return async () => {};
  }
  const cluster = await startPostgresCluster();
  try {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openPostgresDatabase({ connectionString: cluster.databaseUrl(TEMPLATE_DATABASE), poolMax: 1 });
    await template.close();
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  project.provide('postgres', { url: cluster.url, template: TEMPLATE_DATABASE });
  return () => cluster.stop();
}
