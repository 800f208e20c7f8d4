import { type Kysely, type SqlBool, sql } from 'kysely';
import { compareCalls } from '../../core/calls/call.model.js';
import type { SearchTerm } from '../../core/shared/search-query.js';
import { validationError } from '../../core/shared/errors.js';
import { CALL_SUMMARY_COLUMNS, type CallSummaryRow } from '../sql/calls.tables.js';
import type { Database } from '../sql/database.js';
import type { CallSearchPage, CallText, SqlCallTextSearch } from '../sql/sql-dialect.js';

/**
 * Search keys that sort like the list. The FTS5 rowid of a call is
 * `second(started_at) * 2^15 + slot`, so FTS5 walks the matches of a query newest first
 * (ORDER BY rowid DESC) and stops after one page instead of collecting every match and
 * sorting. `calls_search_keys` maps a key to the call's `seq`: the calls table itself keeps
 * appending in arrival order, which is what makes bulk imports fast. Keys stay below 2^53
 * up to year 9999; a second holds 32,768 calls.
 */
export const SLOTS_PER_SECOND = 2 ** 15;
const MAX_KEY = (Math.floor(Date.parse('9999-12-31T23:59:59.999Z') / 1000) + 1) * SLOTS_PER_SECOND - 1;
/** SQLite keeps at most 32,766 bound values per statement. */
const ROWS_PER_STATEMENT = 500;

const secondOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const baseOf = (iso: string) => secondOf(iso) * SLOTS_PER_SECOND;

/**
 * An FTS5 query that can only mean "every term": each term is a quoted string (quotes
 * doubled), so no input is ever read as FTS syntax (AND, OR, NOT, NEAR, column filters,
 * parentheses, `^`), and it travels as a bound parameter, never as SQL text.
 */
export function fts5Query(terms: SearchTerm[]): string {
  return terms.map((t) => `"${t.text.replace(/"/g, '""')}"${t.prefix ? '*' : ''}`).join(' ');
}

const columns = sql.join(CALL_SUMMARY_COLUMNS.map((c) => sql.ref(`calls.${c}`)));

type KeyedRow = CallSummaryRow & { key: number };

/** The next free key of each second the new calls start in, read in one statement. */
async function allocateKeys(db: Kysely<Database>, rows: CallText[]): Promise<number[]> {
  const bases = [...new Set(rows.map((r) => baseOf(r.started_at)))];
  const { rows: tops } = await sql<{ base: number; top: number | null }>`
    SELECT j.value AS base,
           (SELECT max(key) FROM calls_search_keys WHERE key BETWEEN j.value AND j.value + ${SLOTS_PER_SECOND - 1}) AS top
    FROM json_each(${JSON.stringify(bases)}) AS j`.execute(db);
  const next = new Map(tops.map((t) => [Number(t.base), t.top === null ? Number(t.base) : Number(t.top) + 1]));
  return rows.map((r) => {
    const base = baseOf(r.started_at);
    const key = next.get(base) ?? base;
    if (key >= base + SLOTS_PER_SECOND) {
      throw validationError(`More than ${SLOTS_PER_SECOND} calls started within the second of ${r.started_at}; the search index cannot order more.`, [
        { path: 'started_at', message: 'too many calls within one second' },
      ]);
    }
    next.set(base, key + 1);
    return key;
  });
}

/** Full-text search over calls with SQLite FTS5 (migration 0002-tenancy-calls-fts). */
export const sqliteCallSearch: SqlCallTextSearch = {
  async index(db, rows) {
    if (rows.length === 0) return;
    const keys = await allocateKeys(db, rows);
    // FTS5 appends ascending rowids cheaply; a smaller rowid than the last one flushes its
    // buffer into a new segment. Keys follow time, not arrival: insert them sorted.
    const keyed = rows.map((r, i) => ({ ...r, key: keys[i] })).sort((a, b) => a.key - b.key);
    for (let i = 0; i < keyed.length; i += ROWS_PER_STATEMENT) {
      const chunk = keyed.slice(i, i + ROWS_PER_STATEMENT);
      await sql`INSERT INTO calls_search_keys (key, seq) VALUES ${sql.join(chunk.map((r) => sql`(${r.key}, ${r.seq})`))}`.execute(db);
      await sql`INSERT INTO calls_fts (rowid, summary, transcript) VALUES ${sql.join(chunk.map((r) => sql`(${r.key}, ${r.summary}, ${r.transcript})`))}`.execute(db);
    }
  },

  /**
   * The first `limit` matches by key (newest seconds first), then every match in the last
   * of those seconds: within a second, keys do not follow (started_at, call_id), so the
   * page is sorted exactly from these. Any match outside is in an earlier second and so
   * sorts after the whole page.
   */
  async page(db, query: CallSearchPage): Promise<CallSummaryRow[]> {
    const match = fts5Query(query.terms);
    let lo = 0;
    let hi = MAX_KEY;
    if (query.startedFrom !== undefined) lo = Math.max(lo, baseOf(query.startedFrom));
    if (query.startedBefore !== undefined) hi = Math.min(hi, baseOf(new Date(Date.parse(query.startedBefore) - 1).toISOString()) + SLOTS_PER_SECOND - 1);
    if (query.after !== null) hi = Math.min(hi, baseOf(query.after.started_at) + SLOTS_PER_SECOND - 1);
    if (lo > hi) return [];

    const scan = async (from: number, to: number, limit: number | null): Promise<KeyedRow[]> => {
      const { rows } = await sql<KeyedRow>`
        SELECT ${columns}, calls_fts.rowid AS key
        FROM calls_fts
          CROSS JOIN calls_search_keys ON calls_search_keys.key = calls_fts.rowid
          CROSS JOIN calls ON calls.seq = calls_search_keys.seq
        WHERE calls_fts MATCH ${match} AND calls_fts.rowid BETWEEN ${from} AND ${to} AND ${query.where}
        ORDER BY calls_fts.rowid DESC ${limit === null ? sql`` : sql`LIMIT ${limit}`}`.execute(db);
      return rows;
    };

    const first = await scan(lo, hi, query.limit);
    let rows = first;
    if (first.length === query.limit) {
      const lastBase = Math.floor(Number(first[first.length - 1].key) / SLOTS_PER_SECOND) * SLOTS_PER_SECOND;
      const seen = new Set(first.map((r) => Number(r.key)));
      const ties = await scan(Math.max(lo, lastBase), Math.min(hi, lastBase + SLOTS_PER_SECOND - 1), null);
      rows = [...first, ...ties.filter((r) => !seen.has(Number(r.key)))];
    }
    return rows
      .sort((a, b) => compareCalls(a, b))
      .slice(0, query.limit)
      .map(({ key: _key, ...row }) => row);
  },

  async compact(db) {
    await sql`INSERT INTO calls_fts (calls_fts) VALUES ('optimize')`.execute(db);
  },

  /** The calls whose FTS5 row matches: the same MATCH as a page, without its order. */
  matches(terms) {
    return sql<SqlBool>`calls.seq IN (SELECT calls_search_keys.seq FROM calls_search_keys WHERE calls_search_keys.key IN (SELECT rowid FROM calls_fts WHERE calls_fts MATCH ${fts5Query(terms)}))`;
  },

  /** The FTS5 rows (contentless_delete) and search keys of the calls. */
  async unindex(db, seqs) {
    for (let i = 0; i < seqs.length; i += ROWS_PER_STATEMENT) {
      const part = JSON.stringify(seqs.slice(i, i + ROWS_PER_STATEMENT));
      await sql`DELETE FROM calls_fts WHERE rowid IN (SELECT key FROM calls_search_keys WHERE seq IN (SELECT value FROM json_each(${part})))`.execute(db);
      await sql`DELETE FROM calls_search_keys WHERE seq IN (SELECT value FROM json_each(${part}))`.execute(db);
    }
  },
};
