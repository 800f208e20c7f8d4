/** Line-by-line NDJSON reading (the Tate extract is 38 MB: never read it whole). */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export async function* readNdjson<T = unknown>(path: string): AsyncGenerator<T> {
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of rl) {
    line++;
    if (text.trim() === '') continue;
    try {
      yield JSON.parse(text) as T;
    } catch (err) {
      throw new Error(`${path}:${line}: invalid JSON (${(err as Error).message})`);
    }
  }
}
