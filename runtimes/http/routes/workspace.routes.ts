import type * as contracts from '../contracts/workspace.contracts.js';
import { principalOf } from '../middleware/bearer-auth.js';
import type { HttpServices } from '../http-deps.js';
import type { HandlersOf } from '../route-contract.js';

export function workspaceHandlers(deps: Pick<HttpServices, 'workspace'>): HandlersOf<typeof contracts> {
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
