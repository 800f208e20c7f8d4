import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../core/events/ports.js';
import type { ResolvedAddress, WebhookTargets } from './webhook-targets.js';

export interface TransportOptions {
  /** The whole attempt (connect, send, response headers, body) gives up after this. */
  timeoutMs: number;
  /** Response bytes read at most; the rest is dropped with the connection. */
  maxResponseBytes?: number;
  /** Connections kept open per target host (keep-alive). */
  maxSockets?: number;
}

/** A lookup that answers the address already checked, so the connection goes where the check looked. */
const pinned =
  (a: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, r: { address: string; family: number }[]) => void)(null, [{ address: a.address, family: a.family }]);
    else callback(null, a.address, a.family);
  };

/**
 * POSTs a webhook with Node's http/https clients: the target is checked again (DNS resolved, every
 * address vetted), the connection made to the address checked, and the address the connection reached
 * checked once more by the same rule (the connection dropped when it fails) (no second resolution that a
 * rebinding DNS could answer differently); redirects are not followed (a 3xx is a failed
 * attempt); at most `maxResponseBytes` of the response are read; the attempt gives up after
 * `timeoutMs`.
 */
export class HttpWebhookTransport implements WebhookTransport {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;
  private readonly maxResponseBytes: number;

  constructor(
    private readonly targets: WebhookTargets,
    private readonly options: TransportOptions,
  ) {
    this.http = new HttpAgent({ keepAlive: true, maxSockets: options.maxSockets ?? 16 });
    this.https = new HttpsAgent({ keepAlive: true, maxSockets: options.maxSockets ?? 16 });
    this.maxResponseBytes = options.maxResponseBytes ?? 4096;
  }

  async post(req: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    const target = await this.targets.resolveChecked(req.url);
    if ('problem' in target) return { status_code: null, latency_ms: latency(), error: `Target refused: ${target.problem}.` };
    const url = new URL(req.url);
    const secure = url.protocol === 'https:';
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const finish = (r: Omit<WebhookResponse, 'latency_ms'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, latency_ms: latency() });
      };
      const send = secure ? httpsRequest : httpRequest;
      const request = send(url, {
        method: 'POST',
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        agent: secure ? this.https : this.http,
        lookup: pinned(target.address),
      });
      // The connect-time check: the address the socket reached, by the rule the resolution passed.
      request.on('socket', (socket) => {
        const check = () => {
          const problem = this.targets.connectedProblem(socket.remoteAddress);
          if (problem === null) return;
          finish({ status_code: null, error: `Target refused: ${problem}.` });
          request.destroy();
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      const timer = setTimeout(() => {
        finish({ status_code: null, error: `No response within ${this.options.timeoutMs} ms.` });
        request.destroy();
      }, this.options.timeoutMs);
      request.on('response', (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > this.maxResponseBytes) {
            finish({ status_code: res.statusCode ?? null, error: null });
            res.destroy();
          }
        });
        res.on('end', () => finish({ status_code: res.statusCode ?? null, error: null }));
        res.on('close', () => finish({ status_code: res.statusCode ?? null, error: null }));
        res.on('error', () => finish({ status_code: res.statusCode ?? null, error: null }));
      });
      request.on('error', (err: NodeJS.ErrnoException) => finish({ status_code: null, error: `Connection failed: ${err.code ?? err.message}.` }));
      request.end(req.body);
    });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
