import { describe, expect, it } from 'vitest';
import { CorpusHolder } from '../../../core/attestation/operator-research/corpus-provider.js';
import type { Caller } from '../../../core/attestation/ports.js';
import { AuditTrail } from '../../../core/attestation/use-cases/audit-trail.js';
import { AttestationEngine, VerifyAttribution } from '../../../core/attestation/use-cases/verify-attribution.js';
import { cryptoIds } from '../../../adapters/node/node-platform.js';
import { MemoryVerificationLedger } from '../../../adapters/memory/memory-verification.ledger.js';
import { aTrace } from '../../fixtures/verification-trace-mother.js';

const keyA: Caller = { tier: 'production', key_id: 'key_a', per_minute: 60 };
const keyB: Caller = { tier: 'production', key_id: 'key_b', per_minute: 60 };
const sandbox: Caller = { tier: 'sandbox' };
const NOW = new Date('2026-11-25T12:00:00.000Z');

function setup() {
  const ledger = new MemoryVerificationLedger();
  // An empty corpus: every verification answers unavailable.
  const engine = new AttestationEngine(new CorpusHolder({ build_id: 'unit', artists: [], works: [] }), { now: () => NOW }, cryptoIds);
  return { ledger, audit: new AuditTrail(ledger, new VerifyAttribution(engine, ledger)) };
}

describe('AuditTrail (on the memory ledger)', () => {
  it("reads a production trace for its own key only (another key's is a 404, never a 403); a sandbox trace for anyone with its id", async () => {
    const { ledger, audit } = setup();
    const own = aTrace({ key_id: 'key_a' });
    const open = aTrace({ tier: 'sandbox', key_id: null });
    await ledger.record(own);
    await ledger.record(open);
    expect(await audit.read(own.request_id, keyA)).toEqual(own);
    await expect(audit.read(own.request_id, keyB)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(audit.read(own.request_id, sandbox)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await audit.read(open.request_id, keyB)).request_id).toBe(open.request_id);
    await expect(audit.read(crypto.randomUUID(), keyA)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads several traces in the order asked, with the same visibility: one invisible or unknown id is a 404 naming it', async () => {
    const { ledger, audit } = setup();
    const own = [aTrace({ key_id: 'key_a' }), aTrace({ key_id: 'key_a' })];
    const open = aTrace({ tier: 'sandbox', key_id: null });
    const other = aTrace({ key_id: 'key_b' });
    await ledger.recordAll([...own, open, other].map((trace) => ({ trace })));
    expect(await audit.readAll([own[1]!.request_id, open.request_id, own[0]!.request_id], keyA)).toEqual([own[1], open, own[0]]);
    await expect(audit.readAll([own[0]!.request_id, other.request_id], keyA)).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining(other.request_id) });
    const unknown = crypto.randomUUID();
    await expect(audit.readAll([unknown], keyA)).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining(unknown) });
  });

  it("replays the archived subject on today's corpus as a new served call, saying whether the outcome changed", async () => {
    const { ledger, audit } = setup();
    // The answer the empty corpus gives (every outcome field counts, the reason too: ADR 0040).
    const same = aTrace({ key_id: 'key_a' });
    same.response = { ...same.response, reason: 'artist_not_covered' };
    const otherReason = aTrace({ key_id: 'key_a' });
    const attested = aTrace({ key_id: 'key_a' });
    attested.response = { ...attested.response, verdict: 'attested', verified_pillars: ['authentication'] };
    await ledger.record(same);
    await ledger.record(attested);
    await ledger.record(otherReason);
    const replayId = crypto.randomUUID();
    const unchanged = await audit.replay(same.request_id, keyA, replayId);
    expect(unchanged).toMatchObject({ changed: false, original: same.response, replay: { verdict: 'unavailable', request_id: replayId } });
    // The replay is archived (and billed) under its own id, visible to the same key.
    expect((await audit.read(replayId, keyA)).request).toEqual(same.request);
    expect((await audit.replay(attested.request_id, keyA)).changed).toBe(true);
    expect((await audit.replay(otherReason.request_id, keyA)).changed).toBe(true);
    await expect(audit.replay(same.request_id, keyB)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
