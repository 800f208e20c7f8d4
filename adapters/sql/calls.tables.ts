import type { Generated } from 'kysely';

/** The calls table (migration 0002), as Kysely sees it; each dialect adds its text index. */
export interface CallsTables {
  calls: CallsTable;
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
