import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { CALL_STATUSES, CHANNELS, DIRECTIONS, type CallFilter, type CallStatus, type Channel, type Direction } from '../../core/calls/call.model.js';
import {
  type AgentAggregate,
  type CallAggregates,
  type CallCounts,
  type DurationAggregate,
  type DurationHistogram,
  emptyByStatus,
  emptyCounts,
  histogramCalls,
  histogramDurations,
  histogramPercentiles,
  mergeHistograms,
  type PeriodAggregate,
  type PeriodRange,
} from '../../core/calls/call-stats.model.js';
import type { CallStatsStore } from '../../core/calls/ports.js';
import type { Database } from './database.js';
import { crossPercentiles, readNumbers } from './duration-lists.js';
import { callFigures, HOUR_COUNT_COLUMNS, hourOf } from './sql-call-hours.js';
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
/** One agent's calls of one status: `histogram` is `duration,calls,duration,calls,…`. */
interface HistogramRow {
  agent_id: string | null;
  status: CallStatus;
  histogram: string;
  /** Read without the window's bounds: the tenant's first and last call, as the same statement saw them. */
  first?: string | null;
  last?: string | null;
}

/**
 * How the histograms' read takes `calls`: `from`, what follows `SELECT …`; `whole`, whether the
 * window held every call of the tenant when the read was planned (its bounds then filter nothing).
 */
interface HistogramSource {
  from: RawBuilder<unknown>;
  whole: boolean;
}
/** One (period, channel × direction × status) range: `range` is period × combinations + combination. */
interface RangeRow {
  range: number | string;
  calls: number | string;
  total_seconds: number | string | null;
}
type PercentileRow = Pick<DurationRow, 'p50' | 'p90'> & { period: number | string };
/** What `hourRows` groups by: the period, the agent (its `agent_key`, '' for none), both, or neither (the window). */
type HourKey = 'period' | 'agent';

/** A group's row as `hourRows` reads it: its keys, the columns of `call_stats_hours` summed, and its durations. */
type HourFiguresRow = {
  period_key?: number | string;
  agent_key?: string;
  calls: number | string;
  total_seconds: number | string | null;
  /** The group's durations (`durationPercentiles` null), or their `p50,p90` (otherwise). */
  durations?: string | null;
  percentiles?: string | null;
} & Record<
  (typeof HOUR_COUNT_COLUMNS)[number]['name'],
  number | string | null
>;
/** A group's counts and seconds, as a period's and an agent's figures take them. */
type HourCounts = CallCounts & { total_seconds: number };
type ClippedPeriod = PeriodRange & { period: number };

/** Statements the per-period read is cut into where reads run at once: with the histograms' and the counts', two threads end together. */
const PERIOD_RUNS = 3;

/**
 * The shortest average period whose counts are read as ranges (`combination-ranges`): a range
 * costs a seek (~1.2 µs on SQLite) and pays back only over enough calls. On the benchmark's year
 * (274 calls a day) weeks gain (counts 21 → 15 ms of CPU), days lose (14,680 ranges: 45 → 59 ms).
 */
const RANGE_PERIOD_MS = 2 * 86_400_000;

const HOUR_MS = 3_600_000;

/** Migration 0017's index: each agent's calls by status, then duration (the histograms' order). */
const HISTOGRAM_INDEX = 'calls_tenant_agent_status_duration_stats';

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
 * A histogram the database wrote as `duration,calls,duration,calls,…`: one group's distinct
 * durations, which the read asks in ascending order; put in order here if they arrive otherwise
 * (no figure depends on the order the database concatenates in). Its numbers are read as the
 * lists of durations are (`readNumbers`, byte by byte) into typed arrays: a year's histograms
 * are ~17,000 entries, read on the event loop, where splitting the text made ~34,000 strings.
 */
export function parseHistogram(text: string): DurationHistogram {
  const numbers = readNumbers(text);
  const entries = numbers.length >> 1;
  const durations = new Float64Array(entries);
  const calls = new Float64Array(entries);
  let ascending = true;
  for (let e = 0; e < entries; e++) {
    durations[e] = numbers[2 * e];
    calls[e] = numbers[2 * e + 1];
    if (e > 0 && durations[e] <= durations[e - 1]) ascending = false;
  }
  if (ascending) return { durations, calls };
  const order = Array.from({ length: entries }, (_, i) => i).sort((a, b) => durations[a] - durations[b]);
  return mergeHistograms(order.map((i) => ({ durations: [durations[i]], calls: [calls[i]] })));
}

/**
 * Call analytics in SQL (ADR 0043, 0048, 0057, 0058). Without a channel, direction or words, every
 * figure is a sum of the tenant's rows of `call_stats_hours` (calls per UTC hour and agent, kept
 * with the calls) over the whole hours the window and each period hold, and of slices of calls
 * where they cut an hour (`byHours`: three reads where the database computes the percentiles,
 * one per period and agent where this process does). Otherwise every count, sum and histogram is an
 * aggregate the database computes over the rows the list's conditions keep (the text search through the
 * dialect's `callSearch.matches`, percentiles through `percentileCont`), each read one pass over
 * the window's calls in an index that covers it, none sorting calls:
 * - per agent and status, a histogram of durations (`GROUP BY agent_id, status,
 *   duration_seconds`, in the order of migration 0017's index): the agents' counts by status,
 *   durations and percentiles, and the window's percentiles, follow from it exactly (ADR 0057);
 * - per period, the periods are a VALUES list, sorted, of [start, end) clipped to the window,
 *   joined on started_at (each period reads its own range of the index); as the periods come in
 *   order, the groups do too. The counts by channel, direction and status are, where the database
 *   reads ranges well (`periodCounts: 'combination-ranges'`), a count and a sum per (period,
 *   channel × direction × status) range of an index led by those columns, the percentiles a pass
 *   of their own; otherwise `FILTER`ed counts in the same pass as the percentiles.
 * The window's count and seconds are the periods' sums (the clipped periods partition the
 * window). The reads go out at once through `SqlReads` (reader threads on a SQLite file, the
 * pool on PostgreSQL; ADR 0051), the per-period percentiles in three runs.
 */
export class SqlCallStatsStore implements CallStatsStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly capabilities: Pick<SqlCapabilities, 'callSearch' | 'percentileCont' | 'orderedRead' | 'periodCounts' | 'durationPercentiles'>,
    /** Where the aggregate reads run: worker threads on a SQLite file, the pool on PostgreSQL. */
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
    const last = periods.length - 1;
    const clipped = periods.map((p, i) => ({
      period: i,
      start: i === 0 && filter.from !== undefined && filter.from > p.start ? filter.from : p.start,
      end: i === last && filter.to !== undefined && filter.to < p.end ? filter.to : p.end,
    }));
    // Without a channel, direction or words, every figure is a sum of the tenant's calls per hour
    // and agent, with slices of calls where a period or the window cuts an hour (ADR 0058).
    if (filter.channel === undefined && filter.direction === undefined && filter.terms.length === 0) return this.byHours(tenantId, clipped);
    const histogramsFrom = await this.histogramSource(tenantId, filter);
    // Independent reads, at once: on PostgreSQL each takes a connection of the pool, on a SQLite
    // file each goes to a reader thread (ADR 0051), the longest first (the histograms', then the
    // counts', then the runs of periods); in memory, SQLite's one connection runs them in turn.
    // A text condition keeps the filtered counts (its match is a condition of the pass, not a
    // range), and so do short periods (a seek per range would cost more than it saves).
    const span = Date.parse(clipped[last].end) - Date.parse(clipped[0].start);
    const byRanges = this.capabilities.periodCounts === 'combination-ranges' && filter.terms.length === 0 && span / clipped.length >= RANGE_PERIOD_MS;
    // Each read's rows are folded as they arrive (the histograms read into arrays and merged while
    // the periods' reads still run), not once all are in.
    const [{ agents, total }, byPeriod] = await Promise.all([
      this.histograms(tenantId, filter, histogramsFrom).then((rows) => {
        const byAgent = agentsOf(rows);
        return { agents: byAgent.map(({ aggregate }) => aggregate), total: histogramPercentiles(mergeHistograms(byAgent.map((a) => a.histogram))) };
      }),
      byRanges ? this.periodsByRanges(tenantId, filter, clipped) : this.periodsFiltered(tenantId, filter, clipped),
    ]);
    return {
      periods: byPeriod,
      total: { calls: byPeriod.reduce((n, p) => n + p.calls, 0), total_seconds: byPeriod.reduce((n, p) => n + p.total_seconds, 0), ...total },
      agents,
    };
  }

  /**
   * Every figure from `call_stats_hours` (migration 0018, ADR 0058): sums of the tenant's rows per
   * hour and agent over the whole hours a range holds, and of slices of calls where it holds part
   * of an hour (the window's ends; every period's bounds in a zone whose offset is not whole hours,
   * Asia/Kolkata's half hours). Where the statement computes the percentiles
   * (`durationPercentiles`: SQLite's reader threads), three reads at once: per period, per agent
   * over the window, and the window's. Otherwise one read per period and agent, whose lists of
   * durations this process reads once into every figure (`crossPercentiles`): a year's durations
   * cross the connection once, in lists of one period each, not twice and the window's in one
   * text (a single agent's year was one 470 KB string a request, which the collector keeps in its
   * old generation).
   */
  private async byHours(tenantId: string, clipped: readonly ClippedPeriod[]): Promise<CallAggregates> {
    if (this.capabilities.durationPercentiles === null) return this.byHoursHere(tenantId, clipped);
    const window: ClippedPeriod = { period: 0, start: clipped[0].start, end: clipped[clipped.length - 1].end };
    const [periods, agents, [total]] = await Promise.all([
      this.hourRows(tenantId, clipped, ['period']),
      this.hourRows(tenantId, [window], ['agent']),
      this.hourRows(tenantId, [window], []),
    ]);
    const percentilesOf = (r: HourFiguresRow): Pick<DurationAggregate, 'p50' | 'p90'> => {
      const [p50, p90] = r.percentiles == null ? [null, null] : r.percentiles.split(',').map(Number);
      return { p50, p90 };
    };
    const byPeriod = periods.map((r): PeriodAggregate => ({ period: Number(r.period_key), ...countsOfHours([r]), ...percentilesOf(r) }));
    return {
      periods: byPeriod,
      total: { ...sumsOf(byPeriod), ...(total === undefined ? { p50: null, p90: null } : percentilesOf(total)) },
      agents: agents.map((r) => agentOf(String(r.agent_key), countsOfHours([r]), percentilesOf(r))),
    };
  }

  /** `byHours` where this process finds the percentiles: one read per period and agent. */
  private async byHoursHere(tenantId: string, clipped: readonly ClippedPeriod[]): Promise<CallAggregates> {
    const rows = (await this.hourRows(tenantId, clipped, ['period', 'agent'])).sort((a, b) => Number(a.period_key) - Number(b.period_key));
    const agentKeys = new Map<string, number>();
    const agentOfRow = rows.map((r) => {
      const key = String(r.agent_key);
      let agent = agentKeys.get(key);
      if (agent === undefined) agentKeys.set(key, (agent = agentKeys.size));
      return agent;
    });
    // Each period's rows are consecutive: a run ends where the next row's period differs.
    const runEnds: number[] = [];
    for (let i = 0; i < rows.length; i++) if (i === rows.length - 1 || Number(rows[i + 1].period_key) !== Number(rows[i].period_key)) runEnds.push(i + 1);
    const durations = crossPercentiles(rows.map((r) => r.durations ?? ''), runEnds, agentOfRow, agentKeys.size);
    const byPeriod = runEnds.map((end, run): PeriodAggregate => {
      const own = rows.slice(run === 0 ? 0 : runEnds[run - 1], end);
      const [p50, p90] = durations.runs[run];
      return { period: Number(own[0].period_key), ...countsOfHours(own), p50, p90 };
    });
    const byAgent = [...agentKeys].map((): HourCounts => ({ ...emptyCounts(), total_seconds: 0 }));
    rows.forEach((r, i) => addHourCounts(byAgent[agentOfRow[i]], r));
    const [p50, p90] = durations.all;
    return {
      periods: byPeriod,
      total: { ...sumsOf(byPeriod), p50, p90 },
      agents: [...agentKeys].map(([key, agent]) => {
        const [a50, a90] = durations.groups[agent];
        return agentOf(key, byAgent[agent], { p50: a50, p90: a90 });
      }),
    };
  }

  /**
   * The calls of `ranges` (each [start, end) with its period number) summed by `by`'s keys (none:
   * the window, as one group). The whole hours of a range are rows of `call_stats_hours`, a range
   * of its key each; what it holds of an hour it does not hold whole is read from the calls, the
   * same figures per slice. Each group has its durations' list, or, where the statement computes
   * them (`durationPercentiles`), their percentiles.
   */
  private async hourRows(tenantId: string, ranges: readonly ClippedPeriod[], by: readonly HourKey[]): Promise<HourFiguresRow[]> {
    const hours: { period: number; from: string; to: string }[] = [];
    const slices: ClippedPeriod[] = [];
    for (const p of ranges) {
      const start = Date.parse(p.start);
      const end = Date.parse(p.end);
      const wholeFrom = Math.ceil(start / HOUR_MS) * HOUR_MS;
      const wholeTo = Math.floor(end / HOUR_MS) * HOUR_MS;
      if (wholeFrom >= wholeTo) {
        slices.push(p);
        continue;
      }
      hours.push({ period: p.period, from: hourOf(new Date(wholeFrom).toISOString()), to: hourOf(new Date(wholeTo).toISOString()) });
      if (start < wholeFrom) slices.push({ period: p.period, start: p.start, end: new Date(wholeFrom).toISOString() });
      if (wholeTo < end) slices.push({ period: p.period, start: new Date(wholeTo).toISOString(), end: p.end });
    }
    const columns = ['calls', 'total_seconds', ...HOUR_COUNT_COLUMNS.map((c) => c.name)];
    const sums = (table: string) => sql.join(columns.map((c) => sql`sum(${sql.ref(`${table}.${c}`)}) AS ${sql.ref(c)}`));
    // The window is one group: a constant period key.
    const keys: HourKey[] | ['window'] = by.length === 0 ? ['window'] : [...by];
    const keyOf = (key: HourKey | 'window', agent: RawBuilder<unknown>) => (key === 'period' ? sql`periods.period` : key === 'agent' ? agent : sql`0`);
    const keyName = (key: HourKey | 'window') => sql.ref(key === 'agent' ? 'agent_key' : 'period_key');
    const hourKeys = sql.join(keys.map((k) => sql`${keyOf(k, sql`h.agent_key`)} AS ${keyName(k)}`));
    const sliceKeys = keys.map((k) => keyOf(k, sql`coalesce(calls.agent_id, '')`));
    const parts: RawBuilder<unknown>[] = [];
    if (hours.length > 0) {
      const listed = sql.join(hours.map((h) => sql`(${sql.lit(h.period)}, CAST(${h.from} AS TEXT), CAST(${h.to} AS TEXT))`));
      parts.push(sql`
        SELECT * FROM (
          WITH periods (period, hour_from, hour_to) AS (SELECT * FROM (VALUES ${listed}) AS listed ORDER BY 1)
          SELECT ${hourKeys}, ${sql.join(columns.map((c) => sql.ref(`h.${c}`)))}, h.durations
          FROM periods CROSS JOIN call_stats_hours AS h
          WHERE h.tenant_id = ${tenantId} AND h.hour >= periods.hour_from AND h.hour < periods.hour_to
        ) AS whole_hours`);
    }
    if (slices.length > 0) {
      parts.push(sql`
        SELECT * FROM (
          WITH ${this.periodsTable(slices)}
          SELECT ${sql.join(keys.map((k, i) => sql`${sliceKeys[i]} AS ${keyName(k)}`))}, ${callFigures()}
          FROM periods CROSS JOIN calls
          WHERE calls.tenant_id = ${tenantId} AND calls.started_at >= periods.period_start AND calls.started_at < periods.period_end
          ${by.length === 0 ? sql`` : sql`GROUP BY ${sql.join(sliceKeys)}`}
        ) AS slices`);
    }
    const list = sql<string | null>`string_agg(parts.durations, ',')`;
    const percentiles = this.capabilities.durationPercentiles;
    const grouped = sql.join(keys.map((k) => sql`parts.${keyName(k)}`));
    return this.reads.all(sql<HourFiguresRow>`
      SELECT ${grouped}, ${sums('parts')}, ${percentiles === null ? sql`${list} AS durations` : sql`${percentiles(list)} AS percentiles`}
      FROM (${sql.join(parts, sql` UNION ALL `)}) AS parts
      GROUP BY ${grouped}`.compile(this.db));
  }

  /**
   * Each agent's durations by status, as histograms (ADR 0057). Where the window holds every call
   * of the tenant (`whole`), it leaves the window's bounds out (two comparisons per call: for the
   * benchmark's year SQLite 15.6 → 13.5 ms of CPU, PostgreSQL 27.8 → 23.3 of server time) and reads the
   * tenant's first and last call in the same statement, so the same snapshot: if a call written
   * since lies outside the window, it reads again within it.
   */
  private async histograms(tenantId: string, filter: CallFilter, source: HistogramSource): Promise<HistogramRow[]> {
    if (source.whole) {
      const rows = await this.histogramRows(this.where(tenantId, { ...filter, from: undefined, to: undefined }), source.from, tenantId);
      const inside = (at: string | null | undefined) => at == null || ((filter.from === undefined || Date.parse(at) >= Date.parse(filter.from)) && (filter.to === undefined || Date.parse(at) < Date.parse(filter.to)));
      if (rows.every((r) => inside(r.first) && inside(r.last))) return rows;
    }
    return this.histogramRows(this.where(tenantId, filter), source.from, null);
  }

  /**
   * `GROUP BY agent_id, status, duration_seconds` in the order of migration 0017's index
   * (tenant_id, agent_id, status, duration_seconds, …), so neither database sorts the window's
   * calls where it reads that index; each group is one row per distinct duration, concatenated
   * (`string_agg`) per agent and status. Calls without an agent are the null agent's. With
   * `ends`, the tenant's first and last call too (a seek each).
   */
  private histogramRows(where: Expression<SqlBool>, from: RawBuilder<unknown>, ends: string | null): Promise<HistogramRow[]> {
    const end = (fn: 'min' | 'max') => sql`(SELECT ${sql.raw(fn)}(ends.started_at) FROM calls AS ends WHERE ends.tenant_id = ${ends})`;
    return this.reads.all(sql<HistogramRow>`
      SELECT h.agent_id, h.status, string_agg(h.duration_seconds || ',' || h.calls, ',') AS histogram
        ${ends === null ? sql`` : sql`, ${end('min')} AS first, ${end('max')} AS last`}
      FROM (
        SELECT calls.agent_id, calls.status, calls.duration_seconds, count(*) AS calls ${from} WHERE ${where}
        GROUP BY calls.agent_id, calls.status, calls.duration_seconds
        ORDER BY calls.agent_id, calls.status, calls.duration_seconds
      ) AS h
      GROUP BY h.agent_id, h.status`.compile(this.db));
  }

  /**
   * Per period, the counts and the percentiles by reads of their own (`combination-ranges`, ADR
   * 0057): the counts as ranges of migration 0017's (tenant_id, channel, direction, status,
   * started_at, …) index, one per (period, combination the filter allows), read in the order of
   * a sorted list of them, so their `GROUP BY` streams; the percentiles in runs of periods.
   */
  private async periodsByRanges(tenantId: string, filter: CallFilter, clipped: readonly ClippedPeriod[]): Promise<PeriodAggregate[]> {
    const combinations = CHANNELS.filter((c) => filter.channel === undefined || c === filter.channel).flatMap((channel) =>
      DIRECTIONS.filter((d) => filter.direction === undefined || d === filter.direction).flatMap((direction) => CALL_STATUSES.map((status) => ({ channel, direction, status }))),
    );
    // The window is in the periods' bounds: the conditions here are the filter's others.
    const others = this.where(tenantId, { ...filter, from: undefined, to: undefined });
    const listed = combinations.map((c, i) => sql`(${sql.lit(i)}, ${sql.lit(c.channel)}, ${sql.lit(c.direction)}, ${sql.lit(c.status)})`);
    const ranges = this.reads.all(sql<RangeRow>`
      WITH ${this.periodsTable(clipped)},
      combinations (combination, channel, direction, status) AS (SELECT * FROM (VALUES ${sql.join(listed)}) AS listed),
      ranges AS (
        SELECT periods.period * ${sql.lit(combinations.length)} + combinations.combination AS range_key, periods.period_start, periods.period_end,
          combinations.channel, combinations.direction, combinations.status
        FROM periods CROSS JOIN combinations ORDER BY 1
      )
      SELECT ranges.range_key AS range, count(*) AS calls, sum(calls.duration_seconds) AS total_seconds
      FROM ranges CROSS JOIN calls
      WHERE calls.channel = ranges.channel AND calls.direction = ranges.direction AND calls.status = ranges.status
        AND calls.started_at >= ranges.period_start AND calls.started_at < ranges.period_end AND ${others}
      GROUP BY ranges.range_key`.compile(this.db));
    const percentiles = this.inRuns(clipped, (run) =>
      this.reads.all(sql<PercentileRow>`
        WITH ${this.periodsTable(run)}
        SELECT periods.period,
          ${this.capabilities.percentileCont('calls.duration_seconds', 0.5)} AS p50,
          ${this.capabilities.percentileCont('calls.duration_seconds', 0.9)} AS p90
        FROM periods CROSS JOIN calls
        WHERE calls.started_at >= periods.period_start AND calls.started_at < periods.period_end AND ${others}
        GROUP BY periods.period`.compile(this.db)),
    );
    const byPeriod = new Map<number, PeriodAggregate>();
    for (const r of await ranges) {
      const key = Number(r.range);
      const period = Math.floor(key / combinations.length);
      const { channel, direction, status } = combinations[key % combinations.length];
      let p = byPeriod.get(period);
      if (p === undefined) byPeriod.set(period, (p = { period, ...emptyCounts(), total_seconds: 0, p50: null, p90: null }));
      const calls = Number(r.calls);
      p.calls += calls;
      p.total_seconds += Number(r.total_seconds ?? 0);
      p.by_channel[channel] += calls;
      p.by_direction[direction] += calls;
      p.by_status[status] += calls;
    }
    for (const r of await percentiles) {
      const p = byPeriod.get(Number(r.period));
      if (p === undefined) continue; // written meanwhile: not in the counts' read
      p.p50 = r.p50 == null ? null : Number(r.p50);
      p.p90 = r.p90 == null ? null : Number(r.p90);
    }
    return [...byPeriod.values()];
  }

  /** Per period, everything a period shows in one pass: `FILTER`ed counts with the percentiles, in runs of periods. */
  private async periodsFiltered(tenantId: string, filter: CallFilter, clipped: readonly ClippedPeriod[]): Promise<PeriodAggregate[]> {
    const others = this.where(tenantId, { ...filter, from: undefined, to: undefined });
    const rows = await this.inRuns(clipped, (run) =>
      this.reads.all(sql<PeriodRow>`
        WITH ${this.periodsTable(run)}
        SELECT periods.period, count(*) AS calls, sum(calls.duration_seconds) AS total_seconds,
          ${this.capabilities.percentileCont('calls.duration_seconds', 0.5)} AS p50,
          ${this.capabilities.percentileCont('calls.duration_seconds', 0.9)} AS p90,
          ${countsBy('channel', CHANNELS)}, ${countsBy('direction', DIRECTIONS)}, ${countsBy('status', CALL_STATUSES)}
        FROM periods CROSS JOIN calls
        WHERE calls.started_at >= periods.period_start AND calls.started_at < periods.period_end AND ${others}
        GROUP BY periods.period`.compile(this.db)),
    );
    return rows.map(
      (r): PeriodAggregate => ({
        period: Number(r.period),
        ...durationOf(r),
        by_channel: countsOf(r, 'channel', CHANNELS),
        by_direction: countsOf(r, 'direction', DIRECTIONS),
        by_status: countsOf(r, 'status', CALL_STATUSES),
      }),
    );
  }

  /**
   * The periods as a sorted CTE that drives the join in their order (SQLite keeps that order
   * through the join, so `GROUP BY period` needs no sort; CROSS JOIN keeps SQLite from putting
   * calls first), each reading its range of the started_at index.
   */
  private periodsTable(clipped: readonly ClippedPeriod[]): RawBuilder<unknown> {
    const listed = sql.join(clipped.map((p) => sql`(${sql.lit(p.period)}, CAST(${p.start} AS TEXT), CAST(${p.end} AS TEXT))`));
    return sql`periods (period, period_start, period_end) AS (SELECT * FROM (VALUES ${listed}) AS listed ORDER BY 1)`;
  }

  /**
   * Where reads run at once, consecutive runs of periods are read by statements of their own,
   * so that the longest read of a request is a third of this one, not all of it (ADR 0051).
   */
  private async inRuns<R>(clipped: readonly ClippedPeriod[], read: (run: readonly ClippedPeriod[]) => Promise<R[]>): Promise<R[]> {
    const runs = this.reads.concurrent ? PERIOD_RUNS : 1;
    const size = Math.ceil(clipped.length / runs);
    const chunks = Array.from({ length: Math.ceil(clipped.length / size) }, (_, i) => clipped.slice(i * size, (i + 1) * size));
    return (await Promise.all(chunks.map(read))).flat();
  }

  /**
   * Where the histograms' read takes `calls` from. Where the database weighs an index's order
   * against a sort itself (PostgreSQL, `order-by`), the read's `ORDER BY` lets its planner
   * choose migration 0017's index (a year) or the window's range and a sort (a month). Where it
   * cannot (SQLite, `hint`), the index is named (`INDEXED BY`) when the window spans at least
   * half of the time between the tenant's first and last call and no text condition applies:
   * reading the tenant's whole index in that order then costs at most about twice the window's
   * entries (a skipped one ~35 ns, ADR 0051), against a sort of the kept ones' groups saved
   * (SQLite's sorter: the year of voice inbound calls 25.3 → 9.5 ms, 6 months of sms inbound
   * 6.5 → 7.4, the worst case the rule lets through); otherwise the window's range of the
   * started_at index, grouped through a sort. A text condition is matched per call either way,
   * and through the full-text index the started_at range is what it narrows. On either database,
   * without words, `whole` says whether the window held every call of the tenant (two seeks).
   */
  private async histogramSource(tenantId: string, filter: CallFilter): Promise<HistogramSource> {
    const plain = { from: sql`FROM calls`, whole: false };
    if (filter.terms.length > 0) return plain;
    const span = await this.span(tenantId, { terms: [] });
    if (span === null) return plain;
    const first = Date.parse(span.first);
    const last = Date.parse(span.last);
    const whole = (filter.from === undefined || Date.parse(filter.from) <= first) && (filter.to === undefined || last < Date.parse(filter.to));
    const read = this.capabilities.orderedRead;
    if (read.kind === 'order-by') return { from: plain.from, whole };
    const from = Math.max(first, filter.from === undefined ? first : Date.parse(filter.from));
    const to = Math.min(last, filter.to === undefined ? last : Date.parse(filter.to));
    if (2 * (to - from) < last - first) return plain;
    return { from: sql`FROM calls ${read.indexedBy(HISTOGRAM_INDEX)}`, whole };
  }

  private where(tenantId: string, filter: CallFilter): Expression<SqlBool> {
    const base = listConditions(tenantId, filter, null);
    if (filter.terms.length === 0) return base;
    const text: RawBuilder<SqlBool> | Expression<SqlBool> = this.capabilities.callSearch.matches(filter.terms);
    return sql<SqlBool>`(${base} AND ${text})`;
  }
}

/** Each agent's figures from its histograms by status: counts by status, and durations from their merge. */
function agentsOf(rows: readonly HistogramRow[]): { histogram: DurationHistogram; aggregate: AgentAggregate }[] {
  const byAgent = new Map<string | null, HistogramRow[]>();
  for (const r of rows) {
    const own = byAgent.get(r.agent_id);
    if (own === undefined) byAgent.set(r.agent_id, [r]);
    else own.push(r);
  }
  return [...byAgent].map(([agent_id, own]) => {
    const by_status = emptyByStatus();
    const histograms = own.map((r) => {
      const histogram = parseHistogram(r.histogram);
      by_status[r.status] += histogramCalls(histogram);
      return histogram;
    });
    const histogram = mergeHistograms(histograms);
    return { histogram, aggregate: { agent_id, by_status, ...histogramDurations(histogram) } };
  });
}

/** Adds a group of `hourRows` to counts and seconds. */
function addHourCounts(f: HourCounts, r: HourFiguresRow): void {
  f.calls += Number(r.calls);
  f.total_seconds += Number(r.total_seconds ?? 0);
  for (const c of HOUR_COUNT_COLUMNS) {
    const n = Number(r[c.name] ?? 0);
    if (c.column === 'channel') f.by_channel[c.value] += n;
    else if (c.column === 'direction') f.by_direction[c.value] += n;
    else f.by_status[c.value] += n;
  }
}

/** The counts and seconds of some groups of `hourRows`, summed. */
function countsOfHours(rows: readonly HourFiguresRow[]): HourCounts {
  const f: HourCounts = { ...emptyCounts(), total_seconds: 0 };
  for (const r of rows) addHourCounts(f, r);
  return f;
}

/** The window's count and seconds: its periods' sums (the clipped periods partition it). */
const sumsOf = (periods: readonly PeriodAggregate[]) => ({ calls: periods.reduce((n, p) => n + p.calls, 0), total_seconds: periods.reduce((n, p) => n + p.total_seconds, 0) });

/** An agent's figures from its `agent_key` ('' for calls without an agent), counts and percentiles. */
const agentOf = (key: string, counts: HourCounts, percentiles: Pick<DurationAggregate, 'p50' | 'p90'>): AgentAggregate => ({
  agent_id: key === '' ? null : key,
  calls: counts.calls,
  total_seconds: counts.total_seconds,
  by_status: counts.by_status,
  ...percentiles,
});
