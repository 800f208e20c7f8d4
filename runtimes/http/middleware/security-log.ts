import type { Context } from 'koa';
import type { Caller } from '../../../core/attestation/ports.js';
import type { Principal } from '../../../core/auth/auth.model.js';

/**
 * Security audit signals (ADR 0014). Every request line names who asked (tenant, user or key
 * id) and from where (client IP); a refused credential or a 403 is logged at `warn` with a
 * reason code, never the secret, and counted per reason in /metrics.
 */

/** Marks the request as refused for `reason` (e.g. `token_expired`, `key_unknown`, `login_failed`). */
export function markRefused(ctx: Context, reason: string): void {
  ctx.state.securityReason = reason;
}

/** The credential checked out: a later 401 is not about it. */
export function clearRefused(ctx: Context): void {
  ctx.state.securityReason = undefined;
}

/** The reason code of a refused request, or null: a marked reason, else one by status (401, 403). */
export function refusalOf(ctx: Context): string | null {
  const marked = ctx.state.securityReason as string | undefined;
  if (marked !== undefined && (ctx.status === 401 || ctx.status === 403)) return marked;
  if (ctx.status === 401) return 'unauthenticated';
  if (ctx.status === 403) return 'forbidden';
  return null;
}

/** Who asked, for the request line: only ids, never a credential. */
export function actorOf(ctx: Context): { tenant_id?: string; user_id?: string; key_id?: string; ip: string } {
  const principal = ctx.state.principal as Principal | undefined;
  const caller = ctx.state.caller as Caller | undefined;
  return {
    ...(principal ? { tenant_id: principal.tenant_id, user_id: principal.user_id } : {}),
    ...(caller?.tier === 'production' ? { key_id: caller.key_id } : {}),
    ip: ctx.ip,
  };
}
