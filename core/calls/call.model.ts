import type { SearchTerm } from '../shared/search-query.js';

/** Calls as the telephony and messaging side records them (CONTRACT section 3). */
export const CHANNELS = ['voice', 'chat', 'whatsapp', 'sms', 'email'] as const;
export const DIRECTIONS = ['inbound', 'outbound'] as const;
export const CALL_STATUSES = ['completed', 'missed', 'failed', 'transferred'] as const;
export const SPEAKERS = ['agent', 'customer', 'human_agent', 'system'] as const;

export type Channel = (typeof CHANNELS)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type CallStatus = (typeof CALL_STATUSES)[number];
export type Speaker = (typeof SPEAKERS)[number];

export interface TranscriptTurn {
  speaker: Speaker;
  text: string;
  offset_ms: number;
}

/** The list item. */
export interface CallSummary {
  call_id: string;
  agent_id: string | null;
  channel: Channel;
  direction: Direction;
  status: CallStatus;
  caller: string;
  started_at: string;
  ended_at: string;
  duration_seconds: number;
  summary: string | null;
}

/** The detail view: the item plus transcript and free metadata. */
export interface CallDetail extends CallSummary {
  transcript: TranscriptTurn[];
  metadata: Record<string, unknown>;
}

/** What a repository stores: a detail view owned by a tenant. */
export interface CallRecord extends CallDetail {
  tenant_id: string;
}

/** Where a page ends: the last item's sort key (started_at desc, call_id desc). */
export interface CallPosition {
  started_at: string;
  call_id: string;
}

export interface CallFilter {
  channel?: Channel;
  direction?: Direction;
  /** Inclusive lower bound on started_at (normalised ISO instant). */
  from?: string;
  /** Exclusive upper bound on started_at (normalised ISO instant). */
  to?: string;
  /** Every term must match the transcript or the summary. Empty: no text filter. */
  terms: SearchTerm[];
}

export const CALL_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The sort order of every list: started_at descending, then call_id descending. */
export function compareCalls(a: CallPosition, b: CallPosition): number {
  if (a.started_at !== b.started_at) return a.started_at < b.started_at ? 1 : -1;
  if (a.call_id !== b.call_id) return a.call_id < b.call_id ? 1 : -1;
  return 0;
}

export function toSummary(call: CallDetail): CallSummary {
  return {
    call_id: call.call_id,
    agent_id: call.agent_id,
    channel: call.channel,
    direction: call.direction,
    status: call.status,
    caller: call.caller,
    started_at: call.started_at,
    ended_at: call.ended_at,
    duration_seconds: call.duration_seconds,
    summary: call.summary,
  };
}

/** The text a search reads: the transcript's words (speakers excluded), then the summary. */
export const transcriptText = (transcript: TranscriptTurn[]): string => transcript.map((t) => t.text).join('\n');
