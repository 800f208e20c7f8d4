/**
 * Domain errors carry a stable code. Runtimes map each code to their own vocabulary
 * (HTTP status, JSON-RPC error, CLI exit) in one table; the message is safe to show.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PRECONDITION_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'UNPROCESSABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  path: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /**
   * A finer, stable name of the condition than the code (`catalogue-columns`), and the safe data
   * a client needs to act on it (the headers a file holds): runtimes carry both as they are.
   */
  readonly kind: string | undefined;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, errors?: FieldError[], detail?: { kind: string; details: Record<string, unknown> }) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.errors = errors;
    this.kind = detail?.kind;
    this.details = detail?.details;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

export const validationError = (message: string, errors?: FieldError[]) =>
  new DomainError('VALIDATION', message, errors);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const unauthenticated = (message: string) => new DomainError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);

/**
 * The NUL character (U+0000) is refused in stored text: it means nothing in a name, a summary
 * or a transcript, and PostgreSQL cannot store it in text, so every adapter refuses it alike.
 * Returns the path of the first string (key or value) holding one, or null. Iterative (an
 * explicit stack, depth-first in document order): client input of any depth cannot exhaust
 * the call stack.
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length > 0) {
    const { value: v, path: at } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at || '(value)';
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    // Pushed in reverse, popped in document order. A key holding NUL stands in for its value:
    // it is found at the key's place, before anything under it.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: !Array.isArray(v) && key.includes('\u0000') ? key : child, path: at ? `${at}.${key}` : key });
    }
  }
  return null;
}

/** How deep client JSON may nest (objects and arrays): far beyond any body of this API. */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests objects or arrays deeper than `max` levels (iterative, stops early). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
