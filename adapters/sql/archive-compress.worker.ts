import { workerData } from 'node:worker_threads';
import { answerRequests, type WorkerAnswer } from '../node/worker-requests.js';
import { type ArchiveDictionary, type ArchivedTexts, encodeArchiveBody } from './archive-codec.js';

/**
 * Runs in a worker thread (see archive-compressor.ts): compresses the archive bodies of the
 * writers that write on the event loop's own connection (PostgreSQL's pool, SQLite in memory), a
 * batch per message, so that the event loop pays one message per batch instead of compressing
 * each row itself.
 */
export interface CompressBatch {
  id: number;
  texts: ArchivedTexts[];
}

export type CompressReply = WorkerAnswer<{ bodies: Uint8Array[] }>;

const { dictionary } = workerData as { dictionary: ArchiveDictionary };
// workerData arrives as a Uint8Array: the codec keys its compressors by a Buffer.
const dict: ArchiveDictionary = { dictionary_id: dictionary.dictionary_id, content: Buffer.from(dictionary.content) };

// Each body posted as an array of its own, exactly its length: a small body is a view into a
// pooled buffer, and a posted view carries its whole buffer with it.
answerRequests<CompressBatch, { bodies: Uint8Array[] }>((batch) => ({ bodies: batch.texts.map((t) => new Uint8Array(encodeArchiveBody(t, dict))) }));
