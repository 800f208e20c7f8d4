import type { TenantDataEraser } from '../../../core/tenancy/ports.js';
import type { TenantOffboarding } from '../../../core/tenancy/use-cases/tenant-offboarding.js';
import { token } from './token.js';

/** Tokens of data stewardship (issue 30): a tenant's export and deletion. */
export const STEWARDSHIP = {
  TenantDataEraser: token<TenantDataEraser>('stewardship.TenantDataEraser'),
  TenantOffboarding: token<TenantOffboarding>('stewardship.TenantOffboarding'),
} as const;
