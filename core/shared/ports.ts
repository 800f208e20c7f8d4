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
