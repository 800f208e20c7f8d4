import type { NewDocument } from '../../../core/knowledge/use-cases/knowledge-base.js';
import { DomainError, validationError } from '../../../core/shared/errors.js';
import { principalOf } from '../middleware/bearer-auth.js';
import { readJsonDocument, readMultipartDocument } from '../middleware/document-upload.js';
import * as knowledge from '../contracts/knowledge.contracts.js';
import type { HttpServices } from '../http-deps.js';
import type { HandlersOf } from '../route-contract.js';

const base = (tenantId: string) => `/api/v1/tenants/${encodeURIComponent(tenantId)}/knowledge`;

export function knowledgeHandlers(deps: Pick<HttpServices, 'knowledge'>): HandlersOf<typeof knowledge> {
  const kb = deps.knowledge;
  return {
    listKnowledge: async (ctx, { params, query }) => {
      ctx.body = await kb.list(principalOf(ctx), params.tenant_id, query);
    },
    uploadKnowledge: async (ctx, { params }) => {
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
    },
    getKnowledge: async (ctx, { params }) => {
      ctx.body = await kb.get(principalOf(ctx), params.tenant_id, params.item_id);
    },
    deleteKnowledge: async (ctx, { params }) => {
      await kb.delete(principalOf(ctx), params.tenant_id, params.item_id);
      ctx.status = 204;
    },
    startKnowledgeSync: async (ctx, { params }) => {
      const { run, created } = await kb.requestSync(principalOf(ctx), params.tenant_id);
      ctx.status = created ? 202 : 200;
      ctx.set('Location', `${base(params.tenant_id)}/sync/${run.sync_id}`);
      ctx.body = run;
    },
    getKnowledgeSync: async (ctx, { params }) => {
      ctx.body = await kb.getSync(principalOf(ctx), params.tenant_id, params.sync_id);
    },
    searchKnowledge: async (ctx, { params, query }) => {
      ctx.body = await kb.search(principalOf(ctx), params.tenant_id, query);
    },
  };
}
