import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { cryptoIds, sha256KeyHasher, timeOrderedUuid } from '../../adapters/node/node-platform.js';
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

  it('never repeat, and ids of a later millisecond sort after those of an earlier one', async () => {
    const made: string[][] = [];
    for (let i = 0; i < 5; i++) {
      made.push(Array.from({ length: 2_000 }, timeOrderedUuid));
      await new Promise((r) => setTimeout(r, 2));
    }
    const all = made.flat();
    expect(new Set(all).size).toBe(all.length);
    for (let i = 1; i < made.length; i++) expect(made[i - 1]!.at(-1)! < made[i]![0]!).toBe(true);
    // Within a millisecond the order is random (RFC 9562 allows it): what sorts is the time.
    const times = all.map((id) => id.slice(0, 13));
    expect([...times].sort()).toEqual(times);
  });

  it('carry the time they were made in their first 48 bits', () => {
    const before = Date.now();
    const id = timeOrderedUuid();
    const ms = Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });

  it('keep the random part of a version 4 UUID after the version: a shortened id takes its tail', () => {
    const tails = Array.from({ length: 1_000 }, () => timeOrderedUuid().replace(/-/g, '').slice(-16));
    expect(new Set(tails).size).toBe(1_000);
    // 62 random bits and the variant: every hex digit of the tail takes many values.
    for (let d = 1; d < 16; d++) expect(new Set(tails.map((t) => t[d])).size).toBeGreaterThan(8);
  });
});

describe('the API key hasher', () => {
  it('is SHA-256 in hex, as keys were always stored (test vector and a key)', () => {
    expect(sha256KeyHasher.hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // A key's text is hashed as UTF-8.
    expect(sha256KeyHasher.hash('svk_\u00e9')).toBe('f17cc9815300d77b15f5edf6df0d70e20f5def9d8d71e6ee32211711aa51c880');
  });
});
