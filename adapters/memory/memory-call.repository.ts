import {
  compareCalls,
  toSummary,
  transcriptText,
  type CallDetail,
  type CallFilter,
  type CallPosition,
  type CallRecord,
  type CallSummary,
} from '../../core/calls/call.model.js';
import { aggregateDurations, emptyByStatus, emptyCounts, type CallAggregates, type PeriodRange } from '../../core/calls/call-stats.model.js';
import type { CallSelector, ErasureRecord } from '../../core/calls/erasure.model.js';
import type { CallErasureStore, CallRepository, CallStatsStore, ErasureOutcome } from '../../core/calls/ports.js';
import { matchesAll, searchTokens } from '../../core/shared/search-query.js';
import type { OutboxEvent } from '../../core/events/event.model.js';
import { conflict } from '../../core/shared/errors.js';
import { MemoryEventOutbox } from './memory-webhook.stores.js';

interface Stored {
  json: string;
  position: CallPosition;
  channel: string;
  direction: string;
  tokens: Set<string>;
  sortedTokens: string[];
}

/**
 * In-memory fake; passes the same contract suite as the SQL repository, search included
 * (its folding follows the index's: case and accents ignored, words split on non-letters).
 */
export class MemoryCallRepository implements CallRepository, CallErasureStore, CallStatsStore {
  private readonly tenants = new Map<string, Map<string, Stored>>();
  private readonly erasures: ErasureRecord[] = [];

  constructor(private readonly outbox = new MemoryEventOutbox()) {}

  async insert(call: CallRecord, events?: readonly OutboxEvent[]): Promise<void> {
    if (this.calls(call.tenant_id).has(call.call_id)) throw conflict(`Call ${call.call_id} already exists in tenant ${call.tenant_id}.`);
    this.store(call);
    this.outbox.add(events);
  }

  async insertMany(calls: CallRecord[]): Promise<number[]> {
    const skipped: number[] = [];
    const seen = new Set<string>();
    calls.forEach((call, i) => {
      const key = `${call.tenant_id}\u0000${call.call_id}`;
      if (seen.has(key) || this.calls(call.tenant_id).has(call.call_id)) skipped.push(i);
      seen.add(key);
    });
    const skip = new Set(skipped);
    // All or none, like a transaction: prepare every entry before storing any.
    const entries = calls.filter((_, i) => !skip.has(i)).map((call) => [call.tenant_id, this.entry(call)] as const);
    for (const [tenantId, entry] of entries) this.calls(tenantId).set(entry.position.call_id, entry);
    return skipped;
  }

  async tenantsWithCallsBefore(before: string): Promise<string[]> {
    return [...this.tenants.entries()]
      .filter(([, calls]) => [...calls.values()].some((c) => c.position.started_at < before))
      .map(([tenantId]) => tenantId)
      .sort();
  }

  async purgeStartedBefore(tenantId: string, before: string, limit: number): Promise<number> {
    const calls = this.tenants.get(tenantId);
    if (!calls) return 0;
    const doomed = [...calls.values()]
      .map((c) => c.position)
      .filter((p) => p.started_at < before)
      .sort((a, b) => (a.started_at === b.started_at ? (a.call_id < b.call_id ? -1 : 1) : a.started_at < b.started_at ? -1 : 1))
      .slice(0, limit);
    for (const p of doomed) calls.delete(p.call_id);
    return doomed.length;
  }

  async erase(tenantId: string, selector: CallSelector, outcome: ErasureOutcome): Promise<ErasureRecord> {
    const calls = this.calls(tenantId);
    const named = 'caller_number' in selector ? null : new Set(selector.call_ids);
    const doomed = [...calls.values()].filter((s) => (named ? named.has(s.position.call_id) : detailOf(s).caller === (selector as { caller_number: string }).caller_number));
    for (const s of doomed) calls.delete(s.position.call_id);
    const ids = new Set(doomed.map((s) => s.position.call_id));
    this.outbox.forget((e) => e.type === 'call.created' && e.owner_id === tenantId && ids.has((JSON.parse(e.payload) as { data: { call: { call_id: string } } }).data.call.call_id));
    const { record, events } = outcome(doomed.length);
    this.erasures.push({ ...record });
    this.outbox.add(events);
    return record;
  }

  async records(tenantId: string, limit: number): Promise<ErasureRecord[]> {
    return this.erasures
      .filter((r) => r.tenant_id === tenantId)
      .sort((a, b) => (a.requested_at === b.requested_at ? (a.erasure_id < b.erasure_id ? 1 : -1) : a.requested_at < b.requested_at ? 1 : -1))
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }

  async find(tenantId: string, callId: string): Promise<CallDetail | null> {
    const stored = this.tenants.get(tenantId)?.get(callId);
    return stored ? detailOf(stored) : null;
  }

  async list(tenantId: string, filter: CallFilter, after: CallPosition | null, limit: number): Promise<CallSummary[]> {
    const rows = this.matching(tenantId, filter).filter((s) => after === null || compareCalls(s.position, after) > 0);
    rows.sort((a, b) => compareCalls(a.position, b.position));
    return rows.slice(0, limit).map((s) => toSummary(detailOf(s)));
  }

  async span(tenantId: string, filter: CallFilter): Promise<{ first: string; last: string } | null> {
    const starts = this.matching(tenantId, filter).map((s) => s.position.started_at).sort();
    return starts.length === 0 ? null : { first: starts[0], last: starts[starts.length - 1] };
  }

  /** By definition: the calls grouped in memory, percentiles by `percentileCont`. */
  async aggregate(tenantId: string, filter: CallFilter, periods: readonly PeriodRange[]): Promise<CallAggregates> {
    const calls = this.matching(tenantId, filter).map(detailOf);
    const periodOf = (c: CallSummary) => periods.findIndex((p) => p.start <= c.started_at && c.started_at < p.end);
    const byPeriod = new Map<number, CallSummary[]>();
    const byAgent = new Map<string | null, CallSummary[]>();
    for (const c of calls) {
      const period = periodOf(c);
      byAgent.set(c.agent_id, byAgent.get(c.agent_id) ?? []).get(c.agent_id)!.push(c);
      if (period >= 0) byPeriod.set(period, byPeriod.get(period) ?? []).get(period)!.push(c);
    }
    return {
      periods: [...byPeriod].map(([period, own]) => {
        const counts = emptyCounts();
        for (const c of own) {
          counts.by_channel[c.channel] += 1;
          counts.by_direction[c.direction] += 1;
          counts.by_status[c.status] += 1;
        }
        return { period, ...counts, ...aggregateDurations(own.map((c) => c.duration_seconds)) };
      }),
      total: aggregateDurations(calls.map((c) => c.duration_seconds)),
      agents: [...byAgent].map(([agent_id, own]) => {
        const by_status = emptyByStatus();
        for (const c of own) by_status[c.status] += 1;
        return { agent_id, by_status, ...aggregateDurations(own.map((c) => c.duration_seconds)) };
      }),
    };
  }

  /** The tenant's calls the filter keeps, in no order. */
  private matching(tenantId: string, filter: CallFilter): Stored[] {
    return [...(this.tenants.get(tenantId)?.values() ?? [])].filter((s) => {
      const p = s.position;
      return (
        (filter.channel === undefined || s.channel === filter.channel) &&
        (filter.direction === undefined || s.direction === filter.direction) &&
        (filter.from === undefined || p.started_at >= filter.from) &&
        (filter.to === undefined || p.started_at < filter.to) &&
        matchesAll(s.tokens, s.sortedTokens, filter.terms)
      );
    });
  }

  async compact(): Promise<void> {
    // Nothing to reorganise in memory.
  }

  private calls(tenantId: string): Map<string, Stored> {
    let map = this.tenants.get(tenantId);
    if (!map) this.tenants.set(tenantId, (map = new Map()));
    return map;
  }

  private store(call: CallRecord): void {
    this.calls(call.tenant_id).set(call.call_id, this.entry(call));
  }

  private entry(call: CallRecord): Stored {
    const { tenant_id: _tenant, ...detail } = call;
    const tokens = new Set([...searchTokens(transcriptText(call.transcript)), ...searchTokens(call.summary ?? '')]);
    // Stored serialised, as a database would: a caller mutating its object later changes nothing.
    return {
      json: JSON.stringify(detail),
      position: { started_at: call.started_at, call_id: call.call_id },
      channel: call.channel,
      direction: call.direction,
      tokens,
      sortedTokens: [...tokens].sort(),
    };
  }
}

const detailOf = (s: Stored): CallDetail => JSON.parse(s.json);
