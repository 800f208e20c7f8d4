import type { Generated } from 'kysely';

/** The calls table (migration 0002), as Kysely sees it; each dialect adds its text index. */
export interface CallsTables {
  calls: CallsTable;
  call_stats_hours: CallStatsHoursTable;
}

export interface CallsTable {
  /** Row number: the key the text index refers to. */
  seq: Generated<number>;
  tenant_id: string;
  call_id: string;
  agent_id: string | null;
  channel: string;
  direction: string;
  status: string;
  caller: string;
  /** Normalised ISO instant (`…T…​.mmmZ`): sorts as text in time order. */
  started_at: string;
  ended_at: string;
  duration_seconds: number;
  summary: string | null;
  transcript_json: string;
  metadata_json: string;
}

/** The list item's columns, as every call query selects them. */
export const CALL_SUMMARY_COLUMNS = [
  'call_id',
  'agent_id',
  'channel',
  'direction',
  'status',
  'caller',
  'started_at',
  'ended_at',
  'duration_seconds',
  'summary',
] as const;
export type CallSummaryRow = Pick<CallsTable, (typeof CALL_SUMMARY_COLUMNS)[number]>;

/**
 * Each tenant's calls per UTC hour and agent (migration 0018, ADR 0058): counts by channel,
 * direction and status, seconds, and every call's duration, kept in the transactions that insert
 * and delete calls. `hour` is the first 13 characters of the calls' started_at (`2026-11-03T10`).
 */
export interface CallStatsHoursTable {
  tenant_id: string;
  hour: string;
  /** The calls' agent_id; '' for calls without an agent (an agent_id is never empty). */
  agent_key: string;
  calls: number;
  total_seconds: number;
  channel_voice: number;
  channel_chat: number;
  channel_whatsapp: number;
  channel_sms: number;
  channel_email: number;
  direction_inbound: number;
  direction_outbound: number;
  status_completed: number;
  status_missed: number;
  status_failed: number;
  status_transferred: number;
  /** The hour's calls' duration_seconds, comma-separated, in no particular order. */
  durations: string;
}
