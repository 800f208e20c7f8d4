/**
 * Reads a newline-delimited JSON body as it arrives (application/x-ndjson), one parsed value
 * per line; linear in the body's length (each byte decoded and scanned once).
 */
export async function readNdjson(body: ReadableStream<Uint8Array>, onValue: (value: unknown) => void, signal?: AbortSignal): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  const abort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', abort, { once: true });
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let start = 0;
      let newline = value.indexOf('\n');
      if (newline === -1) {
        pending += value;
        continue;
      }
      let line = pending + value.slice(0, newline);
      for (;;) {
        if (line.trim() !== '') onValue(JSON.parse(line));
        start = newline + 1;
        newline = value.indexOf('\n', start);
        if (newline === -1) break;
        line = value.slice(start, newline);
      }
      pending = value.slice(start);
    }
    if (pending.trim() !== '') onValue(JSON.parse(pending));
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
