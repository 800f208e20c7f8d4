import { pino, type Logger } from 'pino';

/** Logs as JSON lines. `fd` 2 keeps stdout free for protocol messages and command results. */
export function createLogger(level: string, fd: 1 | 2 = 1): Logger {
  return pino({ level, base: { service: 'svc' } }, pino.destination({ fd, sync: false }));
}
