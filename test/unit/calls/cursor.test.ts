import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cursorContext, decodeCursor, encodeCursor } from '../../../core/calls/cursor.js';
import { HmacCursorSealer } from '../../../adapters/node/hmac-cursor.sealer.js';

const sealer = new HmacCursorSealer('a-test-secret-of-at-least-thirty-two-chars');
const context = cursorContext('acme', { terms: [] });

const positionArb = fc.record({
  started_at: fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  call_id: fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/),
});

describe('cursors', () => {
  it('round-trip every position (fast-check)', () => {
    fc.assert(
      fc.property(positionArb, (position) => {
        const cursor = encodeCursor(sealer, position, context);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
        expect(decodeCursor(sealer, cursor, context)).toEqual(position);
      }),
      { numRuns: 500 },
    );
  });

  it('refuse any change of a character (fast-check)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    fc.assert(
      fc.property(positionArb, fc.nat(), fc.constantFrom(...alphabet), (position, at, replacement) => {
        const cursor = encodeCursor(sealer, position, context);
        const i = at % cursor.length;
        fc.pre(cursor[i] !== replacement);
        const tampered = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
        expect(() => decodeCursor(sealer, tampered, context)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
      }),
      { numRuns: 500 },
    );
  });

  it('refuse truncation, extension, garbage and a cursor of another query, tenant or secret', () => {
    const position = { started_at: '2026-11-03T10:00:00.000Z', call_id: 'call_1' };
    const cursor = encodeCursor(sealer, position, context);
    const bad = (c: string, ctx = context, s = sealer) => expect(() => decodeCursor(s, c, ctx)).toThrow(expect.objectContaining({ code: 'VALIDATION', errors: [expect.objectContaining({ path: 'cursor' })] }));
    bad(cursor.slice(0, -1));
    bad(`${cursor}A`);
    bad('');
    bad('not-a-cursor');
    bad('x'.repeat(600));
    bad(`${Buffer.from(JSON.stringify([1, position.started_at, position.call_id])).toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`);
    bad(cursor, cursorContext('acme', { terms: [], channel: 'voice' }));
    bad(cursor, cursorContext('globex', { terms: [] }));
    bad(cursor, cursorContext('acme', { terms: [{ text: 'refund', prefix: false }] }));
    bad(cursor, context, new HmacCursorSealer('another-secret-of-at-least-thirty-two-chars'));
  });

  it('refuse a well-sealed payload that is not a position', () => {
    for (const payload of ['{}', '[2,"2026-11-03T10:00:00.000Z","c"]', '[1,"2026-11-03T10:00:00Z","c"]', '[1,"2026-11-03T10:00:00.000Z","bad id"]', 'nope']) {
      expect(() => decodeCursor(sealer, sealer.seal(payload, context), context)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    }
  });
});
