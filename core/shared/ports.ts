/** Ports every area shares. */
export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new UUID (v4 form). */
  uuid(): string;
  /** A random opaque token of at least 128 bits, URL-safe. */
  secret(bytes?: number): string;
}

/**
 * Seals a short text so that it comes back unchanged or not at all (an HMAC adapter):
 * what keeps list cursors opaque. `context` is bound into the seal without being carried in
 * the token.
 */
export interface CursorSealer {
  seal(payload: string, context: string): string;
  /** The payload, or null when the token was not sealed here for this context. */
  open(token: string, context: string): string | null;
}
