import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { SearchTerm } from '../../core/shared/search-query.js';
import { CALL_SUMMARY_COLUMNS, type CallSummaryRow } from '../sql/calls.tables.js';
import type { Database } from '../sql/database.js';
import type { CallSearchPage, CallText, SqlCallTextSearch } from '../sql/sql-dialect.js';
import { tsqueryAll, tsvectorOf } from './tsvector.js';

/** Rows per UPDATE: two array parameters, so only the size of a statement bounds it. */
const ROWS_PER_STATEMENT = 1000;
/** A word in at least this share of calls is "common" (see `page`). */
const COMMON_WORD = 0.02;
/** At most this many of the newest candidates are tested in list order before giving up. */
const MAX_RECENT_WINDOW = 2000;
/** How long word frequencies read from pg_stats are used before being read again. */
const STATS_TTL_MS = 60_000;

const columns = sql.join(CALL_SUMMARY_COLUMNS.map((c) => sql.ref(`calls.${c}`)));

/**
 * Full-text search over calls with a `tsvector` column and a GIN index (migration
 * 0002-tenancy-calls-search). Matching means "every term", whole words or prefixes, on the
 * folded words of summary and transcript, as in SQLite and the in-memory fake. One instance
 * per database: it keeps the word frequencies ANALYZE gathered.
 */
export class PostgresCallSearch implements SqlCallTextSearch {
  private frequencies: Map<string, number> = new Map();
  private statsReadAt = -Infinity;
  private statsReading: Promise<void> | null = null;

  async index(db: Kysely<Database>, rows: CallText[]): Promise<void> {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const part = rows.slice(i, i + ROWS_PER_STATEMENT);
      const seqs = part.map((r) => r.seq);
      const docs = part.map((r) => tsvectorOf(`${r.summary}\n${r.transcript}`));
      await sql`
        UPDATE calls SET search = v.doc::tsvector
        FROM unnest(${seqs}::int[], ${docs}::text[]) AS v(seq, doc)
        WHERE calls.seq = v.seq`.execute(db);
    }
  }

  /**
   * The planner either walks the list index (tenant, started_at desc, call_id desc) testing each
   * call's vector, or reads every match from the GIN index and sorts them; ANALYZE (`compact`)
   * gives it each word's frequency. It multiplies the frequencies of several words as if they
   * were independent, so two common words that go together ("password reset", 5 % of calls)
   * look rare to it, and it sorts thousands of GIN matches (14 ms at 100,000 calls) where the
   * list walk would stop after a few hundred calls (2 ms). So when every word of a query is
   * common (pg_stats), the newest candidates are tested in list order first, as many as would
   * hold a page and a half if the words always went together (1.5 × limit / the rarest word's
   * frequency, at most 2,000). When fewer than a page match there but some do, the walk goes on
   * after the last match, as far as should fill the page at the rate seen (×1.5), while the
   * whole walk stays within 2,000 calls; only when none matched or the walk would pass that
   * does the planner's own plan run. Correlated common words end in the walk; independent ones
   * pay the first step and go on. Measured at 100,000 calls (benchmark mix of 12 queries): p99
   * 17 → 7 ms, "password reset" 14 → 2 ms; a fixed window of 600 rows instead made 2–4 % pairs
   * pay both steps (p99 24 ms). A filter (channel) changes how often the words meet among the
   * candidates: "commande livraison" among voice calls filled 17 of 21 rows in its window and
   * then paid the planner's plan too (p99 of "q + channel" 15 ms); walking on instead costs a
   * few dozen calls more.
   */
  async page(db: Kysely<Database>, query: CallSearchPage): Promise<CallSummaryRow[]> {
    const tsquery = sql`${tsqueryAll(query.terms)}::tsquery`;
    const rarest = query.terms.length > 1 ? await this.rarestFrequency(db, query.terms) : 0;
    if (rarest >= COMMON_WORD) {
      let window = Math.min(MAX_RECENT_WINDOW, Math.ceil((1.5 * query.limit) / rarest));
      const found: CallSummaryRow[] = [];
      for (let walked = 0; ; ) {
        // After the last match found (a position, not an offset: calls arriving meanwhile shift no row).
        const last = found.at(-1);
        const after = last ? sql`AND (calls.started_at, calls.call_id) < (${last.started_at}, ${last.call_id})` : sql``;
        const recent = await sql<CallSummaryRow>`
          SELECT ${columns} FROM (
            SELECT ${columns}, calls.search FROM calls WHERE ${query.where} ${after}
            ORDER BY calls.started_at DESC, calls.call_id DESC LIMIT ${window}
          ) AS calls
          WHERE calls.search @@ ${tsquery}
          ORDER BY calls.started_at DESC, calls.call_id DESC
          LIMIT ${query.limit - found.length}`.execute(db);
        found.push(...recent.rows);
        walked += window;
        if (found.length === query.limit) return found;
        if (found.length === 0) break;
        // The words matched about found/walked of the candidates: walk on as far as should fill
        // the page at that rate (×1.5), while the whole walk stays within the window's bound.
        window = Math.ceil((1.5 * (query.limit - found.length) * walked) / found.length);
        if (walked + window > MAX_RECENT_WINDOW) break;
      }
    }
    const { rows } = await sql<CallSummaryRow>`
      SELECT ${columns} FROM calls
      WHERE calls.search @@ ${tsquery} AND ${query.where}
      ORDER BY calls.started_at DESC, calls.call_id DESC
      LIMIT ${query.limit}`.execute(db);
    return rows;
  }

  /** The call's vector holds every term (the GIN index answers it). */
  matches(terms: SearchTerm[]): Expression<SqlBool> {
    return sql<SqlBool>`calls.search @@ ${tsqueryAll(terms)}::tsquery`;
  }

  /** The vector is a column of the call: deleting the call removes it. */
  async unindex(): Promise<void> {}

  async compact(db: Kysely<Database>): Promise<void> {
    // After a bulk load (an import, the demo's seed), as autovacuum would a minute later: the
    // visibility map set, so the call analytics' index-only reads skip the table, and the
    // statistics gathered, the calls per hour's too (ADR 0058: without them the planner joins a
    // year's periods to the whole table instead of reading a range of its key per period).
    await sql`VACUUM (ANALYZE) calls, call_stats_hours`.execute(db);
    await this.readStats(db);
  }

  /** The smallest share of calls holding one of the terms (a prefix: its words together). */
  private async rarestFrequency(db: Kysely<Database>, terms: SearchTerm[]): Promise<number> {
    if (performance.now() - this.statsReadAt > STATS_TTL_MS) {
      // Read at most once at a time; a search never waits for a refresh once there are figures.
      this.statsReading ??= this.readStats(db).finally(() => (this.statsReading = null));
      if (this.statsReadAt === -Infinity) await this.statsReading.catch(() => {});
    }
    return Math.min(...terms.map((t) => this.frequencyOf(t)));
  }

  private frequencyOf(term: SearchTerm): number {
    if (!term.prefix) return this.frequencies.get(term.text) ?? 0;
    let sum = 0;
    for (const [word, f] of this.frequencies) if (word.startsWith(term.text)) sum += f;
    return Math.min(1, sum);
  }

  /** The most common words of `calls.search` and their frequencies, as ANALYZE left them. */
  private async readStats(db: Kysely<Database>): Promise<void> {
    const { rows } = await sql<{ words: string[] | null; freqs: number[] | null }>`
      SELECT most_common_elems::text::text[] AS words, most_common_elem_freqs AS freqs
      FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'calls' AND attname = 'search'`.execute(db);
    const frequencies = new Map<string, number>();
    const { words, freqs } = rows[0] ?? { words: null, freqs: null };
    if (words && freqs) words.forEach((w, i) => frequencies.set(w, Number(freqs[i])));
    this.frequencies = frequencies;
    this.statsReadAt = performance.now();
  }
}
