import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../core/attestation/ports.js';
import { BilledRequests } from '../../../core/attestation/use-cases/billed-requests.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';
import { MemoryVerificationLedger } from '../../../adapters/memory/memory-verification.ledger.js';
import { aTrace } from '../../fixtures/verification-trace-mother.js';

const keyA: Caller = { tier: 'production', key_id: 'key_a', per_minute: 60 };
const keyB: Caller = { tier: 'production', key_id: 'key_b', per_minute: 60 };
const sandbox: Caller = { tier: 'sandbox' };

function setup() {
  const ledger = new MemoryVerificationLedger();
  return { ledger, billed: new BilledRequests(ledger, new HmacCursorSealer('unit-test-secret-unit-test-secret!!')) };
}

describe('BilledRequests (on the memory ledger)', () => {
  it("lists a production key's archived calls of one month in served order, page by page, each once; other keys and months apart", async () => {
    const { ledger, billed } = setup();
    const mine = [];
    for (let i = 0; i < 5; i++) {
      const t = aTrace({ key_id: 'key_a', served_at: `2026-11-0${i + 1}T10:00:00.000Z` });
      mine.push(t.request_id);
      await ledger.record(t);
    }
    await ledger.record(aTrace({ key_id: 'key_b', served_at: '2026-11-02T10:00:00.000Z' }));
    await ledger.record(aTrace({ key_id: 'key_a', served_at: '2026-10-31T23:59:59.999Z' }));
    const walked: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await billed.list(keyA, '2026-11', { limit: 2, cursor });
      walked.push(...page.data.map((r) => r.request_id));
      if (page.next_cursor === null) break;
      cursor = page.next_cursor;
    }
    expect(walked).toEqual(mine);
  });

  it("refuses the sandbox, and a cursor made for another key or month", async () => {
    const { ledger, billed } = setup();
    for (let i = 0; i < 3; i++) await ledger.record(aTrace({ key_id: 'key_a', served_at: `2026-11-0${i + 1}T10:00:00.000Z` }));
    await expect(billed.list(sandbox, '2026-11', { limit: 2 })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const { next_cursor } = await billed.list(keyA, '2026-11', { limit: 1 });
    expect(next_cursor).not.toBeNull();
    await expect(billed.list(keyB, '2026-11', { limit: 1, cursor: next_cursor! })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(billed.list(keyA, '2026-10', { limit: 1, cursor: next_cursor! })).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});
