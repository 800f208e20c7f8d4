import { z } from 'zod';
import type { CallDetail, CallSummary } from '../../../core/calls/call.model.js';
import type { NewCallInput } from '../../../core/calls/new-call.js';
import type { Page } from '../../../core/shared/keyset-cursor.js';
import { schemaOf } from './exact-schema.js';
import {
  CALL_ID_PATTERN,
  CALL_STATUSES,
  CHANNELS,
  DIRECTIONS,
  SPEAKERS,
} from '../../../core/calls/call.model.js';
import { LIMITS } from '../../../core/calls/new-call.js';
import { MAX_YEAR, MIN_YEAR, normaliseInstant } from '../../../core/calls/instant.js';
import { SEARCH_MAX_TERMS, SEARCH_QUERY_MAX_LENGTH, searchTermsOf } from '../../../core/shared/search-query.js';
import type { CallListQuery } from '../../../core/calls/use-cases/call-queries.js';
import type { CallStats } from '../../../core/calls/call-stats.model.js';
import { MAX_STATS_PERIODS } from '../../../core/calls/call-stats.model.js';
import type { CallStatsQuery } from '../../../core/calls/use-cases/call-statistics.js';
import { STATS_BUCKETS } from '../../../core/calls/zone-calendar.js';
import { onType } from './field-errors.js';
import { PageQuerySchema, cursorField } from './page.schemas.js';

/**
 * The one source of truth for the calls API's wire shapes: the HTTP routes and the admin
 * import validate with these, and the OpenAPI document is generated from these. Domain
 * rules (ended_at after started_at, impossible dates, sizes) are checked again in core.
 */

const enumOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

export const ChannelSchema = enumOf('channel', CHANNELS).meta({ id: 'Channel' });
export const DirectionSchema = enumOf('direction', DIRECTIONS).meta({ id: 'Direction' });
export const CallStatusSchema = enumOf('status', CALL_STATUSES).meta({ id: 'CallStatus' });
export const SpeakerSchema = enumOf('speaker', SPEAKERS).meta({ id: 'Speaker' });

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO-8601 instant with an offset, e.g. 2026-11-03T10:00:00Z` });

export const CallSummarySchema = schemaOf<CallSummary>()(z
  .object({
    call_id: z.string(),
    agent_id: z.string().nullable(),
    channel: ChannelSchema,
    direction: DirectionSchema,
    status: CallStatusSchema,
    caller: z.string().meta({ description: 'Phone number, email address or chat handle of the other party.' }),
    started_at: z.iso.datetime(),
    ended_at: z.iso.datetime(),
    duration_seconds: z.int().min(0).meta({ description: 'ended_at - started_at, rounded to whole seconds.' }),
    summary: z.string().nullable(),
  })
  .meta({ id: 'CallSummary' }));

export const TranscriptTurnSchema = z
  .object({
    speaker: SpeakerSchema,
    text: z.string(onType('text must be a string')).max(LIMITS.turnTextLength),
    offset_ms: z.int(onType('offset_ms must be an integer')).min(0, `offset_ms must be between 0 and ${LIMITS.offsetMs}`).max(LIMITS.offsetMs, `offset_ms must be between 0 and ${LIMITS.offsetMs}`).meta({ description: 'Milliseconds from the start of the call.' }),
  })
  .meta({ id: 'TranscriptTurn' });

export const CallDetailSchema = schemaOf<CallDetail>()(CallSummarySchema.extend({
  transcript: z.array(TranscriptTurnSchema),
  metadata: z.record(z.string(), z.unknown()).meta({ description: 'Free keys: language, sentiment, outcome, tags, ...' }),
}).meta({ id: 'CallDetail' }));

export const CallListSchema = schemaOf<Page<CallSummary>>()(z
  .object({
    data: z.array(CallSummarySchema),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'CallList' }));

export const NewCallSchema = schemaOf<NewCallInput>()(z
  .object({
    call_id: z
      .string(onType('call_id must be a string'))
      .regex(CALL_ID_PATTERN, 'call_id must be 1 to 128 letters, digits or ._:-')
      .optional()
      .meta({ description: 'Generated when absent. An id the tenant already has: 409.' }),
    agent_id: z.string(onType('agent_id must be a string or null')).min(1).max(LIMITS.agentIdLength).nullable().optional(),
    channel: ChannelSchema,
    direction: DirectionSchema,
    status: CallStatusSchema,
    caller: z.string(onType('caller must be a string')).trim().min(1, 'caller must not be blank').max(LIMITS.callerLength),
    started_at: instant('started_at'),
    ended_at: instant('ended_at'),
    summary: z.string(onType('summary must be a string or null')).max(LIMITS.summaryLength).nullable().optional(),
    transcript: z.array(TranscriptTurnSchema, onType('transcript must be an array')).max(LIMITS.transcriptTurns).optional(),
    metadata: z.record(z.string(), z.unknown(), onType('metadata must be a JSON object')).optional(),
  })
  .meta({ id: 'NewCall', description: 'A finished call: the detail view without duration_seconds (derived).' }));

export const TenantParamsSchema = z.object({
  tenant_id: z.string().meta({ description: 'The tenant; must be the token\'s own (else 403).' }),
});

export const CallParamsSchema = TenantParamsSchema.extend({
  call_id: z.string().meta({ description: 'The call.' }),
});

/** A query-string instant: the wire format, then the normalised UTC form core compares and stores. */
const queryInstant = (name: string) =>
  instant(name).transform((text, ctx) => {
    const normalised = normaliseInstant(text);
    if (normalised === null) ctx.addIssue({ code: 'custom', message: `${name} must be an instant between ${MIN_YEAR} and ${MAX_YEAR}` });
    return normalised ?? text;
  });

/**
 * The call list's query string, the one validation of its shape: every runtime that lists
 * calls parses with it, and its output is core's `CallListQuery` (checked below), so the use
 * case checks only the domain's rule (from before to) and the cursor's seal.
 */
/** The list's filters, shared by the list and the stats. */
const callFilterFields = {
  channel: ChannelSchema.optional(),
  direction: DirectionSchema.optional(),
  from: queryInstant('from').optional().meta({ description: 'started_at at or after this instant (inclusive).' }),
  to: queryInstant('to').optional().meta({ description: 'started_at before this instant (exclusive).' }),
  q: z
    .string({ error: 'q must be a single value' })
    .max(SEARCH_QUERY_MAX_LENGTH, `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
    .transform((q, ctx) => {
      const terms = searchTermsOf(q);
      if (terms.length > SEARCH_MAX_TERMS) ctx.addIssue({ code: 'custom', message: `q must hold at most ${SEARCH_MAX_TERMS} words` });
      return terms;
    })
    .optional()
    .meta({
      description:
        'Free text over transcript and summary: every word must match, case and accents ignored; a trailing * matches a prefix (`rembours*`). Punctuation separates words.',
    }),
};

export const CallListQuerySchema = PageQuerySchema.extend({
  cursor: cursorField('The next_cursor of the previous page, with the same filters.'),
  ...callFilterFields,
}) satisfies z.ZodType<CallListQuery>;

export const StatsBucketSchema = enumOf('bucket', STATS_BUCKETS).meta({ id: 'StatsBucket' });

/** The stats' query string: the list's filters (no paging) and the period length. */
export const CallStatsQuerySchema = z.object({
  ...callFilterFields,
  bucket: StatsBucketSchema.default('day').meta({
    description: `Period length, in the workspace's time zone: calendar day, ISO week (from Monday) or month. At most ${MAX_STATS_PERIODS} periods per request.`,
  }),
}) satisfies z.ZodType<CallStatsQuery>;

const count = z.int().min(0);
const countsBy = <T extends readonly [string, ...string[]]>(values: T) => z.object(Object.fromEntries(values.map((v) => [v, count])) as { [K in T[number]]: typeof count });

const DurationFiguresSchema = z
  .object({
    mean_seconds: z.number().nullable(),
    p50_seconds: z.number().nullable().meta({ description: 'Median (continuous percentile, interpolated).' }),
    p90_seconds: z.number().nullable().meta({ description: '90th percentile (continuous, interpolated).' }),
  })
  .meta({ id: 'DurationFigures', description: 'Seconds, rounded to tenths; null when there is no call.' });

const callCounts = {
  calls: count,
  by_channel: countsBy(CHANNELS),
  by_direction: countsBy(DIRECTIONS),
  by_status: countsBy(CALL_STATUSES),
};

export const CallStatsSchema = z
  .object({
    timezone: z.string().meta({ description: 'The workspace\'s time zone, in which the periods are cut.' }),
    bucket: StatsBucketSchema,
    from: z.iso.datetime().nullable().meta({ description: 'Start of the window: the query\'s `from`, else the first matching call\'s period; null when nothing matches.' }),
    to: z.iso.datetime().nullable().meta({ description: 'End of the window (exclusive): the query\'s `to`, else the end of the last matching call\'s period.' }),
    totals: z.object({ ...callCounts, duration: DurationFiguresSchema }),
    periods: z.array(
      z
        .object({
          date: z.iso.date().meta({ description: 'The local date the period begins on.' }),
          start: z.iso.datetime(),
          end: z.iso.datetime().meta({ description: 'Exclusive. A day is 23 or 25 hours long on a daylight-saving change.' }),
          ...callCounts,
          duration: DurationFiguresSchema,
        })
        .meta({ id: 'CallStatsPeriod' }),
    ),
    agents: z.array(
      z
        .object({ agent_id: z.string().nullable().meta({ description: 'null: calls without an agent.' }), calls: count, by_status: countsBy(CALL_STATUSES), duration: DurationFiguresSchema })
        .meta({ id: 'CallStatsAgent' }),
    ).meta({ description: 'Most calls first, then agent_id.' }),
  })
  .meta({ id: 'CallStats' }) satisfies z.ZodType<CallStats>;
