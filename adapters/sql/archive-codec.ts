import { inflateRawSync } from 'node:zlib';
import { Compressor, Decompressor } from 'zstd-napi';

/**
 * The archive's compact form (issue 25, ADR 0027). A row keeps in plain columns what the listing
 * reads (verdict, subject) and, in `body`, the request's and the response's JSON texts exactly
 * as served, compressed against a preset dictionary: the text every response repeats (the
 * disclaimer, the engine, the field names, the pillars, the decree's wording). A response then
 * costs about 400 bytes instead of 3.4 KB, and decompresses back to the same bytes. The
 * dictionary is stored once, in `archive_dictionaries`, and each row names the one it was
 * compressed with: a later release whose disclaimer changed adds a new dictionary and every older
 * row still reads back (archive-dictionary.ts). Bodies are Zstandard frames since ADR 0055, raw
 * DEFLATE before; both read back. This module needs node:zlib and zstd-napi only: the archive's
 * worker threads load it.
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
 * New bodies are Zstandard frames (zstd-napi, level 3) against the whole dictionary, which the
 * compressor digests once per thread and reuses for every row (ADR 0055). A row then costs
 * 15.6 µs of CPU against 40.1 µs for node:zlib's raw DEFLATE, whose every call set up a stream,
 * hashed the dictionary's tail again and left its objects to the garbage collector, and it is
 * smaller: 387 bytes against 429 for 2,000 answers of the benchmark's mix (docs/benchmarks.md,
 * "The archive's bodies in Zstandard").
 */
const ZSTD_LEVEL = 3;

/**
 * A Zstandard frame starts with these four bytes (RFC 8878 §3.1.1). No raw DEFLATE stream does:
 * a first byte 0x28 opens a stored block, whose next two bytes would have to be the one's
 * complement of the two after them (B5 2F against FD ..), so a body is read by its first bytes.
 */
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;

const isZstdFrame = (body: Uint8Array): boolean => body.length >= 4 && ZSTD_MAGIC.every((b, i) => body[i] === b);

/**
 * One context per dictionary and thread, made on first use and kept while the dictionary is (a
 * context is not shareable between threads; each worker loads this module anew).
 */
function perDictionary<Context extends object>(make: (content: Buffer) => Context): (dictionary: ArchiveDictionary) => Context {
  const made = new WeakMap<Buffer, Context>();
  return ({ content }) => {
    let context = made.get(content);
    if (context === undefined) {
      context = make(content);
      made.set(content, context);
    }
    return context;
  };
}

const compressorFor = perDictionary((content) => {
  const compressor = new Compressor();
  // Parameters before the dictionary: they are fixed once it is loaded.
  compressor.setParameters({ compressionLevel: ZSTD_LEVEL });
  compressor.loadDictionary(content);
  return compressor;
});

const decompressorFor = perDictionary((content) => {
  const decompressor = new Decompressor();
  decompressor.loadDictionary(content);
  return decompressor;
});

export function encodeArchiveBody(texts: ArchivedTexts, dictionary: ArchiveDictionary): Buffer {
  return compressorFor(dictionary).compress(Buffer.from(texts.request_json + SEPARATOR + texts.response_json));
}

/**
 * A row's texts: a Zstandard frame, or raw DEFLATE for the rows written before ADR 0055 (level
 * 1 against the dictionary's last 5 KiB or the whole of it: a back-reference counts from the
 * dictionary's end, so inflating with the whole stored dictionary reads both).
 */
export function decodeArchiveBody(body: Uint8Array, dictionary: ArchiveDictionary): ArchivedTexts {
  const bytes = isZstdFrame(body) ? decompressorFor(dictionary).decompress(body) : inflateRawSync(body, { dictionary: dictionary.content });
  const text = bytes.toString('utf8');
  const at = text.indexOf(SEPARATOR);
  return { request_json: text.slice(0, at), response_json: text.slice(at + 1) };
}
