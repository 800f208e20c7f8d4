import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { CALL_STATUSES, type CallFilter, type CallStatus, type Channel, type Direction } from '../../core/calls/call.model.js';
import type { AgentAggregate, CallAggregates, DurationAggregate, PeriodRange } from '../../core/calls/call-stats.model.js';
import type { CallStatsStore } from '../../core/calls/ports.js';
import type { Database } from './database.js';
import type { SqlCapabilities } from './sql-dialect.js';
import { listConditions } from './sql-call.repository.js';

interface DurationRow {
  calls: number | string;
  total_seconds: number | string | null;
  p50: number | string | null;
  p90: number | string | null;
}

const durationOf = (r: DurationRow | undefined): DurationAggregate => ({
  calls: Number(r?.calls ?? 0),
  total_seconds: Number(r?.total_seconds ?? 0),
  p50: r?.p50 == null ? null : Number(r.p50),
  p90: r?.p90 == null ? null : Number(r.p90),
});

/**
 * Call analytics in SQL (ADR 0043): every count, sum and percentile is an aggregate the
 * database computes over the rows the list's conditions keep (the text search through the
 * dialect's `callSearch.matches`, percentiles through `percentileCont`). Periods are a VALUES
 * list of [start, end) the query joins on started_at: the index (tenant_id, started_at) is
 * read once per period, as a range (EXPLAIN QUERY PLAN: SCAN VALUES, then SEARCH calls USING
 * INDEX calls_tenant_started per row).
 */
export class SqlCallStatsStore implements CallStatsStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly capabilities: Pick<SqlCapabilities, 'callSearch' | 'percentileCont'>,
  ) {}

  async span(tenantId: string, filter: CallFilter): Promise<{ first: string; last: string } | null> {
    const row = await this.db
      .selectFrom('calls')
      .select((eb) => [eb.fn.min('calls.started_at').as('first'), eb.fn.max('calls.started_at').as('last')])
      .where(this.where(tenantId, filter))
      .executeTakeFirst();
    return row?.first == null || row.last == null ? null : { first: String(row.first), last: String(row.last) };
  }

  async aggregate(tenantId: string, filter: CallFilter, periods: readonly PeriodRange[]): Promise<CallAggregates> {
    if (periods.length === 0) return { counts: [], periods: [], total: durationOf(undefined), agents: [] };
    const where = this.where(tenantId, filter);
    // The periods first (CROSS JOIN fixes SQLite's join order; PostgreSQL plans it freely): each
    // period reads its range of the index, rather than every call scanning the list of periods.
    const inPeriods = sql`(VALUES ${sql.join(periods.map((p, i) => sql`(${sql.lit(i)}, CAST(${p.start} AS TEXT), CAST(${p.end} AS TEXT))`))}) AS periods
      CROSS JOIN calls`;
    const inPeriod = sql`calls.started_at >= periods.column2 AND calls.started_at < periods.column3`;
    const durations = sql`count(*) AS calls, sum(calls.duration_seconds) AS total_seconds,
      ${this.capabilities.percentileCont('calls.duration_seconds', 0.5)} AS p50,
      ${this.capabilities.percentileCont('calls.duration_seconds', 0.9)} AS p90`;

    const counts = await sql<{ period: number | string; channel: Channel; direction: Direction; status: CallStatus; calls: number | string }>`
      SELECT periods.column1 AS period, calls.channel, calls.direction, calls.status, count(*) AS calls
      FROM ${inPeriods} WHERE ${inPeriod} AND ${where}
      GROUP BY periods.column1, calls.channel, calls.direction, calls.status`.execute(this.db);
    const byPeriod = await sql<DurationRow & { period: number | string }>`
      SELECT periods.column1 AS period, ${durations} FROM ${inPeriods} WHERE ${inPeriod} AND ${where} GROUP BY periods.column1`.execute(this.db);
    const total = await sql<DurationRow>`SELECT ${durations} FROM calls WHERE ${where}`.execute(this.db);
    const byStatus = sql.join(CALL_STATUSES.map((s) => sql`sum(CASE WHEN calls.status = ${sql.lit(s)} THEN 1 ELSE 0 END) AS ${sql.ref(`status_${s}`)}`));
    const agents = await sql<DurationRow & { agent_id: string | null } & Record<`status_${CallStatus}`, number | string>>`
      SELECT calls.agent_id, ${durations}, ${byStatus} FROM calls WHERE ${where} GROUP BY calls.agent_id`.execute(this.db);

    return {
      counts: counts.rows.map((r) => ({ period: Number(r.period), channel: r.channel, direction: r.direction, status: r.status, calls: Number(r.calls) })),
      periods: byPeriod.rows.map((r) => ({ period: Number(r.period), ...durationOf(r) })),
      total: durationOf(total.rows[0]),
      agents: agents.rows.map(
        (r): AgentAggregate => ({
          agent_id: r.agent_id,
          by_status: Object.fromEntries(CALL_STATUSES.map((s) => [s, Number(r[`status_${s}`] ?? 0)])) as Record<CallStatus, number>,
          ...durationOf(r),
        }),
      ),
    };
  }

  private where(tenantId: string, filter: CallFilter): Expression<SqlBool> {
    const base = listConditions(tenantId, filter, null);
    if (filter.terms.length === 0) return base;
    const text: RawBuilder<SqlBool> | Expression<SqlBool> = this.capabilities.callSearch.matches(filter.terms);
    return sql<SqlBool>`(${base} AND ${text})`;
  }
}
