import type { WorkspaceSettingsService } from '../../../core/workspace/use-cases/workspace-settings.js';
import type * as contracts from '../contracts/workspace.contracts.js';
import { principalOf } from '../middleware/bearer-auth.js';
import type { HandlersOf } from '../route-contract.js';

export function workspaceHandlers(deps: { workspace: WorkspaceSettingsService }): HandlersOf<typeof contracts> {
  const { workspace } = deps;
  return {
    getWorkspace: async (ctx) => {
      ctx.body = await workspace.get(principalOf(ctx));
    },
    replaceWorkspace: async (ctx, { body }) => {
      ctx.body = await workspace.replace(principalOf(ctx), body);
    },
  };
}
