import type { WorkspaceRepository } from '../../core/workspace/ports.js';
import type { Workspace } from '../../core/workspace/workspace.model.js';

/** In-memory fake; passes the same contract suite as the SQL repository. */
export class MemoryWorkspaceRepository implements WorkspaceRepository {
  private readonly byTenant = new Map<string, Workspace>();
  async find(tenantId: string) {
    const w = this.byTenant.get(tenantId);
    return w ? { ...w } : null;
  }
  async save(w: Workspace) {
    this.byTenant.set(w.tenant_id, { ...w });
  }
}
