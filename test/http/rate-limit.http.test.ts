import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import { ATTESTATION } from '../../runtimes/shared/composition/attestation.tokens.js';
import { httpCorpus } from '../support/http-corpus.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ snapshot: httpCorpus, env: { RATE_LIMIT_VERIFY_SANDBOX_PER_MINUTE: '3' } });
});
afterAll(async () => h.stop());

const subject = { subject_artist: 'Turner', subject_title: 'Snow Storm' };

describe('verify rate limits', () => {
  it('sandbox: the limit-th request passes, the next is a 429 problem with Retry-After; headers on each', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await call(h.url, 'POST', '/api/v1/verify', { json: subject });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(3 - i));
      expect(res.headers.get('ratelimit-policy')).toBe('"verify-sandbox";q=3;w=60');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"verify-sandbox";r=${3 - i};t=\\d+$`));
    }
    const refused = await call(h.url, 'POST', '/api/v1/verify', { json: subject });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit')).toMatch(/r=0/);
    expect(refused.body.status).toBe(429);
  });

  it('a key has its own budget, set per key, and a refused call is not metered', async () => {
    const keys = h.container.get<ApiKeys>(ATTESTATION.ApiKeys);
    const created = await keys.create('small', 2);
    const headers = { 'x-api-key': created.key };
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers })).status).toBe(200);
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers })).status).toBe(200);
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers })).status).toBe(429);
    const other = await keys.create('other', 2);
    expect((await call(h.url, 'POST', '/api/v1/verify', { json: subject, headers: { 'x-api-key': other.key } })).status).toBe(200);
    const ledger = h.container.get<any>(ATTESTATION.VerificationLedger);
    expect(await ledger.servedCalls(created.key_id, new Date().toISOString().slice(0, 7))).toBe(2);
  });
});
