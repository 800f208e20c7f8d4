import { type FieldError, validationError } from '../shared/errors.js';
import { findNulCharacter, NUL_MESSAGE } from '../shared/json-walks.js';
import {
  CALL_ID_PATTERN,
  CALL_STATUSES,
  CHANNELS,
  DIRECTIONS,
  SPEAKERS,
  type CallDetail,
  type CallStatus,
  type Channel,
  type Direction,
  type Speaker,
  type TranscriptTurn,
} from './call.model.js';
import { normaliseInstant } from './instant.js';

/**
 * A finished call as the telephony side posts it: the detail view without duration_seconds,
 * in the shape a runtime's schema checked (`NewCallSchema` outputs exactly this). The domain's
 * rules (ended_at after started_at, impossible dates, sizes) are `normaliseNewCall`'s, which
 * checks every field again for a caller that did not go through a schema.
 */
export interface NewCallInput {
  call_id?: string;
  agent_id?: string | null;
  channel: Channel;
  direction: Direction;
  status: CallStatus;
  caller: string;
  started_at: string;
  ended_at: string;
  summary?: string | null;
  transcript?: TranscriptTurn[];
  metadata?: Record<string, unknown>;
}

export const LIMITS = {
  callerLength: 200,
  agentIdLength: 128,
  summaryLength: 20_000,
  transcriptTurns: 5_000,
  turnTextLength: 20_000,
  /** A week, in milliseconds: no call lasts longer. */
  offsetMs: 7 * 24 * 3600 * 1000,
  metadataBytes: 64 * 1024,
} as const;

const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T => typeof v === 'string' && (values as readonly string[]).includes(v);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Checks a new call against the domain's rules and derives duration_seconds (whole seconds,
 * rounded). Every problem is reported at once, each with its field path.
 */
export function normaliseNewCall(input: NewCallInput, generatedId: () => string): CallDetail {
  const errors: FieldError[] = [];
  const bad = (path: string, message: string) => errors.push({ path, message });

  const call_id = input.call_id ?? generatedId();
  if (typeof call_id !== 'string' || !CALL_ID_PATTERN.test(call_id)) bad('call_id', 'must be 1 to 128 letters, digits or ._:-');
  const agent_id = input.agent_id ?? null;
  if (agent_id !== null && (typeof agent_id !== 'string' || agent_id.length === 0 || agent_id.length > LIMITS.agentIdLength)) {
    bad('agent_id', `must be null or 1 to ${LIMITS.agentIdLength} characters`);
  }
  if (!oneOf(CHANNELS, input.channel)) bad('channel', `must be one of ${CHANNELS.join(', ')}`);
  if (!oneOf(DIRECTIONS, input.direction)) bad('direction', `must be one of ${DIRECTIONS.join(', ')}`);
  if (!oneOf(CALL_STATUSES, input.status)) bad('status', `must be one of ${CALL_STATUSES.join(', ')}`);
  const caller = typeof input.caller === 'string' ? input.caller.trim() : '';
  if (caller.length === 0 || caller.length > LIMITS.callerLength) bad('caller', `must be 1 to ${LIMITS.callerLength} characters`);

  const started_at = typeof input.started_at === 'string' ? normaliseInstant(input.started_at) : null;
  const ended_at = typeof input.ended_at === 'string' ? normaliseInstant(input.ended_at) : null;
  if (started_at === null) bad('started_at', 'must be an ISO-8601 instant with an offset, e.g. 2026-11-03T10:00:00Z');
  if (ended_at === null) bad('ended_at', 'must be an ISO-8601 instant with an offset, e.g. 2026-11-03T10:04:10Z');
  if (started_at !== null && ended_at !== null && ended_at < started_at) bad('ended_at', 'must not be before started_at');

  const summary = input.summary ?? null;
  if (summary !== null && (typeof summary !== 'string' || summary.length > LIMITS.summaryLength)) {
    bad('summary', `must be null or at most ${LIMITS.summaryLength} characters`);
  }

  const transcript: TranscriptTurn[] = [];
  const turns = input.transcript ?? [];
  if (!Array.isArray(turns) || turns.length > LIMITS.transcriptTurns) {
    bad('transcript', `must be an array of at most ${LIMITS.transcriptTurns} turns`);
  } else {
    turns.forEach((turn, i) => {
      const at = `transcript.${i}`;
      if (!isPlainObject(turn)) return bad(at, 'must be an object {speaker, text, offset_ms}');
      if (!oneOf(SPEAKERS, turn.speaker)) bad(`${at}.speaker`, `must be one of ${SPEAKERS.join(', ')}`);
      if (typeof turn.text !== 'string' || turn.text.length > LIMITS.turnTextLength) bad(`${at}.text`, `must be a string of at most ${LIMITS.turnTextLength} characters`);
      if (!Number.isInteger(turn.offset_ms) || turn.offset_ms < 0 || turn.offset_ms > LIMITS.offsetMs) bad(`${at}.offset_ms`, 'must be a non-negative integer (milliseconds from the start)');
      transcript.push({ speaker: turn.speaker as Speaker, text: turn.text, offset_ms: turn.offset_ms });
    });
  }

  const metadata = input.metadata ?? {};
  if (!isPlainObject(metadata)) bad('metadata', 'must be a JSON object');
  else if (JSON.stringify(metadata).length > LIMITS.metadataBytes) bad('metadata', `must serialise to at most ${LIMITS.metadataBytes} characters`);

  const nul = errors.length === 0 ? findNulCharacter({ call_id, agent_id, caller, summary, transcript, metadata }) : null;
  if (nul !== null) bad(nul, NUL_MESSAGE);

  if (errors.length > 0) throw validationError('The call is invalid.', errors);
  const duration_seconds = Math.round((Date.parse(ended_at!) - Date.parse(started_at!)) / 1000);
  return {
    call_id,
    agent_id,
    channel: input.channel as Channel,
    direction: input.direction as Direction,
    status: input.status as CallStatus,
    caller,
    started_at: started_at!,
    ended_at: ended_at!,
    duration_seconds,
    summary,
    transcript,
    metadata,
  };
}
