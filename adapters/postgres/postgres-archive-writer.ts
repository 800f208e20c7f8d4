import { CompiledQuery, type Kysely } from 'kysely';
import type { ArchiveDictionary } from '../sql/archive-codec.js';
import { ArchiveCompressor } from '../sql/archive-compressor.js';
import { ARCHIVE_COLUMNS, type ArchiveWriter, archiveTableRow, meterIncrements } from '../sql/archive-writer.js';
import type { Database } from '../sql/database.js';

const placeholders = (from: number, rows: number, columns: number): string =>
  Array.from({ length: rows }, (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${from + r * columns + c}`).join(', ')})`).join(', ');

/**
 * PostgreSQL's archive writer: a batch's rows and its meter increments in one statement, the
 * insert a data-modifying CTE of the meters' upsert. A statement is atomic, so the batch is still
 * written all or none (a duplicate `request_id` fails all of it with the dialect's
 * `UniqueViolation`), in one round trip instead of four or more (BEGIN, the insert, an upsert per
 * meter and month, COMMIT). The bodies are compressed in a worker thread (ArchiveCompressor). The
 * statement's text depends only on the numbers of rows and of meters: it is made once per pair.
 */
export function postgresArchiveWriter(db: Kysely<Database>, dictionary: ArchiveDictionary): ArchiveWriter {
  const compressor = new ArchiveCompressor(dictionary);
  const statements = new Map<string, string>();
  const statementOf = (rows: number, meters: number): string => {
    const key = `${rows}:${meters}`;
    let text = statements.get(key);
    if (text === undefined) {
      const columns = ARCHIVE_COLUMNS.map((c) => `"${c}"`).join(', ');
      text =
        `with archived as (insert into "verification_archive" (${columns}) values ${placeholders(1, rows, ARCHIVE_COLUMNS.length)}) ` +
        `insert into "verification_usage" ("meter_id", "month", "served_calls") values ${placeholders(1 + rows * ARCHIVE_COLUMNS.length, meters, 3)} ` +
        'on conflict ("meter_id", "month") do update set "served_calls" = "verification_usage"."served_calls" + excluded."served_calls"';
      statements.set(key, text);
    }
    return text;
  };
  return {
    async write(rows) {
      if (rows.length === 0) return;
      const bodies = await compressor.compress(rows);
      const meters = meterIncrements(rows);
      const values = [...rows.flatMap((r, i) => archiveTableRow(r, dictionary, bodies[i])), ...meters.flatMap((m) => [m.meter_id, m.month, m.served_calls])];
      await db.executeQuery(CompiledQuery.raw(statementOf(rows.length, meters.length), values));
    },
    close: () => compressor.close(),
  };
}
