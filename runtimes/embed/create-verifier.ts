import { randomBytes } from 'node:crypto';
import { loadCorpusSnapshot } from '../../adapters/corpus/file-corpus.loader.js';
import { eventLoopScheduler } from '../../adapters/node/event-loop-scheduler.js';
import { HmacCursorSealer } from '../../adapters/node/hmac-cursor.sealer.js';
import { cryptoIds, systemClock } from '../../adapters/node/node-platform.js';
import { CorpusHolder } from '../../core/attestation/operator-research/corpus-provider.js';
import type { CorpusSnapshot } from '../../core/attestation/corpus/corpus.model.js';
import { buildCoverage, type CoverageQuery, coveragePage, isCoverageQuery } from '../../core/attestation/corpus/coverage.js';
import { AttestationEngine } from '../../core/attestation/use-cases/verify-attribution.js';
import { verifyBatch, type VerifyBatchResult } from '../../core/attestation/use-cases/verify-batch.js';
import { ENGINE_ID, type CoverageManifest, type VerificationResponse } from '../../core/attestation/verdict/verification.model.js';
import { DomainError } from '../../core/shared/errors.js';
import { CoverageToolInputSchema, readBatchEntries, readVerifyInput, VerifyBatchEnvelopeSchema } from '../shared/schemas/attestation.schemas.js';
import { fieldErrorsOf } from '../shared/schemas/field-errors.js';
import { WorkerCatalogueFiles } from '../../adapters/node/catalogue-files.js';
import type { CatalogueRow, CatalogueSummary } from '../../core/attestation/catalogue/annotation.js';
import type { CatalogueColumns, CatalogueMapping } from '../../core/attestation/catalogue/catalogue.model.js';
import { planCatalogue, verifyCatalogue as verifyCatalogueRows } from '../../core/attestation/use-cases/verify-catalogue.js';
import { CatalogueToolInputSchema } from '../shared/schemas/catalogue.schemas.js';

export interface VerifierOptions {
  /** Directory of a corpus build (manifest.json, artists/works NDJSON). Default: the bundled corpus. */
  corpusDir?: string;
  /** An already loaded corpus; wins over corpusDir. */
  snapshot?: CorpusSnapshot;
}

export type { VerifyBatchResult };

/** A verified catalogue: what `POST /api/v1/verify/catalogue` answers as JSON. */
export interface VerifyCatalogueResult {
  columns: CatalogueColumns;
  rows: CatalogueRow[];
  summary: CatalogueSummary;
}

export interface Verifier {
  /** Same verdicts as `POST /api/v1/verify`. Rejects with a DomainError (code VALIDATION) on bad input. */
  verify(input: { subject_artist: string; subject_title: string; subject_ref?: string; subject_medium?: string; subject_date?: string }): Promise<VerificationResponse>;
  /**
   * Same results as `POST /api/v1/verify/batch` (nothing archived or metered): one per subject, in
   * order, a bad subject an error entry in its place. Rejects (code VALIDATION) when `subjects`
   * is not an array of 1 to 1,000 entries. The subjects are answered a few milliseconds at a
   * time, letting the host's other work run between; when `signal` aborts, no further subject is
   * answered and the promise rejects with the signal's reason (an `AbortError` by default).
   */
  verifyBatch(subjects: readonly unknown[], options?: { signal?: AbortSignal }): Promise<VerifyBatchResult>;
  /**
   * Same manifest as `GET /api/v1/verify/coverage`; with a query (`artist`, `prefix`, `limit`,
   * `cursor`), one page of the matching artists, as the endpoint with those parameters.
   * Rejects with a DomainError (code VALIDATION) on a bad query or a cursor of another query.
   */
  coverage(query?: CoverageQuery): Promise<CoverageManifest>;
  /**
   * Same answer as `POST /api/v1/verify/catalogue` with JSON `{csv, mapping}` (nothing archived or
   * metered): the CSV text read off the event loop within the catalogue's limits, its columns found
   * from the header line (or `mapping`), every row verified. Rejects with a DomainError: VALIDATION
   * (bad arguments, unreadable CSV), PAYLOAD_TOO_LARGE (over a limit, named), or UNPROCESSABLE
   * with kind `catalogue-columns` and details `{headers, missing}` when lot, artist or title is not found.
   */
  verifyCatalogue(csv: string, options?: { mapping?: CatalogueMapping; signal?: AbortSignal }): Promise<VerifyCatalogueResult>;
}

/**
 * The oracle for embedding in another Node service: in-process, on the bundled corpus,
 * through the same core as the HTTP API. Nothing is archived or metered.
 */
export function createVerifier(options: VerifierOptions = {}): Verifier {
  let loaded: Promise<{ holder: CorpusHolder; engine: AttestationEngine }> | undefined;
  const corpus = () =>
    (loaded ??= (options.snapshot ? Promise.resolve(options.snapshot) : loadCorpusSnapshot(options.corpusDir)).then((snapshot) => {
      const holder = new CorpusHolder(snapshot);
      return { holder, engine: new AttestationEngine(holder, systemClock, cryptoIds) };
    }));

  // Coverage cursors are sealed with a key of this verifier's own: valid while it lives.
  const cursors = new HmacCursorSealer(randomBytes(32));
  const catalogueFiles = new WorkerCatalogueFiles();
  return {
    async verify(input) {
      const read = readVerifyInput(input, 'input');
      if (!read.ok) throw new DomainError('VALIDATION', 'Invalid verification request.', read.errors);
      return (await corpus()).engine.answer(read.input);
    },
    async verifyBatch(subjects, { signal } = {}) {
      signal?.throwIfAborted();
      const envelope = VerifyBatchEnvelopeSchema.safeParse({ subjects });
      if (!envelope.success) throw new DomainError('VALIDATION', 'Invalid verification batch.', fieldErrorsOf(envelope.error, 'subjects'));
      const { engine } = await corpus();
      const outcome = await verifyBatch(
        readBatchEntries(envelope.data.subjects),
        { serve: async (input) => engine.answer(input) },
        { signal, scheduler: eventLoopScheduler },
      );
      if (outcome.cancelled) signal?.throwIfAborted();
      return { engine: ENGINE_ID, subjects: outcome.results.length, served: outcome.served, errors: outcome.errors, results: outcome.results };
    },
    async verifyCatalogue(csv, { mapping, signal } = {}) {
      signal?.throwIfAborted();
      const parsed = CatalogueToolInputSchema.safeParse({ csv, ...(mapping !== undefined ? { mapping } : {}) });
      if (!parsed.success) throw new DomainError('VALIDATION', 'Invalid catalogue.', fieldErrorsOf(parsed.error, 'arguments'));
      const read = await catalogueFiles.read(new TextEncoder().encode(parsed.data.csv));
      const plan = planCatalogue(read.sheet, parsed.data.mapping, { sandbox: false });
      const { engine } = await corpus();
      const outcome = await verifyCatalogueRows(plan, readBatchEntries, { serve: async (input) => engine.answer(input) }, { signal, scheduler: eventLoopScheduler });
      if (outcome.cancelled) signal?.throwIfAborted();
      return { columns: plan.found.columns, rows: outcome.rows, summary: outcome.summary };
    },
    async coverage(query) {
      const parsed = CoverageToolInputSchema.safeParse(query ?? {});
      if (!parsed.success) throw new DomainError('VALIDATION', 'Invalid coverage query.', fieldErrorsOf(parsed.error, 'query'));
      const { index, revision } = (await corpus()).holder.current();
      const now = systemClock.now().toISOString();
      return isCoverageQuery(parsed.data) ? coveragePage(index, revision, now, parsed.data, cursors) : buildCoverage(index, revision, now);
    },
  };
}
