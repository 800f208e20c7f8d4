import { type KeyPlan, PRODUCTION_PLAN } from '../../billing/billing.model.js';
import { checkPriceList, parseDay } from '../../billing/pricing.js';
import { notFound, unauthenticated, validationError } from '../../shared/errors.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import type { ApiKeyStore, Caller, KeyHasher } from '../ports.js';

export const DEFAULT_KEY_PER_MINUTE = 600;

export interface CreatedKey {
  key_id: string;
  key: string;
  label: string;
  per_minute: number;
  plan: KeyPlan;
}

/** A plan as given to `key create` / `key plan`, checked (a pilot's end is a real day). */
export function checkPlan(plan: KeyPlan): KeyPlan {
  if (plan.plan === 'pilot' && parseDay(plan.until) === null) {
    throw validationError('A pilot needs --until YYYY-MM-DD, a calendar day.', [{ path: 'until', message: 'must be a day YYYY-MM-DD' }]);
  }
  if (plan.plan === 'custom') checkPriceList(plan.price_list, 'price_list');
  return plan;
}

/**
 * Production keys: created and revoked by the operator, checked on every keyed request (the
 * runtimes bind the store behind a short-lived cache, `LruApiKeyStore`: ADR 0002).
 */
export class ApiKeys {
  constructor(
    private readonly store: ApiKeyStore,
    private readonly hasher: KeyHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly defaultPerMinute: number = DEFAULT_KEY_PER_MINUTE,
  ) {}

  async create(label: string, perMinute?: number, plan: KeyPlan = PRODUCTION_PLAN): Promise<CreatedKey> {
    const cleanLabel = label.trim();
    if (cleanLabel.length === 0 || cleanLabel.length > 200) {
      throw validationError('The label must be 1 to 200 characters.', [
        { path: 'label', message: 'must be 1 to 200 characters' },
      ]);
    }
    const limit = perMinute ?? this.defaultPerMinute;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1_000_000) {
      throw validationError('per_minute must be an integer from 1 to 1000000.', [
        { path: 'per_minute', message: 'must be an integer from 1 to 1000000' },
      ]);
    }
    checkPlan(plan);
    const key = `svk_${this.ids.secret(24)}`;
    const key_id = `key_${this.ids.secret(8)}`;
    await this.store.insert({
      key_id,
      label: cleanLabel,
      per_minute: limit,
      key_hash: this.hasher.hash(key),
      created_at: this.clock.now().toISOString(),
      revoked_at: null,
      plan,
    });
    return { key_id, key, label: cleanLabel, per_minute: limit, plan };
  }

  /** Gives a key another plan (a pilot extended or ended, a custom price list). */
  async setPlan(keyId: string, plan: KeyPlan): Promise<{ key_id: string; plan: KeyPlan }> {
    checkPlan(plan);
    if (!(await this.store.setPlan(keyId, plan))) throw notFound(`No API key with id ${keyId}.`);
    return { key_id: keyId, plan };
  }

  async revoke(keyId: string): Promise<{ key_id: string; revoked: true }> {
    const found = await this.store.revoke(keyId, this.clock.now().toISOString());
    if (!found) throw notFound(`No API key with id ${keyId}.`);
    return { key_id: keyId, revoked: true };
  }

  /** The caller a presented key stands for. Unknown or revoked: 401, never the sandbox. */
  async authenticate(presented: string | undefined): Promise<Caller> {
    if (presented === undefined) return { tier: 'sandbox' };
    if (presented.length === 0 || presented.length > 200) throw unauthenticated('The API key is unknown or revoked.');
    const record = await this.store.findByHash(this.hasher.hash(presented));
    if (!record || record.revoked_at !== null) throw unauthenticated('The API key is unknown or revoked.');
    return { tier: 'production', key_id: record.key_id, per_minute: record.per_minute };
  }
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function parseMonth(month: string | undefined, now: Date): string {
  if (month === undefined) return now.toISOString().slice(0, 7);
  if (!MONTH.test(month)) {
    throw validationError('month must have the form YYYY-MM.', [{ path: 'month', message: 'must match YYYY-MM' }]);
  }
  return month;
}
