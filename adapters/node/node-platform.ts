import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { KeyHasher } from '../../core/attestation/ports.js';
import type { Clock, IdGenerator } from '../../core/shared/ports.js';

export const systemClock: Clock = { now: () => new Date() };

export const cryptoIds: IdGenerator = {
  uuid: () => randomUUID(),
  secret: (bytes = 24) => randomBytes(bytes).toString('base64url'),
};

/**
 * API keys are 192-bit random secrets, so a fast hash suffices: there is nothing to
 * brute-force that a slow hash would protect. SHA-256, hex.
 */
export const sha256KeyHasher: KeyHasher = {
  hash: (key) => createHash('sha256').update(key, 'utf8').digest('hex'),
};
