import type { ApiKeyRecord, ApiKeyStore } from '../../core/attestation/ports.js';
import type { KeyPlan } from '../../core/billing/billing.model.js';
import { conflict } from '../../core/shared/errors.js';

/** In-memory fake; passes the same contract suite as the SQL stores. Stored serialised, as a database would. */
export class MemoryApiKeyStore implements ApiKeyStore {
  private readonly byId = new Map<string, string>();

  private records(): ApiKeyRecord[] {
    return [...this.byId.values()].map((json) => JSON.parse(json) as ApiKeyRecord);
  }

  async insert(record: ApiKeyRecord): Promise<void> {
    for (const r of this.records()) {
      if (r.key_hash === record.key_hash || r.key_id === record.key_id) throw conflict(`API key ${record.key_id} (or its hash) exists already.`);
    }
    this.byId.set(record.key_id, JSON.stringify({ ...record, plan: record.plan ?? { plan: 'production' } }));
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    return this.records().find((r) => r.key_hash === keyHash) ?? null;
  }

  async find(keyId: string): Promise<ApiKeyRecord | null> {
    const json = this.byId.get(keyId);
    return json === undefined ? null : (JSON.parse(json) as ApiKeyRecord);
  }

  async list(): Promise<ApiKeyRecord[]> {
    return this.records().sort((a, b) => (a.key_id < b.key_id ? -1 : a.key_id > b.key_id ? 1 : 0));
  }

  async revoke(keyId: string, at: string): Promise<boolean> {
    const r = await this.find(keyId);
    if (!r) return false;
    if (r.revoked_at === null) this.byId.set(keyId, JSON.stringify({ ...r, revoked_at: at }));
    return true;
  }

  async setPlan(keyId: string, plan: KeyPlan): Promise<boolean> {
    const r = await this.find(keyId);
    if (!r) return false;
    this.byId.set(keyId, JSON.stringify({ ...r, plan }));
    return true;
  }
}
