import type { Generated } from 'kysely';

/** Tables of the oracle: API keys, the verification archive and its dictionaries, the meter (migrations 0001, 0010), as Kysely sees them. */
export interface AttestationTables {
  api_keys: ApiKeysTable;
  verification_archive: VerificationArchiveTable;
  archive_dictionaries: ArchiveDictionariesTable;
  verification_usage: VerificationUsageTable;
}

export interface ApiKeysTable {
  key_id: string;
  key_hash: string;
  label: string;
  per_minute: number;
  created_at: string;
  revoked_at: string | null;
  /** `production`, `pilot` (free until `plan_until`, a day) or `custom` (`price_list_json`). */
  plan: string;
  plan_until: string | null;
  price_list_json: string | null;
}

/** A served verification, compact (migration 0010, adapters/sql/archive-codec.ts). */
export interface VerificationArchiveTable {
  request_id: string;
  served_at: string;
  tier: string;
  key_id: string | null;
  /** What the listing of billed requests shows, in plain columns. */
  verdict: string;
  subject_artist: string;
  subject_title: string;
  /** The `archive_dictionaries` row `body` was compressed against. */
  dictionary_id: number;
  /** The request's and the response's JSON texts as served, compressed (archive-codec.ts). */
  body: Uint8Array;
}

/** Text every archived response repeats, stored once: the preset dictionaries of `body`. */
export interface ArchiveDictionariesTable {
  dictionary_id: Generated<number>;
  sha256: string;
  content: Uint8Array;
}

export interface VerificationUsageTable {
  /** `sandbox` for the keyless tier, else the production key id. */
  meter_id: string;
  month: string;
  served_calls: number;
}
