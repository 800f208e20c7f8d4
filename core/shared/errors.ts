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
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  path: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, errors?: FieldError[]) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.errors = errors;
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
 * Returns the path of the first string (key or value) holding one, or null.
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return at;
      const found = findNulCharacter(v, at);
      if (found !== null) return found;
    }
  }
  return null;
}

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
