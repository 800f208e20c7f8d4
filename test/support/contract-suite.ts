import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import pino from 'pino';
import { afterAll, describe } from 'vitest';
import type { SqlDatabase } from '../../adapters/sql/sql-dialect.js';
import { SqlTenantRepository } from '../../adapters/sql/sql-tenant.repository.js';
import type { TenantRepository } from '../../core/tenancy/ports.js';
import { loadConfig } from '../../runtimes/shared/settings/config.js';
import { bindDatabaseBackedAreas } from '../../runtimes/shared/composition/database-backed.module.js';
import { bindPlatform } from '../../runtimes/shared/composition/platform.module.js';
import { TENANCY } from '../../runtimes/shared/composition/tenancy.tokens.js';
import { resolveTable, type TokenTable } from './resolve-table.js';
import type { Token } from '../../runtimes/shared/composition/token.js';
import { TEST_DATABASES, type TestDatabase } from './test-databases.js';

/** One implementation of the ports a contract suite exercises: `make` returns fresh, empty ones. */
export interface Adapter<P> {
  name: string;
  make(): Promise<P>;
}

/** The adapters named in env ADAPTERS (comma separated, e.g. `ADAPTERS=memory,sqlite`), or all of them. */
export const selectAdapters = <T extends { name: string }>(adapters: T[]): T[] =>
  adapters.filter((a) => !process.env.ADAPTERS || process.env.ADAPTERS.split(',').includes(a.name));

/**
 * The one contract runner: `body` declares the suite's tests once, and runs once per adapter
 * (those env ADAPTERS selects) in a `describe` named `<name>: <adapter>`.
 */
export function contractSuite<P>(name: string, adapters: Adapter<P>[], body: (adapter: Adapter<P>) => void): void {
  for (const adapter of selectAdapters(adapters)) describe(`${name}: ${adapter.name}`, () => body(adapter));
}

/** A database opened and bound the way the HTTP server and svc-admin open and bind theirs. */
export interface BoundDatabase {
  name: TestDatabase['name'];
  database: SqlDatabase;
  /** Ports and use cases as the runtimes' composition modules bind them, one token per field. */
  resolve<T extends object>(tokens: TokenTable<T>): T;
}

const silent = pino({ level: 'silent' });

export interface BindOptions {
  /** Rows other tables refer to, stored first. */
  tenants?: string[];
  /**
   * SQLite only: a file in a new data directory, as `npm start` opens it, instead of a database
   * in memory (a file's archive is written by a worker thread, ADR 0025).
   */
  onDisk?: boolean;
}

/**
 * Opens a new database of `target` (the runtimes' `openDatabase`, from its environment) and
 * binds every area with `bindPlatform` and `bindDatabaseBackedAreas`, the composition the HTTP
 * server and svc-admin share: a suite over it tests the binding the service uses, not a copy of
 * it. `tenants` are stored first (rows other tables refer to).
 */
export async function bindDatabase(target: TestDatabase, options: BindOptions = {}): Promise<BoundDatabase> {
  const dataDir = options.onDisk ? mkdtempSync(join(tmpdir(), 'contract-')) : undefined;
  const env = await target.env(dataDir);
  const opened = await target.open(env);
  // The data directory goes with the database.
  const database: SqlDatabase =
    dataDir === undefined
      ? opened
      : {
          ...opened,
          async close() {
            await opened.close();
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
  const config = loadConfig(env);
  const container = new Container();
  bindPlatform(container, { config, logger: silent, database });
  bindDatabaseBackedAreas(container);
  const resolve = <T extends object>(tokens: TokenTable<T>): T => resolveTable<T>(container, tokens);
  await insertTenants(resolve<{ tenants: TenantRepository }>({ tenants: TENANCY.TenantRepository }).tenants, options.tenants ?? []);
  return { name: target.name, database, resolve };
}

/**
 * One adapter per database of the run, made by `make` from a freshly opened and bound database
 * (closed after the file's tests). The one way a suite runs over databases.
 */
export function overDatabases<P>(make: (bound: BoundDatabase) => P | Promise<P>, options: BindOptions = {}): Adapter<P>[] {
  const opened: SqlDatabase[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
  });
  const targets = options.onDisk ? TEST_DATABASES.filter((t) => t.name === 'sqlite') : TEST_DATABASES;
  return targets.map((target) => ({
    name: options.onDisk ? `${target.name}-file` : target.name,
    make: async () => {
      const bound = await bindDatabase(target, options);
      opened.push(bound.database);
      return make(bound);
    },
  }));
}

/** The SQL adapters of `tokens` exactly as the runtimes bind them, over every database of the run. */
export const boundAdapters = <P extends object>(tokens: TokenTable<P>, options: BindOptions = {}): Adapter<P>[] =>
  overDatabases((bound) => bound.resolve<P>(tokens), options);

/** One port as the runtimes bind it under `token`, over every database of the run. */
export const boundPort = <T>(token: Token<T>, options: { tenants?: string[] } = {}): Adapter<T>[] =>
  overDatabases((bound) => bound.resolve<{ port: T }>({ port: token }).port, options);

/** Stores tenants `ids` (rows other tables refer to) in an opened database. */
export async function seedTenants(database: SqlDatabase, ids: string[] = ['t1', 't2']): Promise<SqlDatabase> {
  await insertTenants(new SqlTenantRepository(database.db), ids);
  return database;
}

async function insertTenants(tenants: TenantRepository, ids: string[]): Promise<void> {
  for (const t of ids) await tenants.insert({ tenant_id: t, name: t, created_at: '2026-01-01T00:00:00.000Z' });
}
