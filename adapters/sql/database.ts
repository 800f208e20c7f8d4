import type { Generated } from 'kysely';

/** Tables as Kysely sees them. Shared by every SQL dialect adapter. */
export interface Database {
  api_keys: ApiKeysTable;
  verification_archive: VerificationArchiveTable;
  verification_usage: VerificationUsageTable;
}

export interface ApiKeysTable {
  key_id: string;
  key_hash: string;
  label: string;
  per_minute: number;
  created_at: string;
  revoked_at: string | null;
}

export interface VerificationArchiveTable {
  seq: Generated<number>;
  request_id: string;
  served_at: string;
  tier: string;
  key_id: string | null;
  request_json: string;
  response_json: string;
}

export interface VerificationUsageTable {
  /** `sandbox` for the keyless tier, else the production key id. */
  meter_id: string;
  month: string;
  served_calls: number;
}

/** What differs between SQL databases, declared by each dialect adapter. */
export interface SqlCapabilities {
  dialect: 'sqlite' | 'postgres';
}
