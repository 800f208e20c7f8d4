import { isDomainError } from '../../../core/shared/errors.js';
import * as auth from '../contracts/auth.contracts.js';
import { markRefused } from '../middleware/security-log.js';
import type { HttpServices } from '../http-deps.js';
import type { HandlersOf } from '../route-contract.js';

/** The challenge of a refused login: email and password again, in this operation's JSON body. */
export const LOGIN_CHALLENGE = 'Password realm="api"';

export function authHandlers(deps: Pick<HttpServices, 'login'>): HandlersOf<typeof auth> {
  return {
    login: async (ctx, { body }) => {
      ctx.set('Cache-Control', 'no-store');
      markRefused(ctx, 'login_failed'); // reported only if the answer is a 401
      try {
        ctx.body = await deps.login.execute(body.email, body.password);
      } catch (err) {
        // Every 401 names how to authenticate (RFC 9110 §11.6.1): here, a password in this body.
        if (isDomainError(err) && err.code === 'UNAUTHENTICATED') ctx.set('WWW-Authenticate', LOGIN_CHALLENGE);
        throw err;
      }
    },
  };
}
