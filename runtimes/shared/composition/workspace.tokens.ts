/** Inversify tokens of the workspace area (a tenant's settings). */
export const WORKSPACE = {
  WorkspaceRepository: Symbol.for('workspace.WorkspaceRepository'),
  WorkspaceSettings: Symbol.for('workspace.WorkspaceSettings'),
} as const;
