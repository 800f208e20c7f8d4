import { afterAll, describe, expect, it } from 'vitest';
import { decodeArchiveBody, encodeArchiveBody } from '../../adapters/sql/archive-codec.js';
import { ArchiveCompressor } from '../../adapters/sql/archive-compressor.js';
import { archiveDictionaryContent } from '../../adapters/sql/archive-dictionary.js';

/**
 * The compression worker of the writers on the event loop's connection (ADR 0027 §2, ADR 0055):
 * the bodies it gives back are the codec's, in the order asked, and decompress to the very texts.
 */
const dictionary = { dictionary_id: 7, content: archiveDictionaryContent() };
const compressor = new ArchiveCompressor(dictionary);
afterAll(() => compressor.close());

const texts = [
  { request_json: '{"subject_artist":"Rembrandt","subject_title":"The Night Watch"}', response_json: '{"verdict":"attested"}' },
  { request_json: '{"subject_artist":"Le Tintoret"}', response_json: '{"claim":"operator\u2019s own research \u2014 \u00e9t\u00e9, \u0141\u00f3d\u017a, \ud83d\uddbc"}' },
  { request_json: '{}', response_json: '' },
];

describe('ArchiveCompressor', () => {
  it('compresses a batch in order, each body the codec would write, each decompressing to its texts', async () => {
    const bodies = await compressor.compress(texts);
    expect(bodies).toHaveLength(texts.length);
    bodies.forEach((body, i) => {
      expect(Buffer.isBuffer(body)).toBe(true);
      // Each body crossed the thread as a buffer of its own, not with the pool it was cut from.
      expect(body.buffer.byteLength).toBe(body.length);
      expect(body.equals(encodeArchiveBody(texts[i]!, dictionary))).toBe(true);
      expect(decodeArchiveBody(body, dictionary)).toEqual(texts[i]);
    });
  });

  it('answers batches sent at once each with its own bodies', async () => {
    const batches = Array.from({ length: 20 }, (_, b) => Array.from({ length: b + 1 }, (_, i) => ({ request_json: `{"b":${b},"i":${i}}`, response_json: `{"n":"${'x'.repeat(b * 50 + i)}"}` })));
    const results = await Promise.all(batches.map((batch) => compressor.compress(batch)));
    results.forEach((bodies, b) => expect(bodies.map((body) => decodeArchiveBody(body, dictionary))).toEqual(batches[b]));
  });
});
