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
