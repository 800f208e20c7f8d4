/** Inversify tokens of the HTTP runtime only. */
export const HTTP_RUNTIME = {
  /** The process's rate-limit store (memory, or Redis with `REDIS_URL`); closed on shutdown. */
  RateLimitStore: Symbol.for('http.RateLimitStore'),
} as const;
