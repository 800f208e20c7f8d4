import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CursorSealer } from '../../core/shared/ports.js';

const TAG_BYTES = 16;

/**
 * `base64url(payload).base64url(tag)`, the tag an HMAC-SHA256 (truncated to 128 bits) over
 * the context and the payload. A token changed in any byte, or presented with another
 * context, does not open.
 */
export class HmacCursorSealer implements CursorSealer {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    // A key of its own, derived from the service secret: a cursor tag is never a token signature.
    this.key = createHmac('sha256', secret).update('svc/cursor/v1').digest();
  }

  seal(payload: string, context: string): string {
    const body = Buffer.from(payload, 'utf8').toString('base64url');
    return `${body}.${this.tag(body, context).toString('base64url')}`;
  }

  open(token: string, context: string): string | null {
    const dot = token.indexOf('.');
    if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
    const body = token.slice(0, dot);
    const tagText = token.slice(dot + 1);
    if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(tagText)) return null;
    const presented = Buffer.from(tagText, 'base64url');
    // base64url decoding ignores trailing bits: a re-encoding check refuses altered spellings.
    if (presented.length !== TAG_BYTES || presented.toString('base64url') !== tagText) return null;
    if (!timingSafeEqual(presented, this.tag(body, context))) return null;
    const payload = Buffer.from(body, 'base64url');
    return payload.toString('base64url') === body ? payload.toString('utf8') : null;
  }

  private tag(body: string, context: string): Buffer {
    return createHmac('sha256', this.key).update(context).update('\u0000').update(body).digest().subarray(0, TAG_BYTES);
  }
}
