import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, checked with the `standardwebhooks` library (not our code). */
export interface Received {
  path: string;
  id: string;
  headers: Record<string, string>;
  body: string;
  /** Which of the receiver's secrets verified the signature (by index), or [] when none did. */
  verifiedWith: number[];
  /** The status the receiver answered. */
  status: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Secrets to verify with (set after the subscription is created: it returns the secret). */
  secrets: string[];
  /** What to answer (default 200); may delay by returning a promise. */
  respond: (req: Received, count: number) => number | Promise<number> | { status: number; headers?: Record<string, string>; body?: string };
  /** Requests received and not answered yet (their `respond` is still pending). */
  pending(): number;
  /** The distinct event ids acknowledged with a 2xx. */
  acknowledged(): Set<string>;
  /** Resolves when `predicate` holds, checked on each request (rejects after `timeoutMs`). */
  until(predicate: (r: Receiver) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const headerMap = (req: IncomingMessage) => Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));

/** A real HTTP receiver on 127.0.0.1 (a free port) that verifies every signature it gets. */
export async function startReceiver(): Promise<Receiver> {
  const waiters: { predicate: (r: Receiver) => boolean; resolve: () => void }[] = [];
  const counts = new Map<string, number>();
  let inFlight = 0;
  const r: Receiver = {
    url: '',
    received: [],
    secrets: [],
    respond: () => 200,
    pending: () => inFlight,
    acknowledged: () => new Set(r.received.filter((x) => x.status >= 200 && x.status < 300).map((x) => x.id)),
    until(predicate, timeoutMs = 30_000) {
      if (predicate(r)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver: condition not met in ${timeoutMs} ms (${r.received.length} requests)`)), timeoutMs);
        waiters.push({
          predicate,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = headerMap(req);
      const verifiedWith = r.secrets.flatMap((secret, i) => {
        try {
          new Webhook(secret).verify(body, headers);
          return [i];
        } catch {
          return [];
        }
      });
      const entry: Received = { path: req.url ?? '/', id: headers['webhook-id'] ?? '', headers, body, verifiedWith, status: 0 };
      const count = (counts.get(entry.id) ?? 0) + 1;
      counts.set(entry.id, count);
      inFlight++;
      const answer = await r.respond(entry, count);
      inFlight--;
      const { status, headers: extra = {}, body: out = '' } = typeof answer === 'number' ? { status: answer } : answer;
      entry.status = status;
      r.received.push(entry);
      res.writeHead(status, extra);
      res.end(out);
      for (const w of [...waiters]) {
        if (w.predicate(r)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}
