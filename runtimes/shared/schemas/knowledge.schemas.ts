import { z } from 'zod';
import type { Agent } from '../../../core/agents/agent.model.js';
import type { KnowledgeItem, SearchHit, SyncRun } from '../../../core/knowledge/knowledge.model.js';
import type { Page } from '../../../core/shared/keyset-cursor.js';
import { schemaOf } from './exact-schema.js';
import { AGENT_LIMITS, checkAgentSettings, defaultAgentSettings, E164_PATTERN, HHMM_PATTERN, WEEKDAYS } from '../../../core/agents/agent.model.js';
import type { FieldError } from '../../../core/shared/errors.js';
import { type Highlight, SEARCH_QUERY_MAX_LENGTH } from '../../../core/shared/search-query.js';
import { baseMediaType } from '../../../core/knowledge/content-sniff.js';
import { KNOWLEDGE_CONTENT_TYPES, KNOWLEDGE_TITLE_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from '../../../core/knowledge/knowledge.model.js';
import type { KnowledgeSearchQuery, NewDocument } from '../../../core/knowledge/use-cases/knowledge-base.js';
import { onType, textField as text } from './field-errors.js';
import { limitField } from './page.schemas.js';

/** Wire shapes of knowledge, sync runs and agents: validation and OpenAPI from one place. */

export const KnowledgeItemSchema = schemaOf<KnowledgeItem>()(z
  .object({
    item_id: z.string(),
    title: z.string(),
    content_type: z.enum(KNOWLEDGE_CONTENT_TYPES),
    size_bytes: z.int().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    status: z.enum(['pending', 'indexed', 'failed']),
    error: z.string().nullable(),
    created_at: z.iso.datetime(),
    indexed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'KnowledgeItem' }));

export const KnowledgeListSchema = schemaOf<Page<KnowledgeItem>>()(z
  .object({ data: z.array(KnowledgeItemSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'KnowledgeList' }));

/** The types the JSON form `{title, content, content_type}` carries: text only (a PDF is binary: multipart, ADR 0009). */
export const JSON_UPLOAD_TYPES = KNOWLEDGE_CONTENT_TYPES.filter((t) => t !== 'application/pdf');

/** Marks the issue of a well-formed `content_type` this form does not carry: a 415, not a 400 (ADR 0013). */
export const UNSUPPORTED_UPLOAD_TYPE = 'unsupported_upload_type';

/**
 * The JSON form of an upload, the one check of its shape: every bad field in one 400, except
 * a declared type this form does not carry (`UNSUPPORTED_UPLOAD_TYPE`), which alone is a 415.
 * The bytes are judged against the type in core, as for a multipart upload.
 */
export const KnowledgeJsonUploadSchema = z
  .object({
    title: text('title', KNOWLEDGE_TITLE_MAX),
    content: z.string(onType('content must be a string')).min(1, 'content must not be empty'),
    content_type: z
      .string(onType('content_type must be a string'))
      .refine((declared) => (JSON_UPLOAD_TYPES as readonly string[]).includes(baseMediaType(declared) ?? ''), {
        message: `content_type must be one of ${JSON_UPLOAD_TYPES.join(', ')}; upload a PDF as multipart/form-data`,
        params: { reason: UNSUPPORTED_UPLOAD_TYPE },
      })
      .meta({ description: `One of ${JSON_UPLOAD_TYPES.join(', ')} (parameters such as \`; charset=utf-8\` allowed).`, examples: ['text/markdown'] }),
  })
  .meta({ id: 'KnowledgeJsonUpload' }) satisfies z.ZodType<Required<Pick<NewDocument, 'title'>> & { content: string; content_type: string }>;

export const KnowledgeMultipartUploadSchema = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The document, at most 10 MiB; its part Content-Type declares the type.' }),
    title: z.string().max(300).optional().meta({ description: 'Defaults to the file name.' }),
  })
  .meta({ id: 'KnowledgeMultipartUpload' });

export const SyncRunSchema = schemaOf<SyncRun>()(z
  .object({
    sync_id: z.string(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    requested_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
    documents_indexed: z.int().min(0),
    documents_failed: z.int().min(0),
    chunks: z.int().min(0),
  })
  .meta({ id: 'SyncRun' }));

export const KnowledgeSearchQuerySchema = z.object({
  q: z.string({ error: 'q is required' }).min(1, 'q is required').max(SEARCH_QUERY_MAX_LENGTH).meta({ description: 'Words; any may match, best chunks first (BM25). A trailing * makes a prefix.' }),
  limit: limitField(SEARCH_LIMIT_MAX, SEARCH_LIMIT_DEFAULT),
}) satisfies z.ZodType<KnowledgeSearchQuery>;

export const SearchHitSchema = schemaOf<SearchHit & { highlights: Highlight[] }>()(z
  .object({
    item_id: z.string(),
    title: z.string(),
    chunk_index: z.int().min(0),
    text: z.string(),
    score: z.number().meta({ description: 'BM25; higher is better.' }),
    highlights: z
      .array(z.object({ start: z.int().min(0), end: z.int().min(0) }).meta({ id: 'TextHighlight' }))
      .meta({
        description:
          'Where `text` shows the query\'s words (case and accents ignored, a prefix for `word*`), in text order: [start, end) in UTF-16 code units, as JavaScript strings index.',
      }),
  })
  .meta({ id: 'KnowledgeSearchHit' }));
export const SearchResultSchema = schemaOf<{ data: (SearchHit & { highlights: Highlight[] })[] }>()(z.object({ data: z.array(SearchHitSchema) }).meta({ id: 'KnowledgeSearchResult' }));

export const KnowledgeItemParamsSchema = z.object({ tenant_id: z.string(), item_id: z.string().max(64) });
export const SyncParamsSchema = z.object({ tenant_id: z.string(), sync_id: z.string().max(64) });


const AgentSettingsShape = z
  .object({
    name: text('name', AGENT_LIMITS.name),
    language: text('language', 35).meta({ description: 'BCP 47 tag, e.g. en-US.' }),
    voice: z.object({ provider: text('voice.provider', AGENT_LIMITS.provider), voice_id: text('voice.voice_id', AGENT_LIMITS.voiceId) }),
    greeting: text('greeting', AGENT_LIMITS.greeting, 0),
    instructions: text('instructions', AGENT_LIMITS.instructions, 0),
    llm: z.object({
      model: text('llm.model', AGENT_LIMITS.model),
      temperature: z.number(onType('temperature must be a number')).min(0, 'temperature must be between 0 and 2').max(2, 'temperature must be between 0 and 2'),
      max_output_tokens: z
        .int(onType('max_output_tokens must be an integer'))
        .min(1, `max_output_tokens must be between 1 and ${AGENT_LIMITS.maxOutputTokens}`)
        .max(AGENT_LIMITS.maxOutputTokens, `max_output_tokens must be between 1 and ${AGENT_LIMITS.maxOutputTokens}`),
    }),
    knowledge_base: z.object({ enabled: z.boolean(onType('enabled must be true or false')) }),
    escalation: z.object({
      phone_number: z.string().regex(E164_PATTERN, 'phone_number must be E.164, e.g. +14155550100').nullable(),
      triggers: z.array(text('trigger', AGENT_LIMITS.trigger)).max(AGENT_LIMITS.triggers),
    }),
    business_hours: z.object({
      timezone: text('timezone', 64).meta({ description: 'IANA time zone.' }),
      weekly: z
        .array(z.object({ day: z.enum(WEEKDAYS), open: z.string().regex(HHMM_PATTERN, 'open must be HH:MM'), close: z.string().regex(HHMM_PATTERN, 'close must be HH:MM') }))
        .max(AGENT_LIMITS.windows)
        .meta({ description: 'Opening windows; empty means always open.' }),
    }),
  })
  ;

/**
 * The domain's rules (language tag, time zone, windows, phone) run alongside the wire schema,
 * on whatever fields have the right type, so one 400 lists every invalid field of the body.
 */
function domainIssues(value: unknown): FieldError[] {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, any>;
  const str = (x: unknown, fallback: string) => (typeof x === 'string' ? x : fallback);
  const hours = typeof v.business_hours === 'object' && v.business_hours !== null ? v.business_hours : {};
  const probe = {
    ...defaultAgentSettings('probe'),
    name: str(v.name, 'probe'),
    language: str(v.language, 'en'),
    business_hours: {
      timezone: str(hours.timezone, 'UTC'),
      weekly: (Array.isArray(hours.weekly) ? hours.weekly : []).map((w: any) =>
        typeof w?.open === 'string' && typeof w?.close === 'string' ? { day: 'mon' as const, open: w.open, close: w.close } : { day: 'mon' as const, open: '00:00', close: '23:59' },
      ),
    },
  };
  // The phone number's form is the wire schema's (E164_PATTERN) already: not checked twice.
  return checkAgentSettings(probe);
}

export const AgentSettingsSchema = AgentSettingsShape.superRefine(
  (value, ctx) => {
    for (const e of domainIssues(value)) ctx.addIssue({ code: 'custom', path: e.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: `${e.path.split('.').pop()} ${e.message}` });
  },
  { when: () => true },
).meta({ id: 'AgentSettings', description: 'Every writable field; read-only fields sent along are ignored.' });

export const AgentSchema = schemaOf<Agent>()(AgentSettingsShape.extend({
  agent_id: z.string(),
  tenant_id: z.string(),
  version: z.int().min(1),
  updated_at: z.iso.datetime(),
}).meta({ id: 'Agent' }));

export const AgentListSchema = schemaOf<Page<Agent>>()(z.object({ data: z.array(AgentSchema), next_cursor: z.string().nullable() }).meta({ id: 'AgentList' }));
export const AgentParamsSchema = z.object({ agent_id: z.string().max(64) });
