import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { CALL_STATUSES, CHANNELS, DIRECTIONS, type CallFilter, type CallStatus, type Channel, type Direction } from '../../core/calls/call.model.js';
import type { AgentAggregate, CallAggregates, DurationAggregate, PeriodAggregate, PeriodRange } from '../../core/calls/call-stats.model.js';
import type { CallStatsStore } from '../../core/calls/ports.js';
import type { Database } from './database.js';
import type { SqlCapabilities, SqlReads } from './sql-dialect.js';
import { listConditions } from './sql-call.repository.js';

interface DurationRow {
  calls: number | string;
  total_seconds: number | string | null;
  p50: number | string | null;
  p90: number | string | null;
}

type CountColumns<P extends string, K extends string> = Record<`${P}_${K}`, number | string | null>;
type PeriodRow = DurationRow & { period: number | string } & CountColumns<'channel', Channel> & CountColumns<'direction', Direction> & CountColumns<'status', CallStatus>;
type AgentRow = DurationRow & { agent_id: string | null } & CountColumns<'status', CallStatus>;

/** Statements the per-period read is cut into where reads run at once: with the total's and the agents', two threads end together. */
const PERIOD_RUNS = 3;

/**
 * `calls` for a read whose percentiles want its durations in order: `from(index, where)`, the
 * read's `FROM … WHERE …`; `joined(index)`, what follows `calls` joined to another table.
 */
interface DurationsInOrder {
  from(index: string, where: Expression<SqlBool>): RawBuilder<unknown>;
  joined(index: string): RawBuilder<unknown>;
}

/** Migration 0015's indexes: the window's and each agent's durations in order. */
const TOTAL_BY_DURATION = 'calls_tenant_duration_stats';
const AGENTS_BY_DURATION = 'calls_tenant_agent_duration_stats';

const durationOf = (r: DurationRow | undefined): DurationAggregate => ({
  calls: Number(r?.calls ?? 0),
  total_seconds: Number(r?.total_seconds ?? 0),
  p50: r?.p50 == null ? null : Number(r.p50),
  p90: r?.p90 == null ? null : Number(r.p90),
});

/**
 * `count(*) FILTER (WHERE calls.<column> = '<value>') AS <column>_<value>` for each value but
 * the last, whose count is the rest of the group's (`countsOf`): each filtered count costs the
 * pass a comparison per call.
 */
const countsBy = (column: 'channel' | 'direction' | 'status', values: readonly string[]) =>
  sql.join(values.slice(0, -1).map((v) => sql`count(*) FILTER (WHERE ${sql.ref(`calls.${column}`)} = ${sql.lit(v)}) AS ${sql.ref(`${column}_${v}`)}`));

/** The counts of a group's `<column>_<value>` columns as a record by value, the last value's the rest of `calls`. */
function countsOf<C extends string, K extends string>(row: CountColumns<C, K> & Pick<DurationRow, 'calls'>, column: C, values: readonly K[]): Record<K, number> {
  const counts = Object.fromEntries(values.slice(0, -1).map((v) => [v, Number(row[`${column}_${v}`] ?? 0)])) as Record<K, number>;
  counts[values[values.length - 1]] = Number(row.calls) - values.slice(0, -1).reduce((n, v) => n + counts[v], 0);
  return counts;
}

/**
 * Call analytics in SQL (ADR 0043, ADR 0048): every count, sum and percentile is an aggregate
 * the database computes over the rows the list's conditions keep (the text search through the
 * dialect's `callSearch.matches`, percentiles through `percentileCont`). Three queries, each one
 * pass over the window's calls in the covering index (tenant_id, started_at, …) of migration
 * 0013:
 * - per period, everything a period shows: the periods are a VALUES list, sorted, of [start,
 *   end) clipped to the window, joined on started_at (each period reads its own range of the
 *   index); as the periods come in order, the groups do too, and neither SQLite nor PostgreSQL
 *   sorts the calls to group them; channel, direction and status counts are `FILTER`ed counts
 *   of the same pass, not groups of their own;
 * - per agent (counts by status, durations);
 * - the window's percentiles (its count and seconds are the periods' sums: the clipped periods
 *   partition the window); where the database has grouping sets (PostgreSQL), a grouping set of
 *   the agents' read rather than a pass of its own (ADR 0054).
 * ADR 0051: the agents' and the total's percentiles read durations in order where that pays
 * (migration 0015's indexes, `orderedRead`), and the reads go out at once through `SqlReads`
 * (reader threads on a SQLite file, the pool on PostgreSQL), the per-period one in three runs.
 */
export class SqlCallStatsStore implements CallStatsStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly capabilities: Pick<SqlCapabilities, 'callSearch' | 'percentileCont' | 'orderedRead' | 'groupingSets'>,
    /** Where the three aggregate reads run: worker threads on a SQLite file, the pool on PostgreSQL. */
    private readonly reads: SqlReads,
  ) {}

  /**
   * Two scalar subqueries, each one seek at an end of the started_at index: SQLite reads the
   * whole range for `min` and `max` in one SELECT (8.6 ms for 100,000 calls; ADR 0051). With
   * words to match, a seek becomes a walk along the index testing each call until one matches:
   * PostgreSQL, which turns `min`/`max` into such walks, took ~390 ms each for a word no call
   * holds (all 100,000 tested, ADR 0054). Then one SELECT reads the matching calls instead (its
   * `count(*)` keeps the planner from walking): as many rows as the words find.
   */
  async span(tenantId: string, filter: CallFilter): Promise<{ first: string; last: string } | null> {
    const where = this.where(tenantId, filter);
    const end = (fn: 'min' | 'max') => this.db.selectFrom('calls').select((eb) => eb.fn[fn]('calls.started_at').as('at')).where(where);
    const query =
      filter.terms.length > 0
        ? this.db.selectFrom('calls').select((eb) => [eb.fn.min('calls.started_at').as('first'), eb.fn.max('calls.started_at').as('last'), eb.fn.countAll().as('calls')]).where(where)
        : this.db.selectNoFrom([end('min').as('first'), end('max').as('last')]);
    const row = await query.executeTakeFirst();
    return row?.first == null || row.last == null ? null : { first: String(row.first), last: String(row.last) };
  }

  async aggregate(tenantId: string, filter: CallFilter, periods: readonly PeriodRange[]): Promise<CallAggregates> {
    if (periods.length === 0) return { periods: [], total: durationOf(undefined), agents: [] };
    const where = this.where(tenantId, filter);
    const ordered = await this.durationsInOrder(tenantId, filter);
    const durations = sql`count(*) AS calls, sum(calls.duration_seconds) AS total_seconds,
      ${this.capabilities.percentileCont('calls.duration_seconds', 0.5)} AS p50,
      ${this.capabilities.percentileCont('calls.duration_seconds', 0.9)} AS p90`;

    // Independent reads, at once: on PostgreSQL each takes a connection of the pool, on a
    // SQLite file each goes to a reader thread (ADR 0051), the longest first (the agents',
    // then the total's, then the runs of periods); in memory, SQLite's one connection runs
    // them one after the other. With grouping sets the agents' read gives the total's
    // percentiles too (ADR 0054).
    const [[agents, total], byPeriod] = await Promise.all([
      this.capabilities.groupingSets ? this.agentAndTotalRows(where, durations) : Promise.all([this.agentRows(tenantId, where, durations, ordered), this.totalRow(where, ordered)]),
      this.periodRows(tenantId, filter, periods, durations),
    ]);
    const periodAggregates = byPeriod.map(
      (r): PeriodAggregate => ({
        period: Number(r.period),
        ...durationOf(r),
        by_channel: countsOf(r, 'channel', CHANNELS),
        by_direction: countsOf(r, 'direction', DIRECTIONS),
        by_status: countsOf(r, 'status', CALL_STATUSES),
      }),
    );
    const pct = total;
    return {
      periods: periodAggregates,
      total: {
        calls: periodAggregates.reduce((n, p) => n + p.calls, 0),
        total_seconds: periodAggregates.reduce((n, p) => n + p.total_seconds, 0),
        p50: pct?.p50 == null ? null : Number(pct.p50),
        p90: pct?.p90 == null ? null : Number(pct.p90),
      },
      agents: agents.map((r): AgentAggregate => ({ agent_id: r.agent_id, by_status: countsOf(r, 'status', CALL_STATUSES), ...durationOf(r) })),
    };
  }

  /**
   * One pass over the window: the periods, clipped to the filter's from/to, drive the join in
   * their order (a sorted CTE; SQLite keeps that order through the join, so GROUP BY needs no
   * sort; CROSS JOIN keeps SQLite from putting calls first), each reading its range of the index.
   */
  private async periodRows(tenantId: string, filter: CallFilter, periods: readonly PeriodRange[], durations: RawBuilder<unknown>): Promise<PeriodRow[]> {
    const last = periods.length - 1;
    const clipped = periods.map((p, i) => ({
      period: i,
      start: i === 0 && filter.from !== undefined && filter.from > p.start ? filter.from : p.start,
      end: i === last && filter.to !== undefined && filter.to < p.end ? filter.to : p.end,
    }));
    // Where reads run at once, consecutive runs of periods are read by statements of their own,
    // so that the longest read of a request is a third of this one, not all of it (ADR 0051).
    const runs = this.reads.concurrent ? PERIOD_RUNS : 1;
    const size = Math.ceil(clipped.length / runs);
    const chunks = Array.from({ length: Math.ceil(clipped.length / size) }, (_, i) => clipped.slice(i * size, (i + 1) * size));
    return (await Promise.all(chunks.map((chunk) => this.periodChunkRows(tenantId, filter, chunk, durations)))).flat();
  }

  private periodChunkRows(tenantId: string, filter: CallFilter, clipped: readonly (PeriodRange & { period: number })[], durations: RawBuilder<unknown>): Promise<PeriodRow[]> {
    const listed = sql.join(clipped.map((p) => sql`(${sql.lit(p.period)}, CAST(${p.start} AS TEXT), CAST(${p.end} AS TEXT))`));
    // The window is in the periods' bounds: the conditions here are the filter's others.
    const others = this.where(tenantId, { ...filter, from: undefined, to: undefined });
    return this.reads.all(sql<PeriodRow>`
      WITH periods (period, period_start, period_end) AS (SELECT * FROM (VALUES ${listed}) AS listed ORDER BY 1)
      SELECT periods.period, ${durations},
        ${countsBy('channel', CHANNELS)}, ${countsBy('direction', DIRECTIONS)}, ${countsBy('status', CALL_STATUSES)}
      FROM periods CROSS JOIN calls
      WHERE calls.started_at >= periods.period_start AND calls.started_at < periods.period_end AND ${others}
      GROUP BY periods.period`.compile(this.db));
  }

  /**
   * Per agent, without sorting the window's calls by agent: the tenant's agents, found by
   * stepping through the index (tenant_id, agent_id, …) of migration 0014 one distinct agent_id
   * at a time (a recursive CTE, one index seek each), drive the join in agent order, each reading
   * its own range of that index (agent_id, then the window's started_at); calls without an agent
   * are the second branch (`agent_id IS NULL`, a range of the same index). A branch without
   * calls gives a row of 0 calls, which the use case drops.
   */
  private async agentRows(tenantId: string, where: Expression<SqlBool>, durations: RawBuilder<unknown>, ordered: DurationsInOrder): Promise<AgentRow[]> {
    const byStatus = countsBy('status', CALL_STATUSES);
    return this.reads.all(sql<AgentRow>`
      WITH RECURSIVE agents (agent_id) AS (
        SELECT min(calls.agent_id) FROM calls WHERE calls.tenant_id = ${tenantId}
        UNION ALL
        SELECT (SELECT min(calls.agent_id) FROM calls WHERE calls.tenant_id = ${tenantId} AND calls.agent_id > agents.agent_id)
        FROM agents WHERE agents.agent_id IS NOT NULL
      ),
      listed (agent_id) AS (SELECT agents.agent_id FROM agents WHERE agents.agent_id IS NOT NULL ORDER BY 1)
      SELECT listed.agent_id, ${durations}, ${byStatus}
      FROM listed CROSS JOIN calls ${ordered.joined(AGENTS_BY_DURATION)} WHERE calls.agent_id = listed.agent_id AND ${where}
      GROUP BY listed.agent_id
      UNION ALL
      SELECT NULL, ${durations}, ${byStatus} ${ordered.from(AGENTS_BY_DURATION, sql<SqlBool>`(calls.agent_id IS NULL AND ${where})`)}`.compile(this.db));
  }

  /** The window's percentiles, a read of their own (its count and seconds are the periods' sums). */
  private async totalRow(where: Expression<SqlBool>, ordered: DurationsInOrder): Promise<Pick<DurationRow, 'p50' | 'p90'> | undefined> {
    const rows = await this.reads.all(
      sql<Pick<DurationRow, 'p50' | 'p90'>>`SELECT
        ${this.capabilities.percentileCont('calls.duration_seconds', 0.5)} AS p50,
        ${this.capabilities.percentileCont('calls.duration_seconds', 0.9)} AS p90
        ${ordered.from(TOTAL_BY_DURATION, where)}`.compile(this.db),
    );
    return rows[0];
  }

  /**
   * Per agent and the window's percentiles in one pass (`groupingSets`, ADR 0054): `GROUPING
   * SETS ((agent_id), ())` gives a row per agent that has calls in the window (calls without an
   * agent under a null agent_id) and one for the whole window (`GROUPING(agent_id) = 1`). Where
   * the planner weighs an order (`order-by`), the calls come ordered by agent then duration:
   * read from migration 0015's (tenant_id, agent_id, duration_seconds, …) index when the window
   * holds most of the tenant's calls (each agent's durations then arrive sorted), the window's
   * range and a sort otherwise; the whole's percentile sorts its durations itself.
   */
  private async agentAndTotalRows(where: Expression<SqlBool>, durations: RawBuilder<unknown>): Promise<[AgentRow[], Pick<DurationRow, 'p50' | 'p90'> | undefined]> {
    const order = this.capabilities.orderedRead.kind === 'order-by' ? sql`ORDER BY calls.agent_id, calls.duration_seconds` : sql``;
    const rows = await this.reads.all(sql<AgentRow & { whole: number | string }>`
      SELECT calls.agent_id, GROUPING(calls.agent_id) AS whole, ${durations}, ${countsBy('status', CALL_STATUSES)}
      FROM (SELECT calls.agent_id, calls.duration_seconds, calls.status FROM calls WHERE ${where} ${order}) AS calls
      GROUP BY GROUPING SETS ((calls.agent_id), ())`.compile(this.db));
    return [rows.filter((r) => Number(r.whole) === 0), rows.find((r) => Number(r.whole) === 1)];
  }

  /**
   * How the total's and the agents' reads take `calls`, whose durations their percentiles want
   * in order (ADR 0051). Where the database weighs an index's order against a sort itself
   * (PostgreSQL), the rows come from a subquery ordered by duration: its planner reads migration
   * 0015's indexes when the window holds most of the tenant's calls, the window's range and a
   * sort otherwise. Where it cannot (SQLite), they are named (`INDEXED BY`) when every call of
   * the window counts (no channel, direction or text condition) and the window spans at least
   * half of the time between the tenant's first and last call: reading the tenant's whole index
   * in duration order then costs at most about twice the window's entries, against a sort of
   * them all saved (a filter keeps a fraction of the entries read, and would save only that
   * fraction's sort); otherwise the window's range of the started_at indexes.
   */
  private async durationsInOrder(tenantId: string, filter: CallFilter): Promise<DurationsInOrder> {
    const plain: DurationsInOrder = { from: (_index, where) => sql`FROM calls WHERE ${where}`, joined: () => sql`` };
    const read = this.capabilities.orderedRead;
    if (read.kind === 'order-by') {
      return {
        from: (_index, where) => sql`FROM (SELECT calls.duration_seconds, calls.status FROM calls WHERE ${where} ORDER BY calls.duration_seconds) AS calls`,
        joined: () => sql``,
      };
    }
    if (filter.channel !== undefined || filter.direction !== undefined || filter.terms.length > 0) return plain;
    const span = await this.span(tenantId, { terms: [] });
    if (span === null) return plain;
    const first = Date.parse(span.first);
    const last = Date.parse(span.last);
    const from = Math.max(first, filter.from === undefined ? first : Date.parse(filter.from));
    const to = Math.min(last, filter.to === undefined ? last : Date.parse(filter.to));
    if (2 * (to - from) < last - first) return plain;
    return { from: (index, where) => sql`FROM calls ${read.indexedBy(index)} WHERE ${where}`, joined: (index) => read.indexedBy(index) };
  }

  private where(tenantId: string, filter: CallFilter): Expression<SqlBool> {
    const base = listConditions(tenantId, filter, null);
    if (filter.terms.length === 0) return base;
    const text: RawBuilder<SqlBool> | Expression<SqlBool> = this.capabilities.callSearch.matches(filter.terms);
    return sql<SqlBool>`(${base} AND ${text})`;
  }
}
