import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * Kysely over the process's main SQLite connection without ever blocking the event loop on a
 * lock (ADR 0027). better-sqlite3 is synchronous: with a `busy_timeout`, a write that finds the
 * write lock taken by another process (svc-admin, a backup, a second instance) sleeps inside
 * SQLite, on the event loop, for up to the timeout, and every request waits with it. So the
 * main connection runs with `busy_timeout = 0` and waits here instead: a statement (or a
 * transaction's `BEGIN IMMEDIATE`) that meets SQLITE_BUSY gives the connection back, sleeps on
 * a timer and tries again, until `lockWaitMs` has passed; then the SQLITE_BUSY error stands (a
 * 503 with Retry-After over HTTP, a skipped tick for a background job). Meanwhile every read
 * runs: in WAL, readers never need the write lock.
 *
 * The one connection is still used by one session at a time (Kysely's own SQLite driver holds
 * a mutex for the same reason): a transaction holds it from `BEGIN IMMEDIATE` to its end, so no
 * other query runs inside it; a single statement holds it for its own run. A transaction begins
 * IMMEDIATE so that it holds the write lock before its first read: a deferred transaction that
 * read first could only fail (SQLITE_BUSY_SNAPSHOT) when another writer came between.
 */
export function nonBlockingSqliteDialect(database: SqliteDatabase, lockWaitMs: number): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createDriver: () => new NonBlockingSqliteDriver(database, lockWaitMs),
  };
}

/** SQLite's own busy handler's delays (sqliteDefaultBusyCallback), then 100 ms each. */
const DELAYS_MS = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const isSqliteBusy = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/** A session: what Kysely holds between acquiring and releasing a connection. */
class Session implements DatabaseConnection {
  /** True from BEGIN IMMEDIATE to the session's release: the connection is this session's. */
  holdsConnection = false;

  constructor(private readonly driver: NonBlockingSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(this, query);
  }
}

class NonBlockingSqliteDriver implements Driver {
  private readonly mutex = new Mutex();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly lockWaitMs: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Session(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    await this.whenNotBusy(() => this.run<never>(CompiledQuery.raw('begin immediate')), true);
    session.holdsConnection = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.run(CompiledQuery.raw('commit'));
    this.releaseHeld(connection as Session);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.run(CompiledQuery.raw('rollback'));
    this.releaseHeld(connection as Session);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    if (!session.holdsConnection) return;
    // A transaction whose commit and rollback both failed: never leave it open for the next session.
    try {
      this.run(CompiledQuery.raw('rollback'));
    } catch {
      // no transaction was open any more
    }
    this.releaseHeld(session);
  }

  async destroy(): Promise<void> {
    this.db.close();
  }

  async execute<R>(session: Session, query: CompiledQuery): Promise<QueryResult<R>> {
    if (session.holdsConnection) return this.run<R>(query);
    return this.whenNotBusy(() => this.run<R>(query), false);
  }

  async *stream<R>(session: Session, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    if (!session.holdsConnection) await this.mutex.lock();
    try {
      for (const row of this.db.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      if (!session.holdsConnection) this.mutex.unlock();
    }
  }

  /**
   * Runs `attempt` holding the connection; on SQLITE_BUSY lets it go, sleeps and tries again
   * until `lockWaitMs` has passed. `keep`: the connection stays held after a success (a
   * transaction began), else it is let go at once.
   */
  private async whenNotBusy<T>(attempt: () => T, keep: boolean): Promise<T> {
    const deadline = Date.now() + this.lockWaitMs;
    for (let i = 0; ; i++) {
      await this.mutex.lock();
      try {
        const result = attempt();
        if (!keep) this.mutex.unlock();
        return result;
      } catch (err) {
        this.mutex.unlock();
        const delay = Math.min(DELAYS_MS[Math.min(i, DELAYS_MS.length - 1)], deadline - Date.now());
        if (!isSqliteBusy(err) || delay <= 0) throw err;
        await sleep(delay);
      }
    }
  }

  private releaseHeld(session: Session): void {
    if (!session.holdsConnection) return;
    session.holdsConnection = false;
    this.mutex.unlock();
  }

  private run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.db.prepare(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    };
  }
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One holder at a time, in arrival order. */
class Mutex {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  async lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Hands the connection to the next waiter, if any. */
  unlock(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}
