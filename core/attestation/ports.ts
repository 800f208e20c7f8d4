import type { KeyPlan } from '../billing/billing.model.js';
import type { AnnotatedTable, ReadSheet, SheetSource } from './catalogue/catalogue.model.js';
import type { CorpusIndex } from './corpus/corpus-index.js';
import type { ObjectType } from './corpus/corpus.model.js';
import type { OperatorImport, OperatorImportBatch, OperatorResearch } from './operator-research/operator-research.model.js';
import type { MatchedArtist, ParsedSubject, UnavailableReason, Verdict, VerificationResponse, VerifyInput, WorkDescription } from './verdict/verification.model.js';

/** The corpus the oracle answers from right now, with its revision label. */
export interface CorpusProvider {
  current(): CorpusView;
}

export interface CorpusView {
  index: CorpusIndex;
  revision: string;
}

export type Tier = 'sandbox' | 'production';

/** Who asks: the sandbox (no key) or the holder of a production key. */
export type Caller = { tier: 'sandbox' } | { tier: 'production'; key_id: string; per_minute: number };

export interface ApiKeyRecord {
  key_id: string;
  label: string;
  per_minute: number;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
  /** What the key pays (docs/decisions/0016-plans-pricing-invoicing.md); absent: production. Stores always return it. */
  plan?: KeyPlan;
}

export interface ApiKeyStore {
  /** Throws a CONFLICT DomainError, storing nothing, when the id or the hash is taken. */
  insert(record: ApiKeyRecord): Promise<void>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  find(keyId: string): Promise<ApiKeyRecord | null>;
  /** Every key, revoked ones included, by key_id. */
  list(): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked; false when no such key exists. Revoking twice is not an error. */
  revoke(keyId: string, at: string): Promise<boolean>;
  /** Gives the key another plan; false when no such key exists. */
  setPlan(keyId: string, plan: KeyPlan): Promise<boolean>;
}

/** One-way hash of an API key; only the hash is ever stored. */
export interface KeyHasher {
  hash(key: string): string;
}

/**
 * A response as the archive holds it: what a trace recorded when it was served. Traces served
 * before subjects were read in catalogue forms (release 2.2 and earlier) have no `parsed`; those
 * served before release 2.5 no `object_type` and `title_read_as` in it, nor `matched_artist`,
 * `reason` and `works`. A response served today is one (`VerificationResponse` is assignable).
 */
/** The subject as read, as archived: `object_type` and `title_read_as` arrived in release 2.5. */
export interface ArchivedParsedSubject extends Omit<ParsedSubject, 'object_type' | 'title_read_as'> {
  object_type?: ObjectType | null;
  title_read_as?: string | null;
}

export interface ArchivedVerificationResponse extends Omit<VerificationResponse, 'parsed' | 'matched_artist' | 'reason' | 'works'> {
  parsed?: ArchivedParsedSubject;
  matched_artist?: MatchedArtist | null;
  reason?: UnavailableReason | null;
  works?: WorkDescription[];
}

export interface VerificationTrace {
  request_id: string;
  served_at: string;
  tier: Tier;
  key_id: string | null;
  request: VerifyInput;
  response: ArchivedVerificationResponse;
}

/** One archived, hence billed, verification of a key: a line of its invoice reconciliation. */
export interface BilledRequest {
  request_id: string;
  served_at: string;
  verdict: Verdict;
  subject: { artist: string; title: string };
}

/** A place in a key's archive order: `served_at`, then `request_id`. */
export interface ArchivePosition {
  served_at: string;
  request_id: string;
}

/**
 * The audit archive and the meter. `record` archives a served verification and counts it
 * against its key's month in ONE transaction: a verification is either archived and
 * metered, or neither (ADR 0002: what is metered is what was archived).
 */
/** A trace with the response's one serialisation (`responseJson`, the bytes served; absent: made by the ledger). */
export interface RecordedVerification {
  trace: VerificationTrace;
  responseJson?: string;
}

export interface VerificationLedger {
  /**
   * Throws a CONFLICT DomainError, writing nothing, when the request_id is archived already.
   * `responseJson` is the response's one serialisation, which the caller also sends, so the
   * archive holds the bytes served; absent, the ledger serialises the response itself.
   */
  record(trace: VerificationTrace, responseJson?: string): Promise<void>;
  /**
   * Several verifications archived and metered as one unit: all of them, or none (one
   * transaction). A batch writes its subjects so, a group at a time (ADR 0050), instead of one
   * transaction each. Throws CONFLICT, writing nothing, when any request_id is archived already.
   */
  recordAll(entries: readonly RecordedVerification[]): Promise<void>;
  find(requestId: string): Promise<VerificationTrace | null>;
  /** Served calls of a key in a month (`YYYY-MM`). */
  servedCalls(keyId: string, month: string): Promise<number>;
  /**
   * The key's archived verifications served within `[from, to)` (ISO instants), in
   * (`served_at`, `request_id`) order strictly after `after`, at most `limit`: exactly what
   * `servedCalls` counts for a month.
   */
  billed(keyId: string, range: { from: string; to: string }, after: ArchivePosition | null, limit: number): Promise<BilledRequest[]>;
}

/**
 * Where operator research is kept. Each import is applied whole in one transaction as the next
 * revision, or not at all; readers see whole imports only.
 */
export interface OperatorResearchStore {
  /** Revision of the latest applied import (0 before any): cheap, polled by the servers. */
  revision(): Promise<number>;
  /** Everything applied, with the revision it amounts to, read in one consistent snapshot. */
  load(): Promise<OperatorResearch>;
  /**
   * Applies the batch as revision `expected_revision + 1`. Throws a CONFLICT DomainError, and
   * applies nothing, when another import was applied since (the revision moved) or an id the
   * batch adds is taken.
   */
  apply(batch: OperatorImportBatch): Promise<OperatorImport>;
  /** Applied imports, oldest first. */
  imports(): Promise<OperatorImport[]>;
}

/**
 * Catalogue files (issue 26, ADR 0041): reads a CSV or XLSX the client sent (untrusted: bounded
 * in bytes, rows, columns, cells, inflated bytes and time, read off the event loop; formulas
 * read as their cached value or text, never evaluated) and writes an annotated one.
 * Over a bound: a PAYLOAD_TOO_LARGE DomainError naming it; an unreadable file: VALIDATION.
 */
export interface CatalogueFiles {
  /** Takes `file` over: its bytes may be moved to another thread (the caller reads them no more). */
  read(file: Uint8Array): Promise<ReadSheet>;
  write(table: AnnotatedTable, format: 'csv' | 'xlsx', source: SheetSource): Promise<Uint8Array>;
}
