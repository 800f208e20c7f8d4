import type { ApiKeyRecord, ApiKeyStore } from '../../core/attestation/ports.js';

/** In-memory fake; passes the same contract suite as the SQL stores. */
export class MemoryApiKeyStore implements ApiKeyStore {
  private readonly byId = new Map<string, ApiKeyRecord>();

  async insert(record: ApiKeyRecord): Promise<void> {
    for (const r of this.byId.values()) {
      if (r.key_hash === record.key_hash || r.key_id === record.key_id) throw new Error('duplicate API key');
    }
    this.byId.set(record.key_id, { ...record });
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    for (const r of this.byId.values()) if (r.key_hash === keyHash) return { ...r };
    return null;
  }

  async revoke(keyId: string, at: string): Promise<boolean> {
    const r = this.byId.get(keyId);
    if (!r) return false;
    if (r.revoked_at === null) r.revoked_at = at;
    return true;
  }
}
