import { WorkspaceSchema, WorkspaceSettingsSchema } from '../../shared/schemas/workspace.schemas.js';
import { contract } from '../route-contract.js';
import { AGENTS_LIMITS, TOKEN_TENANT_ERRORS, TOKEN_TENANT_WRITE_ERRORS } from './shared.js';

/** `/api/v1/workspace`: the token tenant's settings (no tenant in the path). */
export const getWorkspace = contract({
  method: 'get',
  path: '/api/v1/workspace',
  operationId: 'getWorkspace',
  summary: "The token tenant's workspace settings",
  description: 'The workspace\'s time zone, locale and call retention; any member of the tenant may read.',
  tag: 'Workspace',
  security: 'bearer',
  limits: AGENTS_LIMITS,
  responses: { 200: { description: 'The settings.', schema: WorkspaceSchema }, ...TOKEN_TENANT_ERRORS },
});

export const replaceWorkspace = contract({
  method: 'put',
  path: '/api/v1/workspace',
  operationId: 'replaceWorkspace',
  summary: 'Replace the workspace settings (admin)',
  description: 'timezone: an IANA zone; locale: a BCP 47 tag (stored canonicalised); retention_days: 1 to 3650.',
  tag: 'Workspace',
  security: 'bearer',
  limits: AGENTS_LIMITS,
  body: WorkspaceSettingsSchema,
  responses: { 200: { description: 'The settings.', schema: WorkspaceSchema }, ...TOKEN_TENANT_WRITE_ERRORS },
});

/** This area's operations in the order the router tries them; `API_CONTRACTS` places the area. */
export const ROUTES = [getWorkspace, replaceWorkspace] as const;
