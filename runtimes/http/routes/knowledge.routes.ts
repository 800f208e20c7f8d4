import type { KnowledgeBase, NewDocument } from '../../../core/knowledge/use-cases/knowledge-base.js';
import { DomainError, validationError } from '../../../core/shared/errors.js';
import { principalOf } from '../middleware/bearer-auth.js';
import { readJsonDocument, readMultipartDocument } from '../middleware/document-upload.js';
import * as knowledge from '../contracts/knowledge.contracts.js';
import { implement, type Route } from '../route-contract.js';

const base = (tenantId: string) => `/api/v1/tenants/${encodeURIComponent(tenantId)}/knowledge`;

export function knowledgeRoutes(deps: { knowledge: KnowledgeBase }): Route[] {
  const kb = deps.knowledge;
  const routes: Route[] = [
    implement(knowledge.listKnowledge, async (ctx, { params, query }) => {
      ctx.body = await kb.list(principalOf(ctx), params.tenant_id, query);
    }),
    implement(knowledge.uploadKnowledge, async (ctx, { params }) => {
      const principal = principalOf(ctx);
      let doc: NewDocument;
      if (ctx.is('multipart/form-data')) doc = await readMultipartDocument(ctx);
      else if (ctx.is('application/json')) doc = await readJsonDocument(ctx);
      else if (!ctx.get('Content-Type') && (ctx.get('Content-Length') === '' || ctx.get('Content-Length') === '0') && !ctx.get('Transfer-Encoding')) {
        throw validationError('The upload is empty.', [{ path: 'body', message: 'must hold a document' }]);
      } else throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `Upload with multipart/form-data or application/json, not ${ctx.get('Content-Type') || 'an untyped body'}.`);
      const item = await kb.upload(principal, params.tenant_id, doc);
      ctx.status = 201;
      ctx.set('Location', `${base(params.tenant_id)}/${item.item_id}`);
      ctx.body = item;
    }),
    implement(knowledge.getKnowledge, async (ctx, { params }) => {
      ctx.body = await kb.get(principalOf(ctx), params.tenant_id, params.item_id);
    }),
    implement(knowledge.deleteKnowledge, async (ctx, { params }) => {
      await kb.delete(principalOf(ctx), params.tenant_id, params.item_id);
      ctx.status = 204;
    }),
    implement(knowledge.startKnowledgeSync, async (ctx, { params }) => {
      const { run, created } = await kb.requestSync(principalOf(ctx), params.tenant_id);
      ctx.status = created ? 202 : 200;
      ctx.set('Location', `${base(params.tenant_id)}/sync/${run.sync_id}`);
      ctx.body = run;
    }),
    implement(knowledge.getKnowledgeSync, async (ctx, { params }) => {
      ctx.body = await kb.getSync(principalOf(ctx), params.tenant_id, params.sync_id);
    }),
    implement(knowledge.searchKnowledge, async (ctx, { params, query }) => {
      ctx.body = await kb.search(principalOf(ctx), params.tenant_id, query);
    }),
  ];
  // Literal segments (sync, search) before `{item_id}`: the router tries routes in order.
  const order = ['listKnowledge', 'uploadKnowledge', 'startKnowledgeSync', 'getKnowledgeSync', 'searchKnowledge', 'getKnowledge', 'deleteKnowledge'];
  return routes.sort((a, b) => order.indexOf(a.contract.operationId) - order.indexOf(b.contract.operationId));
}
