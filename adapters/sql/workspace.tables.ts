/** The workspaces table (migration 0004), as Kysely sees it. */
export interface WorkspaceTables {
  workspaces: WorkspacesTable;
}

export interface WorkspacesTable {
  tenant_id: string;
  name: string;
  timezone: string;
  locale: string;
  retention_days: number;
}
