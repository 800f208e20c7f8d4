import { WorkerClient } from '../node/worker-client.js';
import type { SqlReads } from '../sql/sql-dialect.js';
import type { SqliteFile } from './sqlite-connection.js';
import type { ReadReply, ReadRequest } from './sqlite-read.worker.js';

type Statement = Omit<Exclude<ReadRequest, 'close'>, 'id'>;

/**
 * Read-only statements on worker threads (sqlite-read.worker.ts), each with a read-only
 * connection of its own to the file (ADR 0051). One queue: a thread takes the next statement
 * when it finishes its own, so a request's independent reads run on as many cores and a short
 * one never waits behind a long one while a thread is free. Threads start at their first
 * statement; one that stops fails the statement it held and starts again at the next. A failed
 * statement rejects with SQLite's error code, which the dialect's `unavailability` reads
 * (SQLITE_BUSY, SQLITE_IOERR…), as it would on the main connection.
 */
export class SqliteReaders implements SqlReads {
  readonly concurrent = true;
  private readonly workers: WorkerClient<Statement, ReadReply>[];
  private readonly idle: WorkerClient<Statement, ReadReply>[];
  private readonly queue: { statement: Statement; resolve(rows: unknown[]): void; reject(err: unknown): void }[] = [];

  constructor(file: SqliteFile, threads: number) {
    this.workers = Array.from({ length: threads }, () => new WorkerClient<Statement, ReadReply>(import.meta.url, 'sqlite-read.worker', file));
    this.idle = [...this.workers];
  }

  all<R>(query: { sql: string; parameters: readonly unknown[] }): Promise<R[]> {
    return new Promise<unknown[]>((resolve, reject) => {
      this.queue.push({ statement: { sql: query.sql, parameters: query.parameters }, resolve, reject });
      this.next();
    }) as Promise<R[]>;
  }

  private next(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const { statement, resolve, reject } = this.queue.shift()!;
      worker
        .request(statement)
        .then((reply) => (reply.ok ? resolve(reply.rows) : reject(Object.assign(new Error(reply.message), reply.code === undefined ? {} : { code: reply.code }))), reject)
        .finally(() => {
          this.idle.push(worker);
          this.next();
        });
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
