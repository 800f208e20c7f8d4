import type { Context } from 'koa';
import { authorize } from '../../../core/auth/auth.model.js';
import { principalOf } from './bearer-auth.js';
import { asCheck } from './check.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The domain's tenancy rule applied before the body is read or validated, so that another
 * tenant's path is a 403 (and a member's write a 403) whatever the request holds. The use
 * cases apply the same rule again: this is an early answer, not the only guard.
 */
export const tenantAccess = asCheck(function tenantAccess(ctx: Context): void {
  const tenantId = (ctx as { params?: Record<string, string> }).params?.tenant_id;
  if (typeof tenantId === 'string') authorize(principalOf(ctx), tenantId, READS.has(ctx.method) ? 'read' : 'write');
});
