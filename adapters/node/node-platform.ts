import { createHash, randomBytes } from 'node:crypto';
import { v7 } from 'uuid';
import type { KeyHasher } from '../../core/attestation/ports.js';
import type { Clock, IdGenerator } from '../../core/shared/ports.js';

export const systemClock: Clock = { now: () => new Date() };

/**
 * Version 7 UUIDs (ADR 0056): 48 bits of Unix milliseconds, then a counter that keeps one
 * process's ids in order within a millisecond, then 62 random bits (the `uuid` package).
 */
export const timeOrderedUuid = (): string => v7();

export const cryptoIds: IdGenerator = {
  uuid: timeOrderedUuid,
  secret: (bytes = 24) => randomBytes(bytes).toString('base64url'),
};

/**
 * API keys are 192-bit random secrets, so a fast hash suffices: there is nothing to
 * brute-force that a slow hash would protect. SHA-256, hex.
 */
export const sha256KeyHasher: KeyHasher = {
  hash: (key) => createHash('sha256').update(key, 'utf8').digest('hex'),
};
