import { authorize, type Principal } from '../../auth/auth.model.js';
import { validationError } from '../../shared/errors.js';
import type { WorkspaceRepository } from '../../workspace/ports.js';
import { WORKSPACE_DEFAULTS } from '../../workspace/workspace.model.js';
import { CALL_STATUSES, CHANNELS, DIRECTIONS, type CallFilter } from '../call.model.js';
import {
  type AgentStats,
  type CallAggregates,
  type CallCounts,
  type CallStats,
  durationFigures,
  emptyByStatus,
  emptyCounts,
  MAX_STATS_PERIODS,
  type StatsPeriod,
} from '../call-stats.model.js';
import type { CallStatsStore } from '../ports.js';
import { type Period, periodsCovering, type StatsBucket } from '../zone-calendar.js';
import { type CallListQuery, callFilterOf } from './call-queries.js';

/** The stats query: the list's filters (no paging) and the period length. */
export interface CallStatsQuery extends Omit<CallListQuery, 'limit' | 'cursor'> {
  bucket: StatsBucket;
}

/**
 * Call analytics in the workspace's time zone (ADR 0043): the periods are the zone's calendar
 * days, ISO weeks or months over the query's window (or, when a bound is absent, from the first
 * to the last matching call); the store computes every count and duration, this only assembles
 * and rounds.
 */
export class CallStatistics {
  constructor(
    private readonly store: CallStatsStore,
    private readonly workspaces: WorkspaceRepository,
  ) {}

  async stats(principal: Principal, tenantId: string, query: CallStatsQuery): Promise<CallStats> {
    authorize(principal, tenantId, 'read');
    const filter = callFilterOf({ ...query, limit: 1 });
    const timezone = (await this.workspaces.find(tenantId))?.timezone ?? WORKSPACE_DEFAULTS.timezone;
    const window = await this.windowOf(tenantId, filter);
    const periods = window ? periodsCovering(timezone, query.bucket, window.from, window.to, MAX_STATS_PERIODS) : [];
    if (periods === null) {
      throw validationError('The query parameters are invalid.', [
        { path: 'bucket', message: `the window holds more than ${MAX_STATS_PERIODS} periods of a ${query.bucket}; narrow from/to or choose a longer bucket` },
      ]);
    }
    // Bounds taken from the data are made explicit, so that calls arriving meanwhile fall
    // either inside the periods or outside the totals too.
    const bounded: CallFilter = periods.length > 0 ? { ...filter, from: filter.from ?? periods[0].start, to: filter.to ?? periods[periods.length - 1].end } : filter;
    const aggregates = periods.length > 0 ? await this.store.aggregate(tenantId, bounded, periods) : null;
    return {
      timezone,
      bucket: query.bucket,
      from: filter.from ?? periods[0]?.start ?? null,
      to: filter.to ?? periods.at(-1)?.end ?? null,
      ...assemble(periods, aggregates),
    };
  }

  private async windowOf(tenantId: string, filter: CallFilter): Promise<{ from: string; to: string } | null> {
    if (filter.from !== undefined && filter.to !== undefined) return { from: filter.from, to: filter.to };
    const span = await this.store.span(tenantId, filter);
    if (!span) return null;
    return { from: filter.from ?? span.first, to: filter.to ?? new Date(Date.parse(span.last) + 1).toISOString() };
  }
}

function assemble(periods: Period[], aggregates: CallAggregates | null): Pick<CallStats, 'totals' | 'periods' | 'agents'> {
  const totals = emptyCounts();
  const rows: StatsPeriod[] = periods.map((p) => ({ ...p, ...emptyCounts(), duration: durationFigures(undefined) }));
  if (!aggregates) return { totals: { ...totals, duration: durationFigures(undefined) }, periods: rows, agents: [] };
  for (const p of aggregates.periods) {
    addCounts(totals, p);
    addCounts(rows[p.period], p);
    rows[p.period].duration = durationFigures(p);
  }
  const agents: AgentStats[] = aggregates.agents
    .filter((a) => a.calls > 0)
    .map((a) => ({ agent_id: a.agent_id, calls: a.calls, by_status: { ...emptyByStatus(), ...a.by_status }, duration: durationFigures(a) }))
    .sort((a, b) => b.calls - a.calls || compareAgentIds(a.agent_id, b.agent_id));
  return { totals: { ...totals, duration: durationFigures(aggregates.total) }, periods: rows, agents };
}

function addCounts(target: CallCounts, counts: CallCounts): void {
  target.calls += counts.calls;
  for (const channel of CHANNELS) target.by_channel[channel] += counts.by_channel[channel];
  for (const direction of DIRECTIONS) target.by_direction[direction] += counts.by_direction[direction];
  for (const status of CALL_STATUSES) target.by_status[status] += counts.by_status[status];
}

/** agent_id ascending (code unit order, as every database's binary collation), null last. */
function compareAgentIds(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
