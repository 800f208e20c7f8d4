/**
 * The slice of a logger the stdio runtime uses (pino satisfies it). Logs go to stderr only:
 * stdout carries protocol messages and nothing else.
 */
export interface McpLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const noop = (): void => undefined;
export const silentLog: McpLog = { debug: noop, info: noop, warn: noop, error: noop };

/** What may be logged of a caught value: its class and code, and the message on stderr only. */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const cause = (err as { cause?: unknown }).cause;
    return {
      type: err.name,
      message: err.message,
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      ...(cause instanceof Error ? { cause: { type: cause.name, message: cause.message } } : {}),
    };
  }
  return { type: typeof err };
}
