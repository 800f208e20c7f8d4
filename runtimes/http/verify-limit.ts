import type { Middleware } from 'koa';
import type { Config } from '../shared/config.js';
import { rateLimit, type RateLimiting } from './middleware/rate-limit.js';
import { callerOf } from './routes/attestation.routes.js';

/**
 * The verify API's budget (docs/decisions/0010-rate-limits.md): a production key spends its own
 * per-minute allowance, everyone else the sandbox allowance of their IP. The store failing lets
 * requests through ('open').
 */
export function verifyLimit(limits: Config['limits'], limiting: RateLimiting): Middleware {
  return rateLimit((ctx) => {
    const caller = callerOf(ctx);
    return caller.tier === 'production'
      ? { policy: 'verify-key', max: caller.per_minute, id: `verify:key:${caller.key_id}` }
      : { policy: 'verify-sandbox', max: limits.verifySandboxPerMinute, id: `verify:ip:${ctx.ip}` };
  }, limiting, 'open');
}
