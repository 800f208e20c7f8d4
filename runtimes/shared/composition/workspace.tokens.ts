import type { WorkspaceRepository } from '../../../core/workspace/ports.js';
import type { WorkspaceSettingsService } from '../../../core/workspace/use-cases/workspace-settings.js';
import { token } from './token.js';

/** Tokens of the workspace area (a tenant's settings). */
export const WORKSPACE = {
  WorkspaceRepository: token<WorkspaceRepository>('workspace.WorkspaceRepository'),
  WorkspaceSettings: token<WorkspaceSettingsService>('workspace.WorkspaceSettings'),
} as const;
