import type { CorpusIndex } from './corpus-index.js';
import type { VerificationResponse, VerifyInput } from './verification.model.js';

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
}

export interface ApiKeyStore {
  insert(record: ApiKeyRecord): Promise<void>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** Marks the key revoked; false when no such key exists. Revoking twice is not an error. */
  revoke(keyId: string, at: string): Promise<boolean>;
}

/** One-way hash of an API key; only the hash is ever stored. */
export interface KeyHasher {
  hash(key: string): string;
}

export interface VerificationTrace {
  request_id: string;
  served_at: string;
  tier: Tier;
  key_id: string | null;
  request: VerifyInput;
  response: VerificationResponse;
}

/**
 * The audit archive and the meter. `record` archives a served verification and counts it
 * against its key's month in ONE transaction: a verification is either archived and
 * metered, or neither.
 */
export interface VerificationLedger {
  record(trace: VerificationTrace): Promise<void>;
  find(requestId: string): Promise<VerificationTrace | null>;
  /** Served calls of a key in a month (`YYYY-MM`). */
  servedCalls(keyId: string, month: string): Promise<number>;
}
