/** A tenant's settings (CONTRACT section 5). */
export interface Workspace {
  tenant_id: string;
  name: string;
  timezone: string;
  locale: string;
  retention_days: number;
}
export type WorkspaceSettings = Omit<Workspace, 'tenant_id'>;

export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
export const WORKSPACE_DEFAULTS = { timezone: 'UTC', locale: 'en-US', retention_days: 365 } as const;
