import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeArchiveBody, encodeArchiveBody, SEPARATOR } from '../../adapters/sql/archive-codec.js';
import { archiveDictionaryContent } from '../../adapters/sql/archive-dictionary.js';

/**
 * The archive's bodies (ADR 0055): new rows are Zstandard frames against the stored dictionary;
 * rows written before are raw DEFLATE (level 1, against the dictionary's last 5 KiB or, before
 * 2026-11-26, the whole of it, ADR 0027). Every form reads back to the very texts served.
 */
const dictionary = { dictionary_id: 1, content: archiveDictionaryContent() };
const head = dictionary.content.subarray(0, 600).toString('utf8');
const end = dictionary.content.subarray(-600).toString('utf8');
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

/** A body as ADR 0027's codec wrote it. */
const deflated = (texts: { request_json: string; response_json: string }, content: Buffer) =>
  deflateRawSync(texts.request_json + SEPARATOR + texts.response_json, { level: 1, windowBits: 13, memLevel: 4, dictionary: content });

describe('archive codec', () => {
  it('reads back texts that repeat the head and the end of the dictionary, and ones that share nothing with it', () => {
    for (const texts of [
      { request_json: `{"subject_artist":${JSON.stringify(head)}}`, response_json: `{"x":${JSON.stringify(end + head + end)}}` },
      { request_json: '{}', response_json: JSON.stringify({ claim: 'Łódź — été \u2019 🖼', n: 'z'.repeat(20_000) }) },
      { request_json: '', response_json: '' },
    ]) {
      expect(decodeArchiveBody(encodeArchiveBody(texts, dictionary), dictionary)).toEqual(texts);
    }
  });

  it('writes Zstandard frames, smaller than the texts when they repeat the dictionary', () => {
    const texts = { request_json: `{"subject_artist":${JSON.stringify(head)}}`, response_json: `{"x":${JSON.stringify(end)}}` };
    const body = encodeArchiveBody(texts, dictionary);
    expect(body.subarray(0, 4).equals(ZSTD_MAGIC)).toBe(true);
    expect(body.length).toBeLessThan((texts.request_json.length + texts.response_json.length) / 4);
    // The same texts give the same bytes (the compressor keeps no state between rows).
    expect(encodeArchiveBody(texts, dictionary).equals(body)).toBe(true);
  });

  it('still reads the raw DEFLATE bodies of older rows, against the whole dictionary or its last 5 KiB', () => {
    const texts = { request_json: `{"a":${JSON.stringify(head)}}`, response_json: `{"b":${JSON.stringify(end)}}` };
    expect(decodeArchiveBody(deflated(texts, dictionary.content), dictionary)).toEqual(texts);
    expect(decodeArchiveBody(deflated(texts, dictionary.content.subarray(-5120)), dictionary)).toEqual(texts);
  });

  it('reads any texts back through either form, and never takes a DEFLATE body for a Zstandard frame', () => {
    const json = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.constantFrom(head, end)).map((s) => JSON.stringify({ s }));
    fc.assert(
      fc.property(json, json, (request_json, response_json) => {
        const texts = { request_json, response_json };
        expect(decodeArchiveBody(encodeArchiveBody(texts, dictionary), dictionary)).toEqual(texts);
        const old = deflated(texts, dictionary.content.subarray(-5120));
        expect(old.subarray(0, 4).equals(ZSTD_MAGIC)).toBe(false);
        expect(decodeArchiveBody(old, dictionary)).toEqual(texts);
      }),
      { numRuns: 300 },
    );
  });

  it('reads each body with the dictionary it names: two dictionaries in one process', () => {
    const other = { dictionary_id: 2, content: Buffer.concat([dictionary.content, Buffer.from('{"disclaimer":"a later release’s wording"}')]) };
    const texts = { request_json: '{}', response_json: '{"disclaimer":"a later release’s wording"}' };
    const a = encodeArchiveBody(texts, dictionary);
    const b = encodeArchiveBody(texts, other);
    expect(decodeArchiveBody(a, dictionary)).toEqual(texts);
    expect(decodeArchiveBody(b, other)).toEqual(texts);
    expect(b.length).toBeLessThan(a.length);
  });
});
