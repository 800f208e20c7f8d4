import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeArchiveBody, encodeArchiveBody, SEPARATOR } from '../../adapters/sql/archive-codec.js';
import { archiveDictionaryContent } from '../../adapters/sql/archive-dictionary.js';

/**
 * The archive's bodies are deflated against the dictionary's tail and inflated with the whole
 * stored dictionary (ADR 0027): texts that repeat the dictionary's head and its end read back,
 * and so do bodies deflated against the whole dictionary (rows written before 2026-11-26).
 */
const dictionary = { dictionary_id: 1, content: archiveDictionaryContent() };
const head = dictionary.content.subarray(0, 600).toString('utf8');
const end = dictionary.content.subarray(-600).toString('utf8');

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

  it('still reads bodies deflated against the whole dictionary', () => {
    const texts = { request_json: `{"a":${JSON.stringify(head)}}`, response_json: `{"b":${JSON.stringify(end)}}` };
    const whole = deflateRawSync(texts.request_json + SEPARATOR + texts.response_json, { level: 1, windowBits: 13, memLevel: 4, dictionary: dictionary.content });
    expect(decodeArchiveBody(whole, dictionary)).toEqual(texts);
  });
});
