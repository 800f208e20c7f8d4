import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { sendProblem } from '../problem.js';

/**
 * Answers a request whose method no route of its path serves, before the router runs
 * (docs/decisions/0013-edge-hardening.md):
 * - a known path: 405 with `Allow` listing its methods (HEAD wherever GET is); `OPTIONS` is a
 *   204 with the same `Allow`;
 * - an unknown path: 404 for a method the service serves elsewhere, 501 for any other
 *   (`TRACE`, `PROPFIND`, `PATCH`...).
 * Each is a problem document and none is logged as an error.
 */
export function methodGuard(router: Router) {
  // The methods the service serves somewhere (with OPTIONS): any other is a 501 on an unknown path.
  const served = new Set(['OPTIONS', ...router.stack.flatMap((layer) => layer.methods)]);
  return async function methods(ctx: Context, next: Next): Promise<void> {
    const method = ctx.method.toUpperCase();
    const matched = router.match(ctx.path, method);
    if (matched.route) return next();
    if (matched.path.length === 0) {
      if (served.has(method)) return next(); // the router's 404
      sendProblem(ctx, 501, `The method ${method} is not implemented by this service.`);
      return;
    }
    const allowed = new Set<string>();
    for (const layer of matched.path) for (const m of layer.methods) allowed.add(m);
    allowed.add('OPTIONS');
    const allow = [...allowed].join(', ');
    ctx.set('Allow', allow);
    if (method === 'OPTIONS') {
      ctx.status = 204;
      return;
    }
    sendProblem(ctx, 405, `${method} is not allowed on ${ctx.path}; allowed: ${allow}.`);
  };
}
