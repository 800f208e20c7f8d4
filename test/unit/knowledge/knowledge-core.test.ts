import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitIntoChunks } from '../../../core/knowledge/chunking.js';
import { judgeContent } from '../../../core/knowledge/content-sniff.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('splitIntoChunks', () => {
  it('keeps every word, chunks near the target, overlaps on sentence boundaries', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { minLength: 1, maxLength: 800 }), (words) => {
        const text = words.map((w, i) => (i % 9 === 8 ? `${w}.` : i % 40 === 39 ? `${w}\n\n` : w)).join(' ');
        const chunks = splitIntoChunks(text, 200, 50);
        const joined = chunks.map((c) => c.text).join(' ');
        for (const w of words) expect(joined).toContain(w);
        for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(260);
        chunks.forEach((c, i) => expect(c.chunk_index).toBe(i));
      }),
    );
  });
  it('empty text has no chunk', () => expect(splitIntoChunks('  \n\n ')).toEqual([]));
});

describe('judgeContent', () => {
  it('accepts text and PDF that match; refuses the rest', () => {
    expect(judgeContent('text/plain', bytes('hi'))).toBe('text/plain');
    expect(judgeContent('application/pdf', bytes('%PDF-1.7 ...'))).toBe('application/pdf');
    expect(() => judgeContent('text/plain', bytes('%PDF-1.7'))).toThrow(/PDF/);
    expect(() => judgeContent('text/plain', new Uint8Array([0xff, 0xfe, 0x41]))).toThrow(/UTF-8/);
    expect(() => judgeContent('text/plain', new Uint8Array())).toThrow(/empty/);
    expect(() => judgeContent(null, bytes('x'))).toThrow(/untyped/);
  });
});
