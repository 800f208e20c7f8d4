import { z } from 'zod';
import { OBJECT_TYPES, PILLARS, QUALIFIERS, SOURCE_TAGS } from '../../../core/attestation/corpus/corpus.model.js';
import type { ArchivedVerificationResponse, BilledRequest, VerificationTrace } from '../../../core/attestation/ports.js';
import type { ReplayResult } from '../../../core/attestation/use-cases/audit-trail.js';
import type { UsageSummary } from '../../../core/billing/use-cases/invoicing.js';
import { BATCH_ERROR_CODES, type BatchEntry, MAX_BATCH_SUBJECTS, type VerifyBatchResult } from '../../../core/attestation/use-cases/verify-batch.js';
import {
  type CoverageManifest,
  ENGINE_ID,
  NEAR_MATCH_REASONS,
  UNAVAILABLE_REASONS,
  VERDICTS,
  type VerificationResponse,
  type VerifyInput,
} from '../../../core/attestation/verdict/verification.model.js';
import type { Page } from '../../../core/shared/keyset-cursor.js';
import { type FieldError } from '../../../core/shared/errors.js';
import { NUL_MESSAGE } from '../../../core/shared/json-walks.js';
import { COVERAGE_PAGE_DEFAULT, COVERAGE_PAGE_MAX } from '../../../core/attestation/corpus/coverage.js';
import { CURSOR_MAX_LENGTH } from '../../../core/shared/keyset-cursor.js';
import { schemaOf } from './exact-schema.js';
import { fieldErrorsOf, onType } from './field-errors.js';
import { PageQuerySchema } from './page.schemas.js';

/**
 * The one source of truth for Area B's wire shapes: the HTTP runtime validates with these,
 * the stdio server and createVerifier validate with these, and the OpenAPI document is
 * generated from these.
 */

/** Control characters no name, title or reference holds (tab, line breaks and the like are spacing). */
const CONTROL_CHARACTER = /[\u0001-\u0008\u000e-\u001f\u007f]/;

/**
 * The text rules of every subject field, on every runtime (HTTP, batch items, stdio tools,
 * createVerifier): the NUL character and other control characters are refused.
 */
const cleanText = <T extends z.ZodString>(schema: T, what: string) =>
  schema
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE)
    .refine((s) => !CONTROL_CHARACTER.test(s), `${what} must not contain control characters`);

const subjectField = (what: string) =>
  cleanText(
    z
      .string({ error: (i) => (i.input === undefined ? `${what} is required` : `${what} must be a string`) })
      .trim()
      .min(1, `${what} must not be blank`)
      .max(300, `${what} must be at most 300 characters`),
    what,
  );

const refField = (what: string, description: string, max = 100) =>
  cleanText(
    z
      .string({ error: `${what} must be a string` })
      .trim()
      .min(1, `${what} must not be blank`)
      .max(max, `${what} must be at most ${max} characters`),
    what,
  )
    .optional()
    .meta({ description });

export const VerifyRequestSchema = z
  .object({
    subject_artist: subjectField('subject_artist').meta({ description: 'Name of the master.', example: 'J. M. W. Turner' }),
    subject_title: subjectField('subject_title').meta({ description: 'Title of the work.', example: 'Norham Castle, Sunrise' }),
    subject_ref: refField('subject_ref', 'Inventory or accession number, or a work_id from near_matches: picks one work where several share a title.'),
    subject_medium: refField(
      'subject_medium',
      'The lot\'s medium as the catalogue prints it, in English, French, German, Dutch, Italian, Spanish or Swedish (`huile sur toile`, `oil on panel`, `bronze à patine brune`, `eau-forte`, `Radierung`): works of another kind (a print for a bronze, a drawing for a painting) never attest the lot.',
      200,
    ),
    subject_date: refField('subject_date', 'The lot\'s date as the catalogue prints it (`1885`, `c. 1660`, `1880s`): works dated more than 10 years from it never attest the lot.'),
  })
  .meta({ id: 'VerifyRequest' });

/**
 * The one reading of a verification subject, shared by every runtime: HTTP `/verify` validates
 * its body with `VerifyRequestSchema` (this), the batch each of its subjects, the stdio tools
 * their arguments and createVerifier its input.
 */
export function readVerifyInput(raw: unknown, whole = 'input'): { ok: true; input: VerifyInput } | { ok: false; errors: FieldError[] } {
  const parsed = VerifyRequestSchema.safeParse(raw);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error, whole) };
}

export const VerifyBatchItemSchema = VerifyRequestSchema.extend({
  lot: refField('lot', 'Your reference for the subject (a lot number), echoed back with its result.'),
}).meta({ id: 'VerifyBatchItem' });

/** Reads each subject of a batch on its own: a bad one is an error entry in its place. */
export function readBatchEntries(subjects: readonly unknown[]): BatchEntry[] {
  return subjects.map((raw, index): BatchEntry => {
    const parsed = VerifyBatchItemSchema.safeParse(raw);
    const lotOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && value.length <= 100 ? value.trim() : null);
    if (!parsed.success) {
      const lot = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? lotOf((raw as { lot?: unknown }).lot) : null;
      return {
        index,
        lot: lot !== null && VerifyBatchItemSchema.shape.lot.safeParse(lot).success ? lot : null,
        error: { code: 'invalid_subject', detail: `Subject ${index} is invalid.`, errors: fieldErrorsOf(parsed.error, 'subject') },
      };
    }
    const { lot, ...input } = parsed.data;
    return { index, lot: lot ?? null, input };
  });
}

const batchSubjects = (items: z.ZodType) =>
  z
    .array(items, { error: (i) => (i.input === undefined ? 'subjects is required' : 'subjects must be an array') })
    .min(1, 'subjects must hold at least one subject')
    .max(MAX_BATCH_SUBJECTS, `subjects must hold at most ${MAX_BATCH_SUBJECTS} subjects`)
    .meta({ description: `1 to ${MAX_BATCH_SUBJECTS} subjects, each as in /verify with an optional lot. A bad subject is an error entry in its place.` });

/**
 * A batch item as accepted: a subject as /verify takes it (the documented shape), or anything
 * else, which is not refused with the batch but answered by an `invalid_subject` error entry in
 * its place. So a validating gateway lets through what the service answers (issue 28).
 */
export const VerifyBatchAcceptedItemSchema = z
  .union([
    VerifyBatchItemSchema,
    z.unknown().meta({ description: 'Any other value: the batch is still answered, with an `invalid_subject` error entry (naming each bad field) in this item\'s place.' }),
  ])
  .meta({ id: 'VerifyBatchAcceptedItem', description: 'A subject as /verify takes it, with an optional lot; an item of another shape is answered by an error entry in its place, never a refusal of the batch.' });

/** The batch as documented: each item a subject, or anything else answered by an error entry. */
export const VerifyBatchRequestSchema = z.object({ subjects: batchSubjects(VerifyBatchAcceptedItemSchema) }).meta({ id: 'VerifyBatchRequest' });

/** The batch as validated: the envelope only (a malformed body is a 400); subjects are read one by one. */
export const VerifyBatchEnvelopeSchema = z.object({ subjects: batchSubjects(z.unknown()) });

export const PillarSchema = z.enum(PILLARS).meta({ id: 'Pillar' });

export const AttestationSchema = z
  .object({
    pillar: PillarSchema,
    claim: z.string(),
    source_ref: z.string().meta({ description: 'Citation a person can follow.' }),
    confidence: z.number().min(0).max(1),
    status: z.literal('verified'),
    verified_by: z.enum(SOURCE_TAGS).meta({ description: 'Provenance tag of the claim.' }),
  })
  .meta({ id: 'Attestation' });

export const NearMatchSchema = z
  .object({
    artist: z.string(),
    title: z.string(),
    work_id: z.string(),
    score: z.number().min(0).max(1),
    reason: z.enum(NEAR_MATCH_REASONS),
  })
  .meta({ id: 'NearMatch' });

export const RequalificationSchema = z
  .object({
    term_fr: z.string(),
    term_en: z.string(),
    article: z.string(),
    note: z.string(),
  })
  .meta({ id: 'Requalification', description: 'Vocabulary of French decree 81-255 of 3 March 1981. Documentary assistance, not legal advice.' });

export const ObjectTypeSchema = z.enum(OBJECT_TYPES).meta({ id: 'ObjectType' });

export const WorkDescriptionSchema = z
  .object({
    work_id: z.string(),
    title: z.string(),
    object_type: ObjectTypeSchema.nullable().meta({ description: 'painting, drawing (watercolours, pastels, gouaches), print, sculpture, photograph, decorative_art, other; null where the records do not say.' }),
    medium: z.string().nullable().meta({ description: 'Medium and support as the record writes them.' }),
    date: z.string().nullable().meta({ description: 'The date as the record writes it.' }),
    dimensions: z.string().nullable().meta({ description: 'Dimensions as the record writes them.' }),
    collection: z.string().nullable().meta({ description: 'The holding collection.' }),
    source_ref: z.string().meta({ description: 'The record the description comes from.' }),
  })
  .meta({ id: 'WorkDescription', description: 'A work the answer rests on, as its records describe it.' });

export const ParsedSubjectSchema = z
  .object({
    name: z.string().meta({ description: 'The artist name as read: claimed qualifier, life dates, honorifics and post-nominals off, natural order.' }),
    qualifier: z
      .enum(QUALIFIERS)
      .nullable()
      .meta({ description: 'The qualifier the subject claims ("Attributed to", "Atelier de", "After"...), English or French; null for a plain attribution.' }),
    dates: z
      .object({
        birth_year: z.int().nullable(),
        death_year: z.int().nullable(),
        active_from: z.int().nullable(),
        active_to: z.int().nullable(),
        circa: z.boolean(),
        text: z.string().meta({ description: 'The dates as written, places included.' }),
      })
      .nullable()
      .meta({ description: 'Life dates read from the artist line; they tell homonyms apart, and dates no covered artist fits mean no match.' }),
    title: z.string().meta({ description: 'The title as read: the catalogue form the corpus holds exactly (lot number, trailing date, recto/verso or subtitle off), else the title as written.' }),
    object_type: ObjectTypeSchema.nullable().meta({ description: 'The kind of object subject_medium was read as; null when it was not given or names no kind.' }),
    title_read_as: z
      .string()
      .nullable()
      .meta({
        description:
          'A title in French, Dutch, German, Italian, Spanish or Swedish as read through the multilingual subject vocabulary, in English words with articles and prepositions left out ("Un enterrement à Ornans" -> "burial ornans"); it matches a record only when a title of the record reads the same. Null for a title read as written.',
      }),
  })
  .meta({ id: 'ParsedSubject', description: 'How the subject was read: what the verdict is about.' });

export const MatchedArtistSchema = z
  .object({
    artist_id: z.string(),
    name: z.string().meta({ description: 'The artist\'s name as the corpus holds it.' }),
  })
  .meta({ id: 'MatchedArtist' });

export const VerificationResponseSchema = schemaOf<VerificationResponse>()(z
  .object({
    engine: z.literal(ENGINE_ID),
    request_id: z.uuid(),
    served_at: z.iso.datetime(),
    corpus_revision: z.string(),
    subject: z.object({ artist: z.string(), title: z.string() }),
    parsed: ParsedSubjectSchema,
    verdict: z.enum(VERDICTS),
    matched_artist: MatchedArtistSchema.nullable().meta({
      description: 'Whom the artist line was recognised to name (its name, an alias, a surname one covered artist bears, an exonym or period spelling); null when none or several (then near_matches lists them).',
    }),
    reason: z
      .enum(UNAVAILABLE_REASONS)
      .nullable()
      .meta({
        description:
          'Why the answer is `unavailable`; null on `attested` and `contradicted`. artist_not_covered: the corpus covers nobody the line names (call nobody); work_not_found: a covered artist, no work of theirs with this title in the records (operator research); ambiguous_artist: several covered artists could be meant, and the title settles none; ambiguous_title: several works share the title (pin one with subject_ref); dates_conflict: the life dates fit none of the artists the name matches; no_artist_named: the line names a school, a period or nobody; generic_title: the title names no one work (portrait of a man, study...), pick one with subject_ref; object_mismatch: the works of that title are of another kind than subject_medium (or far from subject_date).',
      }),
    verified_pillars: z.array(PillarSchema),
    contradicted_pillars: z.array(PillarSchema),
    attestations: z.array(AttestationSchema),
    works: z.array(WorkDescriptionSchema).meta({
      description: 'The works the answer rests on, as their records describe them (object type, medium, date, dimensions, collection): the judged work on attested and contradicted; on object_mismatch, the works of another kind than the lot.',
    }),
    near_matches: z.array(NearMatchSchema),
    suggested_requalification: RequalificationSchema.nullable(),
    disclaimer: z.string(),
  })
  .meta({ id: 'VerificationResponse' }));

const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** Why a subject of a batch (or a row of a catalogue) was not served: its entry in the subject's place. */
export const BatchItemErrorSchema = z
  .object({
    code: z.enum(BATCH_ERROR_CODES),
    detail: z.string(),
    errors: z.array(FieldErrorSchema),
  })
  .meta({ id: 'BatchItemError' });

export const VerifyBatchResponseSchema = schemaOf<VerifyBatchResult>()(z
  .object({
    engine: z.literal(ENGINE_ID),
    subjects: z.int().min(0).meta({ description: 'Subjects in the batch.' }),
    served: z.int().min(0).meta({ description: 'Subjects served: each archived and metered as one served call, with its own request_id.' }),
    errors: z.int().min(0).meta({ description: 'Error entries.' }),
    results: z.array(
      z
        .object({
          index: z.int().min(0).meta({ description: 'Position of the subject in the request.' }),
          lot: z.string().nullable().meta({ description: 'The subject\'s lot, echoed.' }),
          result: VerificationResponseSchema.nullable().meta({ description: 'The verification, as /verify answers it; null on an error entry.' }),
          error: BatchItemErrorSchema.nullable().meta({
              description:
                'Why the subject was not served (invalid_subject: `errors` names each bad field; rate_limited: over the sandbox budget; ' +
                'unavailable: the database became unavailable during the batch, so this subject and the later ones were not served nor billed: send them again after Retry-After); null when served.',
            }),
        })
        .meta({ id: 'VerifyBatchItemResult' }),
    ),
  })
  .meta({ id: 'VerifyBatchResponse' }));

export const CoverageSchema = schemaOf<CoverageManifest>()(z
  .object({
    engine: z.literal(ENGINE_ID),
    corpus_revision: z.string(),
    generated_at: z.iso.datetime(),
    counts: z.object({
      artists: z.int().min(0),
      works: z.int().min(0),
      claims: z.int().min(0),
      claims_by_source: z.record(z.string(), z.int().min(0)),
    }),
    artists: z.array(
      z.object({
        artist_id: z.string(),
        name: z.string(),
        aliases: z.array(z.string()),
        birth_year: z.int().nullable(),
        death_year: z.int(),
        works: z.int().min(0),
      }),
    ),
    artists_matched: z.int().min(0).optional().meta({ description: 'With a query (artist, prefix, limit or cursor) only: the artists it matched, over every page.' }),
    next_cursor: z.string().nullable().optional().meta({ description: 'With a query only: pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'CoverageManifest' }));

const pageSize = `1 to ${COVERAGE_PAGE_MAX}, default ${COVERAGE_PAGE_DEFAULT}`;
/** The fields of a coverage question, shared by the HTTP query and the `verify_coverage` tool. */
const coverageQueryFields = {
  artist: z
    .string(onType('artist must be a string'))
    .trim()
    .min(1, 'artist must not be blank')
    .max(300, 'artist must be at most 300 characters')
    .optional()
    .meta({ description: 'One artist: an artist_id, or a name or alias matched as verify matches it (case, accents and name order ignored).' }),
  prefix: z
    .string(onType('prefix must be a string'))
    .trim()
    .min(1, 'prefix must not be blank')
    .max(100, 'prefix must be at most 100 characters')
    .optional()
    .meta({ description: 'Artists whose name, an alias, or a word of them starts with this (case and accents ignored): `turn` finds J. M. W. Turner.' }),
  cursor: z
    .string(onType('cursor must be a string'))
    .min(1, 'cursor is not a cursor this query issued')
    .max(CURSOR_MAX_LENGTH, 'cursor is not a cursor this query issued')
    .optional()
    .meta({ description: 'The next_cursor of the previous page, with the same artist and prefix.' }),
};
const pageLimit = (schema: z.ZodNumber) =>
  schema
    .int(`limit must be an integer from 1 to ${COVERAGE_PAGE_MAX}`)
    .min(1, `limit must be an integer from 1 to ${COVERAGE_PAGE_MAX}`)
    .max(COVERAGE_PAGE_MAX, `limit must be an integer from 1 to ${COVERAGE_PAGE_MAX}`)
    .optional()
    .meta({ description: `Artists per page, ${pageSize}.` });

/**
 * `GET /verify/coverage` query: without any of these the whole manifest is served (as always);
 * with one, a page of the matching artists with `artists_matched` and `next_cursor`.
 */
export const CoverageQuerySchema = z.object({
  ...coverageQueryFields,
  limit: pageLimit(z.coerce.number({ error: `limit must be an integer from 1 to ${COVERAGE_PAGE_MAX}` })),
});

/** The `verify_coverage` tool's arguments: the same question; without any, counts and how to ask. */
export const CoverageToolInputSchema = z
  .object({ ...coverageQueryFields, limit: pageLimit(z.number(onType('limit must be an integer'))) })
  .strict();
/** A response as archived: traces served before subjects were read in catalogue forms have no `parsed`. */
export const ArchivedVerificationResponseSchema = schemaOf<ArchivedVerificationResponse>()(VerificationResponseSchema.extend({
  parsed: ParsedSubjectSchema.partial({ object_type: true, title_read_as: true })
    .optional()
    .meta({ description: 'How the subject was read; absent on traces archived before catalogue forms were read (release 2.2 and earlier); object_type and title_read_as absent on traces archived before release 2.5.' }),
  matched_artist: VerificationResponseSchema.shape.matched_artist.optional().meta({ description: 'Whom the line was recognised to name; absent on traces archived before release 2.5.' }),
  reason: VerificationResponseSchema.shape.reason.optional().meta({ description: 'Why the answer was `unavailable`; absent on traces archived before release 2.5.' }),
  works: VerificationResponseSchema.shape.works.optional().meta({ description: 'The works the answer rests on; absent on traces archived before release 2.5.' }),
}).meta({ id: 'ArchivedVerificationResponse' }));

export const VerifyInputEchoSchema = schemaOf<VerifyInput>()(z
  .object({ subject_artist: z.string(), subject_title: z.string(), subject_ref: z.string().optional(), subject_medium: z.string().optional(), subject_date: z.string().optional() })
  .meta({ id: 'VerifyInput' }));

export const TraceSchema = schemaOf<Omit<VerificationTrace, 'key_id'>>()(z
  .object({
    request_id: z.uuid(),
    served_at: z.iso.datetime(),
    tier: z.enum(['sandbox', 'production']),
    request: VerifyInputEchoSchema,
    response: ArchivedVerificationResponseSchema,
  })
  .meta({ id: 'VerificationTrace' }));

export const ReplaySchema = schemaOf<ReplayResult>()(z
  .object({
    original: ArchivedVerificationResponseSchema,
    replay: VerificationResponseSchema,
    changed: z.boolean(),
  })
  .meta({ id: 'ReplayResult' }));

export const UsageSchema = schemaOf<UsageSummary>()(z
  .object({
    key_id: z.string(),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    plan: z.enum(['pilot', 'production', 'custom']),
    served_calls: z.int().min(0),
    unit_price_eur: z.number().meta({ description: 'The first band of the scale (the list price of a call).' }),
    amount_cents: z.int().min(0).meta({ description: 'The verify amount of the month in euro cents, as on the statement.' }),
    amount_eur: z.number().meta({ description: 'amount_cents / 100.' }),
  })
  .meta({ id: 'UsageStatement' }));

export const RequestIdParamsSchema = z.object({
  request_id: z.uuid('request_id must be a UUID').meta({ description: 'The request_id of a served verification.' }),
});

export const UsageQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must have the form YYYY-MM')
    .optional()
    .meta({ description: 'Invoice month, YYYY-MM (UTC). Default: the current month.' }),
});

export const BilledRequestsQuerySchema = UsageQuerySchema.extend(PageQuerySchema.shape);

export const BilledRequestListSchema = schemaOf<Page<BilledRequest>>()(z
  .object({
    data: z.array(
      z
        .object({
          request_id: z.uuid(),
          served_at: z.iso.datetime(),
          verdict: z.enum(VERDICTS),
          subject: z.object({ artist: z.string(), title: z.string() }),
        })
        .meta({ id: 'BilledRequest' }),
    ),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ id: 'BilledRequestList' }));
