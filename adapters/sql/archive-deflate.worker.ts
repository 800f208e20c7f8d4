import { workerData } from 'node:worker_threads';
import { answerRequests, type WorkerAnswer } from '../node/worker-requests.js';
import { type ArchiveDictionary, type ArchivedTexts, encodeArchiveBody } from './archive-codec.js';

/**
 * Runs in a worker thread (see archive-deflater.ts): deflates the archive bodies of the writers
 * that write on the event loop's own connection (PostgreSQL's pool, SQLite in memory), a batch
 * per message, so that the event loop pays one message per batch instead of a zlib stream per
 * row on libuv's thread pool.
 */
export interface DeflateBatch {
  id: number;
  texts: ArchivedTexts[];
}

export type DeflateReply = WorkerAnswer<{ bodies: Uint8Array[] }>;

const { dictionary } = workerData as { dictionary: ArchiveDictionary };
// workerData arrives as a Uint8Array: zlib wants a Buffer.
const dict: ArchiveDictionary = { dictionary_id: dictionary.dictionary_id, content: Buffer.from(dictionary.content) };

answerRequests<DeflateBatch, { bodies: Uint8Array[] }>((batch) => ({ bodies: batch.texts.map((t) => encodeArchiveBody(t, dict)) }));
