import { createHash } from 'node:crypto';
import type { ContentDigest } from '../../core/knowledge/ports.js';

/** A knowledge document's digest: SHA-256 of its bytes, in lower-case hex. */
export const sha256Digest: ContentDigest = {
  sha256: (content) => createHash('sha256').update(content).digest('hex'),
};
