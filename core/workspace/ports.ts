import type { Workspace } from './workspace.model.js';

export interface WorkspaceRepository {
  /** Null when the tenant never saved settings. */
  find(tenantId: string): Promise<Workspace | null>;
  save(workspace: Workspace): Promise<void>;
}
