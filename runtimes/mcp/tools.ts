import { z } from 'zod';
import type { CoverageManifest, VerificationResponse } from '../../core/attestation/verdict/verification.model.js';
import type { FieldError } from '../../core/shared/errors.js';
import { MAX_BATCH_SUBJECTS } from '../../core/attestation/use-cases/verify-batch.js';
import type { VerifyBatchResult, VerifyCatalogueResult } from '../embed/create-verifier.js';
import { MAX_CATALOGUE_ROWS } from '../../core/attestation/catalogue/catalogue.model.js';
import { CatalogueResponseSchema, CatalogueToolInputSchema } from '../shared/schemas/catalogue.schemas.js';
import { isCoverageQuery } from '../../core/attestation/corpus/coverage.js';
import {
  CoverageSchema,
  CoverageToolInputSchema,
  readVerifyInput,
  VerificationResponseSchema,
  VerifyBatchEnvelopeSchema,
  VerifyBatchRequestSchema,
  VerifyBatchResponseSchema,
  VerifyRequestSchema,
} from '../shared/schemas/attestation.schemas.js';
import { BackendError, type VerifyBackend } from './backend.js';
import type { VersionFeatures } from './protocol-versions.js';
import { describeError, type McpLog } from './mcp-log.js';
import { fieldErrorsOf } from '../shared/schemas/field-errors.js';

/**
 * The two tools: their catalogue entries (schemas derived from the zod wire schemas, shaped for
 * the client's protocol version) and their execution, which never throws: every failure becomes
 * an `isError` result whose text this module wrote.
 */

type JsonSchema = Record<string, unknown>;

export interface ToolOutcome {
  isError: boolean;
  /** A readable summary, followed by the JSON when there is structured content. */
  text: string;
  structured?: VerificationResponse | CoverageManifest | VerifyBatchResult | VerifyCatalogueResult;
}

interface ToolContext {
  backend: VerifyBackend;
  signal: AbortSignal;
  log: McpLog;
}

interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: z.ZodType;
  output: z.ZodType;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutcome>;
}

export const TOOL_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;


const verifyArtRecords: ToolDefinition = {
  name: 'verify_art_records',
  title: 'Verify an art attribution against sourced records',
  description:
    'Checks whether sourced records (museum open-access records, the Wikidata knowledge base, operator research) attest ' +
    'that a historical master made a given work. Returns a verdict: "attested" (cited attestations to quote), ' +
    '"contradicted" (the records qualify or reject the attribution; a requalification in the vocabulary of French decree ' +
    '81-255 is suggested, as documentary assistance, not legal advice) or "unavailable" (outside the corpus: nothing is ' +
    'guessed; close titles or artists appear in near_matches only). Every attestation carries a source_ref citation and a ' +
    'confidence. Titles in French, Dutch, German, Italian, Spanish or Swedish are read through a subject vocabulary ' +
    '(parsed.title_read_as). When several works share a title and their records agree, the answer cites each; when they ' +
    'disagree (reason ambiguous_title) or the title is generic, e.g. "Portrait of a Man" (reason generic_title), call again ' +
    'with subject_ref set to a work_id from near_matches. ' +
    'Public-domain masters only; keep request_id as the audit trace.',
  input: VerifyRequestSchema,
  output: VerificationResponseSchema,
  async run(args, { backend, signal }) {
    const read = readVerifyInput(args, 'arguments');
    if (!read.ok) return invalidArguments('verify_art_records', read.errors);
    const response = await backend.verify(read.input, signal);
    return { isError: false, text: `${verificationSummary(response)}\n\nResponse JSON:\n${JSON.stringify(response)}`, structured: response };
  },
};

const verifyArtRecordsBatch: ToolDefinition = {
  name: 'verify_art_records_batch',
  title: 'Verify a whole catalogue of art attributions',
  description:
    `Verifies up to ${MAX_BATCH_SUBJECTS} subjects at once (a sale catalogue), each as verify_art_records takes it, with an optional ` +
    'lot reference echoed back. Artist lines and titles may be written as catalogues write them: life dates and places, ' +
    '"Sir"/"R.A.", surname first, a claimed qualifier in English or French ("Attributed to", "Atelier de", "After"), lot numbers ' +
    'and dates in titles; each result\'s `parsed` says how the subject was read. Returns one result per subject, in order; a bad ' +
    'subject is an error entry in its place (the others are still answered). Each answer keeps its own request_id.',
  input: VerifyBatchRequestSchema,
  output: VerifyBatchResponseSchema,
  async run(args, { backend, signal }) {
    const envelope = VerifyBatchEnvelopeSchema.strict().safeParse(args);
    if (!envelope.success) return invalidArguments('verify_art_records_batch', fieldErrorsOf(envelope.error, 'arguments'));
    const result = await backend.verifyBatch(envelope.data.subjects, signal);
    return { isError: false, text: `${batchSummary(result)}\n\nResponse JSON:\n${JSON.stringify(result)}`, structured: result };
  },
};

/** What `verify_coverage` answers: the manifest (or a page of it) and, without a query, how to ask. */
export const CoverageToolOutputSchema = CoverageSchema.extend({
  how_to_ask: z.string().optional().meta({ description: 'Without arguments: how to ask for artists (the answer then lists none).' }),
});

export const COVERAGE_HOW_TO_ASK =
  'This answer holds the counts only. Ask for one artist with {"artist": "Turner"} (a name, an alias or an artist_id), ' +
  'for a name prefix with {"prefix": "turn"}, or page through every covered artist with {"limit": 100} and then ' +
  '{"limit": 100, "cursor": <next_cursor>} until next_cursor is null.';

const verifyCoverage: ToolDefinition = {
  name: 'verify_coverage',
  title: 'Coverage of the attestation corpus',
  description:
    'What the attestation oracle covers. Without arguments: the counts of artists, works and claims by source, the corpus ' +
    'revision, and how to ask for artists (a small answer). With `artist` (a name, alias or artist_id), `prefix` (the start ' +
    'of a name, an alias or a word of them), `limit` (1 to 100, default 20) and `cursor` (the previous next_cursor): one page ' +
    'of the matching artists (artist_id, name, aliases, birth and death years, number of works) with artists_matched and ' +
    'next_cursor. Call verify_art_records only for covered artists.',
  input: CoverageToolInputSchema,
  output: CoverageToolOutputSchema,
  async run(args, { backend, signal }) {
    const parsed = CoverageToolInputSchema.safeParse(args);
    if (!parsed.success) return invalidArguments('verify_coverage', fieldErrorsOf(parsed.error, 'arguments'));
    if (!isCoverageQuery(parsed.data)) {
      // The counts alone: one artist fetched, none returned.
      const { artists: _one, artists_matched: _all, next_cursor: _next, ...counts } = await backend.coverage({ limit: 1 }, signal);
      const answer = { ...counts, artists: [], how_to_ask: COVERAGE_HOW_TO_ASK };
      return { isError: false, text: `${coverageSummary(answer)}\n${COVERAGE_HOW_TO_ASK}\n\nCoverage JSON:\n${JSON.stringify(answer)}`, structured: answer };
    }
    const page = await backend.coverage(parsed.data, signal);
    return { isError: false, text: `${coverageSummary(page)}\n\nCoverage JSON:\n${JSON.stringify(page)}`, structured: page };
  },
};

const verifyCatalogueTool: ToolDefinition = {
  name: 'verify_catalogue',
  title: 'Verify a sale catalogue given as CSV text',
  description:
    'Verifies every lot of a sale catalogue pasted as CSV text: a header line naming the lot, artist and title columns (and ' +
    'optionally reference, medium, date, estimate), in English, French, German, Dutch or Italian ("Lot", "N°", "Artiste", ' +
    '"Künstler", "Titre", "Titel", "Technique", "Datum"...), then one line per lot; `,`, `;` or tab separated. Where the headers ' +
    'are not recognised, the answer says which are missing and lists the headers: call again with `mapping` (field → header ' +
    `text). Up to ${MAX_CATALOGUE_ROWS} lines. Returns the columns found, one row per lot with its sheet row number, the subject read ` +
    'and its result (a verification as verify_art_records answers it, with its request_id, or an error entry for a line with a ' +
    'blank artist or title), and a summary of the verdicts.',
  input: CatalogueToolInputSchema,
  output: CatalogueResponseSchema,
  async run(args, { backend, signal }) {
    const parsed = CatalogueToolInputSchema.safeParse(args);
    if (!parsed.success) return invalidArguments('verify_catalogue', fieldErrorsOf(parsed.error, 'arguments'));
    const result = await backend.verifyCatalogue(parsed.data.csv, parsed.data.mapping, signal);
    const { rows, attested, contradicted, unavailable, errors } = result.summary;
    const summary = `${rows} rows: ${attested} attested, ${contradicted} contradicted, ${unavailable} unavailable, ${errors} not served (error entries).`;
    return { isError: false, text: `${summary}\n\nResponse JSON:\n${JSON.stringify(result)}`, structured: result };
  },
};

const TOOLS: readonly ToolDefinition[] = [verifyArtRecords, verifyCoverage, verifyArtRecordsBatch, verifyCatalogueTool];

export const TOOL_NAMES = TOOLS.map((t) => t.name);

export const findTool = (name: string): ToolDefinition | undefined => TOOLS.find((t) => t.name === name);

// ---------------------------------------------------------------------------------------------
// Catalogue

const catalogueCache = new Map<string, JsonSchema[]>();

/** `tools/list` entries for one protocol version (computed once per version). */
export function toolCatalogue(features: VersionFeatures): JsonSchema[] {
  const cached = catalogueCache.get(features.version);
  if (cached) return cached;
  const tools = TOOLS.map((tool) => {
    const entry: JsonSchema = { name: tool.name };
    if (features.titles) entry.title = tool.title;
    entry.description = tool.description;
    entry.inputSchema = toolJsonSchema(tool.input, features.jsonSchemaTarget, 'input');
    if (features.structuredContent) entry.outputSchema = toolJsonSchema(tool.output, features.jsonSchemaTarget, 'output');
    // 2025-03-26 had no Tool.title; its display name lives in annotations.title.
    if (features.toolAnnotations) entry.annotations = features.titles ? { ...TOOL_ANNOTATIONS } : { title: tool.title, ...TOOL_ANNOTATIONS };
    return entry;
  });
  catalogueCache.set(features.version, tools);
  return tools;
}

/**
 * A zod schema as a tool schema: MCP wants `type: "object"` at the root, so the `$ref` to the
 * named root definition that zod emits is inlined; OpenAPI's `example` becomes JSON Schema's
 * `examples`.
 */
export function toolJsonSchema(schema: z.ZodType, target: 'draft-7' | 'draft-2020-12', io: 'input' | 'output'): JsonSchema {
  const generated = z.toJSONSchema(schema, { target, io, unrepresentable: 'any' }) as JsonSchema;
  return renameExamples(inlineRootRef(generated)) as JsonSchema;
}

function inlineRootRef(schema: JsonSchema): JsonSchema {
  const defsKey = '$defs' in schema ? '$defs' : 'definitions';
  const ref = schema.$ref;
  const prefix = `#/${defsKey}/`;
  if (typeof ref !== 'string' || !ref.startsWith(prefix)) return schema;
  const rootName = ref.slice(prefix.length);
  const defs = { ...(schema[defsKey] as Record<string, JsonSchema>) };
  const root = defs[rootName];
  if (!root) return schema;
  delete defs[rootName];
  const out: JsonSchema = {};
  if (schema.$schema) out.$schema = schema.$schema;
  Object.assign(out, root);
  if (Object.keys(defs).length > 0) out[defsKey] = defs;
  return rewriteRefs(out, ref, '#') as JsonSchema;
}

function rewriteRefs(node: unknown, from: string, to: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, from, to));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && v === from ? to : rewriteRefs(v, from, to);
  return out;
}

function renameExamples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(renameExamples);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'example') out.examples = [v];
    else out[k] = renameExamples(v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Execution

/** Runs a tool; never rejects. Backend errors carry safe messages; anything else is logged only. */
export async function runTool(tool: ToolDefinition, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutcome> {
  try {
    return await tool.run(args, ctx);
  } catch (err) {
    if (err instanceof BackendError) {
      if (err.failure === 'invalid_arguments') return invalidArguments(tool.name, err.fieldErrors, err.message);
      if (err.failure !== 'cancelled') ctx.log.warn({ tool: tool.name, failure: err.failure }, 'tool call failed');
      return { isError: true, text: err.message };
    }
    ctx.log.error({ tool: tool.name, err: describeError(err) }, 'tool call failed unexpectedly');
    return { isError: true, text: `${tool.name} failed unexpectedly; the server log (stderr) has the details.` };
  }
}

function invalidArguments(tool: string, errors: FieldError[], lead = `Invalid arguments for ${tool}.`): ToolOutcome {
  const lines = errors.map((e) => (e.message.startsWith(e.path) ? e.message : `${e.path}: ${e.message}`));
  return { isError: true, text: lines.length > 0 ? `${lead} ${lines.join('; ')}.` : lead };
}

// ---------------------------------------------------------------------------------------------
// Summaries

const quoted = (s: string) => `"${s}"`;
const listOrNone = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none');

/** "wrk_tate_N01003 "Magdalen Tower": drawing, Watercolour on paper, 1820, support: 300 x 400 mm, Tate". */
function workLine(w: VerificationResponse['works'][number]): string {
  const said = [w.object_type, w.medium, w.date, w.dimensions, w.collection].filter((v): v is string => v !== null);
  return `${w.work_id} ${quoted(w.title)}: ${said.length > 0 ? said.join(', ') : 'the records do not describe the object'}`;
}

export function verificationSummary(r: VerificationResponse): string {
  const lines = [`Verdict: ${r.verdict} for ${quoted(r.subject.title)} by ${r.subject.artist}.`];
  if (r.matched_artist) lines.push(`Recognised artist: ${r.matched_artist.name} (${r.matched_artist.artist_id}).`);
  if (r.reason) lines.push(`Reason: ${r.reason}.`);
  if (r.parsed.title_read_as !== null) lines.push(`Title read as (multilingual vocabulary, in English): ${quoted(r.parsed.title_read_as)}.`);
  if (r.reason === 'generic_title') lines.push('The title names no one work (a generic title): call again with subject_ref set to one of the near matches\' work_ids.');
  lines.push(
    `Attestations: ${r.attestations.length} (verified pillars: ${listOrNone(r.verified_pillars)}; contradicted pillars: ${listOrNone(r.contradicted_pillars)}).`,
  );
  for (const a of r.attestations.slice(0, 5)) {
    lines.push(`- [${a.pillar}, ${a.verified_by}, confidence ${a.confidence}] ${a.claim} (${a.source_ref})`);
  }
  if (r.attestations.length > 5) lines.push(`- … ${r.attestations.length - 5} more in the JSON below.`);
  if (r.reason === 'object_mismatch') lines.push('The works of this title are another kind of object than the lot (subject_medium / subject_date): they do not attest it.');
  for (const w of (r.works ?? []).slice(0, 5)) lines.push(`Work: ${workLine(w)}`);
  if (r.near_matches.length > 0) {
    lines.push(`Near matches (not verdicts): ${r.near_matches.length}.`);
    for (const m of r.near_matches.slice(0, 5)) {
      lines.push(`- ${quoted(m.title)} by ${m.artist} (work_id ${m.work_id}, ${m.reason}, score ${m.score})`);
    }
    if (r.near_matches.some((m) => m.reason === 'ambiguous_title')) {
      lines.push('Several works share this title: call again with subject_ref set to one of these work_ids.');
    }
  }
  if (r.suggested_requalification) {
    const q = r.suggested_requalification;
    lines.push(`Suggested requalification: ${quoted(q.term_fr)} / ${quoted(q.term_en)} (decree 81-255, ${q.article}). ${q.note}`);
  }
  lines.push(`request_id ${r.request_id}; corpus_revision ${r.corpus_revision}; served_at ${r.served_at}.`);
  lines.push(r.disclaimer);
  return lines.join('\n');
}

export function batchSummary(b: VerifyBatchResult): string {
  const verdicts = new Map<string, number>();
  for (const r of b.results) if (r.result !== null) verdicts.set(r.result.verdict, (verdicts.get(r.result.verdict) ?? 0) + 1);
  const lines = [
    `Batch: ${b.subjects} subjects, ${b.served} answered (${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ') || 'none'}), ${b.errors} error entries.`,
  ];
  for (const r of b.results.slice(0, 20)) {
    const label = r.lot === null ? `#${r.index}` : `#${r.index} (lot ${r.lot})`;
    if (r.result !== null) lines.push(`- ${label}: ${r.result.verdict} for ${quoted(r.result.parsed.title)} by ${r.result.parsed.name}; request_id ${r.result.request_id}`);
    else if (r.error !== null) lines.push(`- ${label}: ${r.error.code}: ${[r.error.detail, ...r.error.errors.map((e) => `${e.path}: ${e.message}`)].join(' ')}`);
  }
  if (b.results.length > 20) lines.push(`- … ${b.results.length - 20} more in the JSON below.`);
  return lines.join('\n');
}

export function coverageSummary(m: CoverageManifest): string {
  const bySource = Object.entries(m.counts.claims_by_source)
    .map(([source, n]) => `${source} ${n}`)
    .join(', ');
  const lines = [
    `Coverage: ${m.counts.artists} artists, ${m.counts.works} works, ${m.counts.claims} claims (by source: ${bySource || 'none'}).`,
    `corpus_revision ${m.corpus_revision}; generated_at ${m.generated_at}.`,
  ];
  if (m.artists_matched !== undefined) {
    lines.push(
      `This page: ${m.artists.length} of ${m.artists_matched} matching artists` +
        (m.artists.length > 0 ? ` (${m.artists.slice(0, 5).map((a) => a.name).join('; ')}${m.artists.length > 5 ? '; …' : ''})` : '') +
        (m.next_cursor ? '; more with cursor = next_cursor.' : '; last page.'),
    );
  }
  if (m.artists.length > 0 || m.artists_matched !== undefined) lines.push('Call verify_art_records only for covered artists (a name or any alias matches).');
  return lines.join('\n');
}
