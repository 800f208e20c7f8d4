import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { SqliteFile } from './sqlite-connection.js';

/**
 * Runs in a worker thread (see sqlite-readers.ts): read-only statements on a read-only
 * connection of its own, so that a long aggregate (the call analytics of a year: tens of
 * milliseconds) holds neither the event loop nor the main connection, and two of them run on
 * two cores (ADR 0051). In WAL, a reader neither waits for the writers nor blocks them.
 */
export type ReadRequest = { id: number; sql: string; parameters: readonly unknown[] } | 'close';
export type ReadReply = { id: number; ok: true; rows: unknown[] } | { id: number; ok: false; message: string; code?: string };

/** Statements kept prepared, by SQL text (the stats queries differ in their number of periods only). */
const CACHED_STATEMENTS = 64;

const file = workerData as SqliteFile;
const db = new BetterSqlite3(file.filename, { readonly: true });
db.pragma(`busy_timeout = ${file.busyTimeoutMs}`);
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

const port = parentPort!;
port.on('message', (request: ReadRequest) => {
  if (request === 'close') {
    db.close();
    port.close();
    return;
  }
  let reply: ReadReply;
  try {
    reply = { id: request.id, ok: true, rows: prepared(request.sql).all(request.parameters as unknown[]) };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    reply = { id: request.id, ok: false, message: String((err as Error).message ?? err), ...(typeof code === 'string' ? { code } : {}) };
  }
  port.postMessage(reply);
});
