import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { PROBLEM_TYPE_BASE, PROBLEM_TYPES } from './problem.js';
import { timeOrderedUuid } from '../../adapters/node/node-platform.js';

/** What Node's parser or timers refused, as a status and a detail a client can act on. */
function classify(code: string | undefined): { status: number; detail: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, detail: 'The request head is larger than the server accepts (16 KiB).' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, detail: 'The request was not received in time; send the head and body without pausing.' };
    case 'HPE_INVALID_CONTENT_LENGTH':
      return { status: 400, detail: 'The Content-Length header is invalid.' };
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { status: 400, detail: 'Content-Length and Transfer-Encoding may not both be sent.' };
    case 'HPE_INVALID_METHOD':
    case 'HPE_INVALID_URL':
    case 'HPE_INVALID_VERSION':
    case 'HPE_INVALID_CONSTANT':
      return { status: 400, detail: 'The request line is malformed.' };
    default:
      return { status: 400, detail: 'The request is malformed HTTP.' };
  }
}

/**
 * Requests Node refuses before the application sees them (a head over 16 KiB, a bad
 * Content-Length, a garbage request line, Content-Length with Transfer-Encoding, a client too
 * slow to send its request) are answered with the same RFC 9457 problem documents as the rest
 * of the API, then the connection is closed. A socket already answering, or gone, is destroyed.
 */
export function answerClientErrors(server: Server, logger: Logger): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (err.code === 'ECONNRESET' || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const { status, detail } = classify(err.code);
    const requestId = timeOrderedUuid();
    logger.debug({ request_id: requestId, code: err.code, status }, 'client error');
    const known = PROBLEM_TYPES[status] ?? PROBLEM_TYPES[400]!;
    const body = JSON.stringify({ type: `${PROBLEM_TYPE_BASE}${known.slug}`, title: known.title, status, detail, instance: '', request_id: requestId });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
