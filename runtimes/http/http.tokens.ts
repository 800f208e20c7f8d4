import { token } from '../shared/composition/token.js';
import type { RateLimitStore } from './rate-limit/ports.js';

/** Tokens of the HTTP runtime only. */
export const HTTP_RUNTIME = {
  /** The process's rate-limit store (memory, or Redis with `REDIS_URL`); closed on shutdown. */
  RateLimitStore: token<RateLimitStore>('http.RateLimitStore'),
} as const;
