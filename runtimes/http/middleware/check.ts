import type { Context, Middleware, Next } from 'koa';

/** A step that inspects or refuses a request (throws) and otherwise lets it on: no `next` of its own. */
export type Check = (ctx: Context) => Promise<void> | void;

/** A check usable as middleware; `createApp` runs consecutive checks of a route in one middleware. */
export type CheckMiddleware = Middleware & { check: Check };

export function asCheck(check: Check): CheckMiddleware {
  const middleware = async (ctx: Context, next: Next): Promise<void> => {
    await check(ctx);
    return next();
  };
  return Object.assign(middleware, { check });
}

export const isCheck = (m: Middleware): m is CheckMiddleware => typeof (m as Partial<CheckMiddleware>).check === 'function';

/** Consecutive checks fused into one middleware: one dispatch of the chain instead of several. */
export function fuseChecks(chain: Middleware[]): Middleware[] {
  const out: Middleware[] = [];
  let run: Check[] = [];
  const flush = () => {
    if (run.length === 1) out.push(asCheck(run[0]));
    else if (run.length > 1) {
      const checks = run;
      out.push(async (ctx: Context, next: Next) => {
        for (const check of checks) await check(ctx);
        return next();
      });
    }
    run = [];
  };
  for (const m of chain) {
    if (isCheck(m)) run.push(m.check);
    else {
      flush();
      out.push(m);
    }
  }
  flush();
  return out;
}
