import type { Login } from '../../../core/auth/use-cases/login.js';
import * as auth from '../contracts/auth.contracts.js';
import { markRefused } from '../middleware/security-log.js';
import { implement, type Route } from '../route-contract.js';

export function authRoutes(deps: { login: Login }): Route[] {
  return [
    implement(auth.login, async (ctx, { body }) => {
      ctx.set('Cache-Control', 'no-store');
      markRefused(ctx, 'login_failed'); // reported only if the answer is a 401
      ctx.body = await deps.login.execute(body.email, body.password);
    }),
  ];
}
