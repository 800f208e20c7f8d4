import { WorkerClient } from '../node/worker-client.js';
import type { ArchiveDictionary } from '../sql/archive-codec.js';
import type { ArchiveRow, ArchiveWriter } from '../sql/archive-writer.js';
import { UniqueViolation } from '../sql/unique-violation.js';
import type { ArchiveBatch, ArchiveReply, ArchiveWorkerData } from './sqlite-archive.worker.js';
import type { SqliteFile } from './sqlite-connection.js';

/** An error the worker reported, with the SQLite code it carried (SQLITE_BUSY is transient). */
export class ArchiveWriteError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * The archive's writer for a SQLite file: a worker thread with its own connection writes each
 * batch in one transaction and answers once it committed, so a verification is still archived
 * and metered before it is answered (ADR 0002), while the event loop only posts the rows.
 * Reads stay on the main connection, which sees every committed batch (WAL). A worker that
 * stops fails the batches it held and is started again by the next write (ADR 0025).
 */
export class SqliteArchiveWriter implements ArchiveWriter {
  private readonly worker: WorkerClient<Omit<ArchiveBatch, 'id'>, ArchiveReply>;

  constructor(
    file: SqliteFile,
    dictionary: ArchiveDictionary,
    private readonly isUniqueViolation: (err: unknown) => boolean,
  ) {
    const data: ArchiveWorkerData = { file, dictionary };
    this.worker = new WorkerClient(import.meta.url, 'sqlite-archive.worker', data);
  }

  async write(rows: ArchiveRow[]): Promise<void> {
    const reply = await this.worker.request({ rows });
    if (reply.ok) return;
    const err = new ArchiveWriteError(reply.message, reply.code);
    throw this.isUniqueViolation(err) ? new UniqueViolation(err) : err;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
