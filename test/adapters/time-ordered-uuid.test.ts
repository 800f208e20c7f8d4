import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { cryptoIds, timeOrderedUuid } from '../../adapters/node/node-platform.js';
import { ARCHIVE_REQUEST_ID } from '../../core/attestation/use-cases/verify-attribution.js';

/** ADR 0056: the platform's ids are RFC 9562 version 7 UUIDs, ordered by creation time. */
describe('time-ordered UUIDs', () => {
  it('are canonical version 7 UUIDs, accepted as archive request ids and by the API schemas', () => {
    for (let i = 0; i < 100; i++) {
      const id = cryptoIds.uuid();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ARCHIVE_REQUEST_ID.test(id)).toBe(true);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
  });

  it('sort in the order they were made, within one millisecond too, and never repeat', () => {
    const made = Array.from({ length: 20_000 }, timeOrderedUuid);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('carry the time they were made in their first 48 bits', () => {
    const before = Date.now();
    const id = timeOrderedUuid();
    const ms = Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });

  it('keep 62 random bits at their end: the part a shortened id takes', () => {
    const tails = new Set(Array.from({ length: 1_000 }, () => timeOrderedUuid().replace(/-/g, '').slice(-16)));
    expect(tails.size).toBe(1_000);
  });
});
