import type { OutboxEvent } from '../events/event.model.js';
import type { CallDetail, CallFilter, CallPosition, CallRecord, CallSummary } from './call.model.js';
import type { CallAggregates, PeriodRange } from './call-stats.model.js';
import type { CallSelector, ErasureRecord } from './erasure.model.js';

/** The calls of every tenant; each operation is scoped by tenant_id. */
export interface CallRepository {
  /**
   * Stores one call; a call_id the tenant already has is a CONFLICT domain error. `events`
   * enter the outbox in the same transaction (none when the call is refused).
   */
  insert(call: CallRecord, events?: readonly OutboxEvent[]): Promise<void>;
  /**
   * Stores many calls in ONE transaction (all or none). A call whose (tenant_id, call_id)
   * already exists, in the store or earlier in the batch, is skipped; its index is returned.
   */
  insertMany(calls: CallRecord[]): Promise<number[]>;
  find(tenantId: string, callId: string): Promise<CallDetail | null>;
  /**
   * At most `limit` calls of the tenant matching the filter, ordered by started_at
   * descending then call_id descending, strictly after `after` in that order.
   */
  list(tenantId: string, filter: CallFilter, after: CallPosition | null, limit: number): Promise<CallSummary[]>;
  /** Reorganises indexes after a bulk load (a no-op where nothing needs it). */
  compact(): Promise<void>;
  /** Tenants having at least one call started before `before` (an ISO instant). */
  tenantsWithCallsBefore(before: string): Promise<string[]>;
  /**
   * Deletes up to `limit` of the tenant's calls started before `before`, oldest first, with
   * their search index entries, in one transaction; returns how many it deleted. Idempotent and
   * safe to run concurrently (several instances): a call is deleted once, by whichever runs first.
   */
  purgeStartedBefore(tenantId: string, before: string, limit: number): Promise<number>;
}

/** What an erasure writes once it knows how many calls it removed: its record and its events. */
export type ErasureOutcome = (callsErased: number) => { record: ErasureRecord; events: readonly OutboxEvent[] };

/** Erasure of a caller's calls (a data subject's request), with everything derived from them. */
export interface CallErasureStore {
  /**
   * In ONE transaction: deletes the tenant's calls the selector names, with their search index
   * entries and the outbox events that carry their data (`call.created`), then writes the record
   * and events `outcome` builds from the count. Returns the record. Nothing else is touched; no
   * call of another tenant is ever named by a selector.
   */
  erase(tenantId: string, selector: CallSelector, outcome: ErasureOutcome): Promise<ErasureRecord>;
  /** The tenant's erasure records, newest first (at most `limit`). */
  records(tenantId: string, limit: number): Promise<ErasureRecord[]>;
}

/** Aggregates over a tenant's calls, computed where they are stored (issue 27, ADR 0043). */
export interface CallStatsStore {
  /** The earliest and latest started_at of the tenant's calls the filter keeps; null when none. */
  span(tenantId: string, filter: CallFilter): Promise<{ first: string; last: string } | null>;
  /**
   * Counts and durations of the tenant's calls the filter keeps: in total, per agent, and per
   * period (`periods` are consecutive, sorted, and cover the filter's window, from and to
   * included: every call the filter keeps is in one; a call belongs to the period whose
   * [start, end) holds its started_at).
   */
  aggregate(tenantId: string, filter: CallFilter, periods: readonly PeriodRange[]): Promise<CallAggregates>;
}
