import { workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { answerRequests, type WorkerAnswer } from '../node/worker-requests.js';
import type { SqliteFile } from './sqlite-connection.js';
import { addSqliteFunctions } from './sqlite-functions.js';

/**
 * Runs in a worker thread (see sqlite-readers.ts): read-only statements on a read-only
 * connection of its own, so that a long aggregate (the call analytics of a year: tens of
 * milliseconds) holds neither the event loop nor the main connection, and two of them run on
 * two cores (ADR 0051). In WAL, a reader neither waits for the writers nor blocks them.
 */
export type ReadRequest = { id: number; sql: string; parameters: readonly unknown[] } | 'close';
export type ReadReply = WorkerAnswer<{ rows: unknown[] }>;

/** Statements kept prepared, by SQL text (the stats queries differ in their number of periods only). */
const CACHED_STATEMENTS = 64;

const file = workerData as SqliteFile;
const db = new BetterSqlite3(file.filename, { readonly: true });
db.pragma(`busy_timeout = ${file.busyTimeoutMs}`);
addSqliteFunctions(db);
const statements = new Map<string, BetterSqlite3.Statement>();

function prepared(text: string): BetterSqlite3.Statement {
  let statement = statements.get(text);
  if (statement) {
    statements.delete(text);
  } else {
    statement = db.prepare(text);
    if (!statement.reader) throw new Error('a reader worker runs read-only statements only');
    if (statements.size === CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
  }
  statements.set(text, statement);
  return statement;
}

answerRequests<Exclude<ReadRequest, 'close'>, { rows: unknown[] }>(
  (request) => ({ rows: prepared(request.sql).all(request.parameters as unknown[]) }),
  () => db.close(),
);
