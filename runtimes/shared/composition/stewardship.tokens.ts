/** Inversify tokens of data stewardship (issue 30): a tenant's export and deletion. */
export const STEWARDSHIP = {
  TenantDataEraser: Symbol.for('stewardship.TenantDataEraser'),
  TenantOffboarding: Symbol.for('stewardship.TenantOffboarding'),
} as const;
