import type { Kysely, Selectable } from 'kysely';
import type { ArchivePosition, BilledRequest, RecordedVerification, VerificationLedger, VerificationTrace } from '../../core/attestation/ports.js';
import type { Verdict } from '../../core/attestation/verdict/verification.model.js';
import { conflict } from '../../core/shared/errors.js';
import type { VerificationArchiveTable } from './attestation.tables.js';
import type { Database } from './database.js';
import { decodeArchiveBody } from './archive-codec.js';
import { ArchiveDictionaries } from './archive-dictionary.js';
import { type ArchiveRow, type ArchiveWriter, archiveRow } from './archive-writer.js';
import { isUniqueViolation } from './unique-violation.js';

/** One `record` or `recordAll`: its rows are written in one transaction, never split. */
/** Request_ids per statement of `findAll` (well under SQLite's and PostgreSQL's bound-parameter limits). */
const FIND_ALL_CHUNK = 500;

interface Pending {
  traces: readonly VerificationTrace[];
  rows: ArchiveRow[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Archive and meter over any Kysely dialect. Each verification's archive row and meter
 * increment are written in one transaction (a `recordAll`'s rows all in the same one). Records that arrive while a transaction is being
 * written are grouped into the next one (group commit): every caller still waits for the
 * commit that holds its own trace, but the cost of a transaction is shared. If a grouped
 * transaction fails, its records are retried one transaction each, so one bad record never
 * fails another; unless the database itself failed (`isTransient`: gone, busy past the wait,
 * full; ADRs 0026, 0027): that is no record's fault, and every record of the group fails at once
 * instead of waiting for the same failure once more per record. The rows are written by the database's `ArchiveWriter` (on this connection, or
 * in a worker thread with a connection of its own); reads go through Kysely.
 */
export class SqlVerificationLedger implements VerificationLedger {
  private queue: Pending[] = [];
  private flushing = false;
  private readonly dictionaries: ArchiveDictionaries;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly writer: ArchiveWriter,
    private readonly isTransient: (err: unknown) => boolean = () => false,
    private readonly maxBatch = 256,
  ) {
    this.dictionaries = new ArchiveDictionaries(db);
  }

  record(trace: VerificationTrace, responseJson?: string): Promise<void> {
    return this.recordAll([{ trace, responseJson }]);
  }

  recordAll(entries: readonly RecordedVerification[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      // The rows are made now, in the caller's turn, with the responses' texts the caller sends.
      const traces = entries.map((e) => e.trace);
      this.queue.push({ traces, rows: entries.map((e) => archiveRow(e.trace, e.responseJson)), resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Let the requests of this turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        // Whole records (a `recordAll` is never split) up to maxBatch rows, at least one record.
        let take = 1;
        let rows = (this.queue[0] as Pending).rows.length;
        while (take < this.queue.length && rows + (this.queue[take] as Pending).rows.length <= this.maxBatch) {
          rows += (this.queue[take] as Pending).rows.length;
          take += 1;
        }
        const batch = this.queue.splice(0, take);
        try {
          await this.writer.write(batch.length === 1 ? (batch[0] as Pending).rows : batch.flatMap((p) => p.rows));
          for (const p of batch) p.resolve();
        } catch (err) {
          if (batch.length === 1 || this.isTransient(err)) {
            for (const p of batch) p.reject(translate(err, p.traces));
            continue;
          }
          for (const p of batch) {
            try {
              await this.writer.write(p.rows);
              p.resolve();
            } catch (single) {
              p.reject(translate(single, p.traces));
            }
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  async find(requestId: string): Promise<VerificationTrace | null> {
    const row = await this.db
      .selectFrom('verification_archive')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return row ? this.traceOf(row) : null;
  }

  async findAll(requestIds: readonly string[]): Promise<Map<string, VerificationTrace>> {
    const found = new Map<string, VerificationTrace>();
    const distinct = [...new Set(requestIds)];
    for (let from = 0; from < distinct.length; from += FIND_ALL_CHUNK) {
      const rows = await this.db
        .selectFrom('verification_archive')
        .selectAll()
        .where('request_id', 'in', distinct.slice(from, from + FIND_ALL_CHUNK))
        .execute();
      for (const row of rows) found.set(row.request_id, await this.traceOf(row));
    }
    return found;
  }

  /** An archive row as its trace: the texts as served, inflated (archive-codec.ts). */
  private async traceOf(row: Selectable<VerificationArchiveTable>): Promise<VerificationTrace> {
    const texts = decodeArchiveBody(row.body, await this.dictionaries.get(Number(row.dictionary_id)));
    return {
      request_id: row.request_id,
      served_at: row.served_at,
      tier: row.tier === 'production' ? 'production' : 'sandbox',
      key_id: row.key_id,
      request: JSON.parse(texts.request_json),
      response: JSON.parse(texts.response_json),
    };
  }

  async billed(keyId: string, range: { from: string; to: string }, after: ArchivePosition | null, limit: number): Promise<BilledRequest[]> {
    let query = this.db
      .selectFrom('verification_archive')
      .select(['request_id', 'served_at', 'verdict', 'subject_artist', 'subject_title'])
      .where('key_id', '=', keyId)
      .where('served_at', '>=', range.from)
      .where('served_at', '<', range.to);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('served_at', '>', after.served_at), eb.and([eb('served_at', '=', after.served_at), eb('request_id', '>', after.request_id)])]),
      );
    }
    const rows = await query.orderBy('served_at').orderBy('request_id').limit(limit).execute();
    return rows.map((row) => ({
      request_id: row.request_id,
      served_at: row.served_at,
      verdict: row.verdict as Verdict,
      subject: { artist: row.subject_artist, title: row.subject_title },
    }));
  }

  async servedCalls(keyId: string, month: string): Promise<number> {
    const row = await this.db
      .selectFrom('verification_usage')
      .select('served_calls')
      .where('meter_id', '=', keyId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row ? Number(row.served_calls) : 0;
  }
}

/** A duplicate request_id is the domain's conflict; anything else stays as it is. */
function translate(err: unknown, traces: readonly VerificationTrace[]): unknown {
  if (!isUniqueViolation(err)) return err;
  const ids = traces.map((t) => t.request_id);
  return conflict(ids.length === 1 ? `A verification with request_id ${ids[0]} is archived already.` : `One of the request_ids ${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''} is archived already: none was recorded.`);
}
