import type { Container } from 'inversify';
import type { TenantRepository } from '../../../core/tenancy/ports.js';
import type { WorkspaceRepository } from '../../../core/workspace/ports.js';
import { WorkspaceSettingsService } from '../../../core/workspace/use-cases/workspace-settings.js';
import type { SqlDatabase } from '../../../adapters/sql/sql-dialect.js';
import { SqlWorkspaceRepository } from '../../../adapters/sql/sql-workspace.repository.js';
import { PLATFORM } from './platform.tokens.js';
import { TENANCY } from './tenancy.tokens.js';
import { WORKSPACE } from './workspace.tokens.js';

/** The SQL store of tenants' workspace settings. */
export function bindWorkspaceSql(container: Container): void {
  container
    .bind<WorkspaceRepository>(WORKSPACE.WorkspaceRepository)
    .toResolvedValue((d: SqlDatabase) => new SqlWorkspaceRepository(d.db), [PLATFORM.SqlDatabase])
    .inSingletonScope();
}

/** Reading and replacing the settings; needs the tenant repository. */
export function bindWorkspaceServices(container: Container): void {
  container
    .bind<WorkspaceSettingsService>(WORKSPACE.WorkspaceSettings)
    .toResolvedValue(
      (workspaces: WorkspaceRepository, tenants: TenantRepository) => new WorkspaceSettingsService(workspaces, tenants),
      [WORKSPACE.WorkspaceRepository, TENANCY.TenantRepository],
    )
    .inSingletonScope();
}
