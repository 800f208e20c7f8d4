import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { conflict } from '../../core/shared/errors.js';

/**
 * A unique or primary-key violation, as the open database's dialect recognised it
 * (`SqlCapabilities.isUniqueViolation`). The shared stores turn it into a domain `conflict`
 * with their own message; they never read a vendor's error code. `code` keeps the vendor's
 * (SQLITE_CONSTRAINT_UNIQUE, 23505) for logs, `cause` the original error.
 */
export class UniqueViolation extends Error {
  readonly code: string;

  constructor(cause: unknown) {
    super('unique violation', { cause });
    this.name = 'UniqueViolation';
    this.code = String((cause as { code?: unknown } | null)?.code ?? 'UNIQUE_VIOLATION');
  }
}

export const isUniqueViolation = (err: unknown): err is UniqueViolation => err instanceof UniqueViolation;

/** A write whose duplicate key is the domain's CONFLICT with this message; anything else passes through. */
export async function conflictOnDuplicate<T>(write: Promise<T>, message: () => string): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message());
    throw err;
  }
}

/**
 * The dialect with its vendor's unique violations raised as `UniqueViolation`: every query of
 * the Kysely instance built on it (transactions and raw `sql` included) passes through here.
 * `isTransient` (the dialect's classification, ADR 0026) keeps a transaction's own failure the
 * one its caller sees: a transaction that failed because the database became unavailable was
 * ended by the database itself (SQLite rolls back on SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM)
 * or lost with its connection (PostgreSQL: pg discards the client), so the ROLLBACK that
 * follows fails too ("no transaction is active", "not queryable"); that second failure is
 * dropped, and the first one (a 503) is thrown, not the rollback's (a 500).
 */
export function withUniqueViolations(dialect: Dialect, isVendorUniqueViolation: (err: unknown) => boolean, isTransient: (err: unknown) => boolean = () => false): Dialect {
  const translate = (err: unknown): unknown => (isVendorUniqueViolation(err) ? new UniqueViolation(err) : err);
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => translatingDriver(dialect.createDriver(), translate, isTransient),
  };
}

/** The driver's connections, wrapped; the driver itself always gets its own connection back. */
function translatingDriver(driver: Driver, translate: (err: unknown) => unknown, isTransient: (err: unknown) => boolean): Driver {
  const own = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = (c: DatabaseConnection) => own.get(c) ?? c;
  /** Connections whose open transaction failed because the database became unavailable. */
  const lost = new WeakSet<DatabaseConnection>();
  const noting = (c: DatabaseConnection, err: unknown): unknown => {
    if (isTransient(err)) lost.add(c);
    return err;
  };
  return {
    init: () => driver.init(),
    destroy: () => driver.destroy(),
    async acquireConnection() {
      const connection = await driver.acquireConnection();
      const wrapped: DatabaseConnection = {
        // Awaited inside a try: SQLite's connection throws synchronously.
        async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
          try {
            return await connection.executeQuery<R>(query);
          } catch (err) {
            throw translate(noting(wrapped, err));
          }
        },
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
      };
      own.set(wrapped, connection);
      return wrapped;
    },
    beginTransaction: (c, settings) => {
      lost.delete(c);
      return driver.beginTransaction(inner(c), settings);
    },
    async commitTransaction(c) {
      try {
        await driver.commitTransaction(inner(c));
      } catch (err) {
        throw noting(c, err);
      }
    },
    async rollbackTransaction(c) {
      try {
        await driver.rollbackTransaction(inner(c));
      } catch (err) {
        // Kysely then throws the transaction's own failure.
        if (!lost.has(c)) throw err;
      }
    },
    releaseConnection: (c) => driver.releaseConnection(inner(c)),
    ...(driver.savepoint && { savepoint: (c, name, compile) => driver.savepoint!(inner(c), name, compile) }),
    ...(driver.rollbackToSavepoint && { rollbackToSavepoint: (c, name, compile) => driver.rollbackToSavepoint!(inner(c), name, compile) }),
    ...(driver.releaseSavepoint && { releaseSavepoint: (c, name, compile) => driver.releaseSavepoint!(inner(c), name, compile) }),
  };
}
