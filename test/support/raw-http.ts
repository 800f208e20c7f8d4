import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The parsed body when it is JSON. */
  json: any;
}

/**
 * Sends bytes exactly as given over a fresh TCP connection (no client library to fix them up)
 * and reads the one response until the server closes the connection or the response is
 * complete. `keepOpen`: keep the connection open, sending nothing more, until the server
 * answers (a client that stalls).
 */
export function rawRequest(url: string, chunks: (string | Buffer)[], options: { keepOpen?: boolean; /** A HEAD request: the answer has no body whatever its Content-Length. */ head?: boolean } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      const parsed = parse(Buffer.concat(received), options.head === true);
      if (!parsed) return;
      done = true;
      socket.destroy();
      resolve(parsed);
    };
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      if (!options.keepOpen) socket.end();
    });
    socket.on('data', (d) => {
      received.push(d);
      finish();
    });
    socket.on('end', () => {
      finish();
      if (!done) reject(new Error(`connection closed without a complete response: ${JSON.stringify(Buffer.concat(received).toString('latin1'))}`));
    });
    socket.on('error', (err) => {
      if (!done) reject(err);
    });
  });
}

function parse(raw: Buffer, head: boolean): RawResponse | null {
  const text = raw.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine, ...lines] = text.slice(0, headEnd).split('\r\n');
  const status = Number(statusLine!.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let bodyBytes = raw.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), 'latin1'));
  if (head) {
    bodyBytes = Buffer.alloc(0);
  } else if (headers['transfer-encoding'] === 'chunked') {
    const chunks: Buffer[] = [];
    let rest = bodyBytes;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (size === 0) break;
      if (rest.length < lineEnd + 2 + size + 2) return null;
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    bodyBytes = Buffer.concat(chunks);
  } else {
    const length = Number(headers['content-length'] ?? '0');
    if (bodyBytes.length < length) return null;
    bodyBytes = bodyBytes.subarray(0, length);
  }
  const body = bodyBytes.toString('utf8');
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  return { status, headers, body, json };
}
