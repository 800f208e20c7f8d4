import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * The archive's compact form (issue 25, ADR 0027). A row keeps in plain columns what the listing
 * reads (verdict, subject) and, in `body`, the request's and the response's JSON texts exactly
 * as served, deflated (raw DEFLATE, node:zlib) against a preset dictionary: the text every
 * response repeats (the disclaimer, the engine, the field names, the pillars, the decree's
 * wording). A response then costs about 250 bytes instead of 2.3 KB, and inflates back to the
 * same bytes. The dictionary is stored once, in `archive_dictionaries`, and each row names the
 * one it was deflated with: a later release whose disclaimer changed adds a new dictionary and
 * every older row still reads back (archive-dictionary.ts). This module needs node:zlib only:
 * the archive worker thread loads it.
 */
export interface ArchiveDictionary {
  dictionary_id: number;
  content: Buffer;
}

/** The two texts of a served verification, as the archive gives them back. */
export interface ArchivedTexts {
  request_json: string;
  response_json: string;
}

// JSON text never holds a raw line feed (JSON.stringify escapes it): it separates the two texts.
export const SEPARATOR = '\n';

/**
 * The fastest level and a small window and hash (8 KiB, memLevel 4): a response is small, and
 * most of a deflate's cost is setting up its state and the dictionary. 32 µs of CPU a response
 * against 53 µs with zlib's defaults, 276 bytes against 249 (ADR 0027). Inflating needs none
 * of these: the default window reads any smaller one.
 */
const DEFLATE = { level: 1, windowBits: 13, memLevel: 4 } as const;

/**
 * How much of the dictionary the deflate is given: its last 5 KiB. zlib hashes every byte of the
 * dictionary it is given, at every call, and a response is a few KiB long, so the dictionary's
 * head is rarely reached (the most frequent text is at its end: archive-dictionary.ts). With the
 * tail alone the bodies are as small (859,405 bytes against 859,732 for 2,000 answers of the
 * benchmark's mix) and a deflate costs 37.5 µs of CPU against 44.5 (docs/benchmarks.md,
 * 2026-11-26 morning). They inflate with the whole stored dictionary, as every row does: a
 * back-reference's distance counts from the dictionary's end, and these are its last bytes.
 */
const DICTIONARY_TAIL_BYTES = 5120;

export function encodeArchiveBody(texts: ArchivedTexts, dictionary: ArchiveDictionary): Buffer {
  return deflateRawSync(texts.request_json + SEPARATOR + texts.response_json, { ...DEFLATE, dictionary: dictionary.content.subarray(-DICTIONARY_TAIL_BYTES) });
}

export function decodeArchiveBody(body: Uint8Array, dictionary: ArchiveDictionary): ArchivedTexts {
  const text = inflateRawSync(body, { dictionary: dictionary.content }).toString('utf8');
  const at = text.indexOf(SEPARATOR);
  return { request_json: text.slice(0, at), response_json: text.slice(at + 1) };
}
