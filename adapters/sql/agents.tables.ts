/** Tables of AI agent configurations and their versions (migration 0004), as Kysely sees them. */
export interface AgentsTables {
  agents: AgentsTable;
  agent_versions: AgentVersionsTable;
}

export interface AgentsTable {
  agent_id: string;
  tenant_id: string;
  version: number;
  updated_at: string;
  /** The writable settings (AgentSettings) as JSON. */
  settings_json: string;
}

export type AgentVersionsTable = AgentsTable;
