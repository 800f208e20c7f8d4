import type { Container } from 'inversify';
import { WorkspaceSettingsService } from '../../../core/workspace/use-cases/workspace-settings.js';
import { SqlWorkspaceRepository } from '../../../adapters/sql/sql-workspace.repository.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { provide } from './token.js';
import { WORKSPACE } from './workspace.tokens.js';

/** The SQL store of tenants' workspace settings. */
export function bindWorkspaceSql(container: Container): void {
  provide(container, WORKSPACE.WorkspaceRepository, [PLATFORM.SqlDatabase], (d) => new SqlWorkspaceRepository(d.db));
}

/** Reading and replacing the settings; needs the tenant repository. */
export function bindWorkspaceServices(container: Container): void {
  provide(container, WORKSPACE.WorkspaceSettings, [WORKSPACE.WorkspaceRepository, TENANCY.TenantRepository], (workspaces, tenants) => new WorkspaceSettingsService(workspaces, tenants));
}
