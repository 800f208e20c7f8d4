import { z } from 'zod';
import { PILLARS, SOURCE_TAGS } from '../../core/attestation/corpus.model.js';
import { COVERAGE_PAGE_DEFAULT, COVERAGE_PAGE_MAX } from '../../core/attestation/coverage.js';
import { ENGINE_ID, NEAR_MATCH_REASONS, VERDICTS } from '../../core/attestation/verification.model.js';
import { CURSOR_MAX_LENGTH } from '../../core/shared/keyset-cursor.js';
import { onType } from './field-errors.js';

/**
 * The one source of truth for Area B's wire shapes: the HTTP runtime validates with these,
 * the stdio server and createVerifier validate with these, and the OpenAPI document is
 * generated from these.
 */

const subjectField = (what: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${what} is required` : `${what} must be a string`) })
    .trim()
    .min(1, `${what} must not be blank`)
    .max(300, `${what} must be at most 300 characters`);

export const VerifyRequestSchema = z
  .object({
    subject_artist: subjectField('subject_artist').meta({ description: 'Name of the master.', example: 'J. M. W. Turner' }),
    subject_title: subjectField('subject_title').meta({ description: 'Title of the work.', example: 'Norham Castle, Sunrise' }),
    subject_ref: z
      .string({ error: 'subject_ref must be a string' })
      .trim()
      .min(1, 'subject_ref must not be blank')
      .max(100, 'subject_ref must be at most 100 characters')
      .optional()
      .meta({ description: 'Inventory or accession number, or a work_id from near_matches: picks one work where several share a title.' }),
  })
  .meta({ id: 'VerifyRequest' });

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

export const VerificationResponseSchema = z
  .object({
    engine: z.literal(ENGINE_ID),
    request_id: z.uuid(),
    served_at: z.iso.datetime(),
    corpus_revision: z.string(),
    subject: z.object({ artist: z.string(), title: z.string() }),
    verdict: z.enum(VERDICTS),
    verified_pillars: z.array(PillarSchema),
    contradicted_pillars: z.array(PillarSchema),
    attestations: z.array(AttestationSchema),
    near_matches: z.array(NearMatchSchema),
    suggested_requalification: RequalificationSchema.nullable(),
    disclaimer: z.string(),
  })
  .meta({ id: 'VerificationResponse' });

export const CoverageSchema = z
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
  .meta({ id: 'CoverageManifest' });

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

export const VerifyInputEchoSchema = z
  .object({ subject_artist: z.string(), subject_title: z.string(), subject_ref: z.string().optional() })
  .meta({ id: 'VerifyInput' });

export const TraceSchema = z
  .object({
    request_id: z.uuid(),
    served_at: z.iso.datetime(),
    tier: z.enum(['sandbox', 'production']),
    request: VerifyInputEchoSchema,
    response: VerificationResponseSchema,
  })
  .meta({ id: 'VerificationTrace' });

export const ReplaySchema = z
  .object({
    original: VerificationResponseSchema,
    replay: VerificationResponseSchema,
    changed: z.boolean(),
  })
  .meta({ id: 'ReplayResult' });

export const UsageSchema = z
  .object({
    key_id: z.string(),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    served_calls: z.int().min(0),
    unit_price_eur: z.number(),
    amount_eur: z.number(),
  })
  .meta({ id: 'UsageStatement' });

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
