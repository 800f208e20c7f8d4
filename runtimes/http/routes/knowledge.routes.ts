import type { KnowledgeBase, NewDocument } from '../../../core/knowledge/use-cases/knowledge-base.js';
import { DomainError, validationError } from '../../../core/shared/errors.js';
import { TenantParamsSchema } from '../../shared/calls.schemas.js';
import {
  KnowledgeItemParamsSchema,
  KnowledgeItemSchema,
  KnowledgeJsonUploadSchema,
  KnowledgeListSchema,
  KnowledgeMultipartUploadSchema,
  KnowledgeSearchQuerySchema,
  PageQuerySchema,
  SearchResultSchema,
  SyncParamsSchema,
  SyncRunSchema,
} from '../../shared/knowledge.schemas.js';
import { ProblemSchema } from '../../shared/problem.schemas.js';
import { principalOf } from '../middleware/bearer-auth.js';
import { readJsonDocument, readMultipartDocument } from '../middleware/document-upload.js';
import { defineRoute, type ResponseSpec, type RouteSpec } from '../route-spec.js';

const problem = (description: string): ResponseSpec => ({ description, schema: ProblemSchema });
const common = {
  401: problem('Missing, malformed, expired or forged access token.'),
  403: problem("Another tenant's path, or a member attempting an admin's write."),
  429: problem("The tenant's budget of calls and knowledge requests is spent; see `Retry-After`."),
};
const base = (tenantId: string) => `/api/v1/tenants/${encodeURIComponent(tenantId)}/knowledge`;

export function knowledgeRoutes(deps: { knowledge: KnowledgeBase }): RouteSpec[] {
  const kb = deps.knowledge;
  const routes: RouteSpec[] = [
    defineRoute({
      method: 'get',
      path: '/api/v1/tenants/{tenant_id}/knowledge',
      operationId: 'listKnowledge',
      summary: 'List knowledge documents',
      description: 'Newest first (created_at, then item_id, descending), cursor-paginated.',
      tag: 'Knowledge',
      security: 'bearer',
      rateLimited: true,
      params: TenantParamsSchema,
      query: PageQuerySchema,
      responses: { 200: { description: 'One page of documents.', schema: KnowledgeListSchema }, 400: problem('Invalid limit or cursor.'), ...common },
      handler: async (ctx, { params, query }) => {
        ctx.body = await kb.list(principalOf(ctx), params.tenant_id, query);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/tenants/{tenant_id}/knowledge',
      operationId: 'uploadKnowledge',
      summary: 'Upload a document (admin)',
      description:
        'multipart/form-data with a `file` part (optional `title` part), or JSON {title, content, content_type}. Types: text/plain, ' +
        'text/markdown, text/html, text/csv, application/json, application/pdf; the bytes must agree with the declared type ' +
        '(a PDF starts with %PDF-; text is UTF-8 without NUL bytes or an executable/archive signature). The document is `pending` ' +
        'until the next sync run indexes it.',
      tag: 'Knowledge',
      security: 'bearer',
      rateLimited: true,
      params: TenantParamsSchema,
      rawBody: { 'multipart/form-data': KnowledgeMultipartUploadSchema, 'application/json': KnowledgeJsonUploadSchema },
      responses: {
        201: { description: 'The stored document, pending.', schema: KnowledgeItemSchema, headers: { Location: "The document's URL." } },
        400: problem('Empty document, missing file part or title, malformed body.'),
        ...common,
        413: problem('Document over 10 MiB (JSON body over 1 MiB).'),
        415: problem('Another type, or bytes that do not match the declared type.'),
      },
      handler: async (ctx, { params }) => {
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
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/tenants/{tenant_id}/knowledge/{item_id}',
      operationId: 'getKnowledge',
      summary: 'Read one document (its status and error)',
      tag: 'Knowledge',
      security: 'bearer',
      rateLimited: true,
      params: KnowledgeItemParamsSchema,
      responses: { 200: { description: 'The document.', schema: KnowledgeItemSchema }, ...common, 404: problem('No such document in this tenant.') },
      handler: async (ctx, { params }) => {
        ctx.body = await kb.get(principalOf(ctx), params.tenant_id, params.item_id);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/tenants/{tenant_id}/knowledge/{item_id}',
      operationId: 'deleteKnowledge',
      summary: 'Delete a document (admin); its text leaves the search index at once',
      tag: 'Knowledge',
      security: 'bearer',
      rateLimited: true,
      params: KnowledgeItemParamsSchema,
      responses: { 204: { description: 'Deleted.' }, ...common, 404: problem('No such document in this tenant.') },
      handler: async (ctx, { params }) => {
        await kb.delete(principalOf(ctx), params.tenant_id, params.item_id);
        ctx.status = 204;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/tenants/{tenant_id}/knowledge/sync',
      operationId: 'startKnowledgeSync',
      summary: 'Start a sync run (admin)',
      description: 'Indexes every pending document in the background. While a run is queued or running, returns that run (200).',
      tag: 'Knowledge',
      security: 'bearer',
      rateLimited: true,
      params: TenantParamsSchema,
      responses: {
        202: { description: 'A new run, queued.', schema: SyncRunSchema, headers: { Location: "The run's URL." } },
        200: { description: 'The run already queued or running.', schema: SyncRunSchema, headers: { Location: "The run's URL." } },
        ...common,
      },
      handler: async (ctx, { params }) => {
        const { run, created } = await kb.requestSync(principalOf(ctx), params.tenant_id);
        ctx.status = created ? 202 : 200;
        ctx.set('Location', `${base(params.tenant_id)}/sync/${run.sync_id}`);
        ctx.body = run;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/tenants/{tenant_id}/knowledge/sync/{sync_id}',
      operationId: 'getKnowledgeSync',
      summary: 'Read a sync run',
      tag: 'Knowledge',
      security: 'bearer',
      rateLimited: true,
      params: SyncParamsSchema,
      responses: { 200: { description: 'The run.', schema: SyncRunSchema }, ...common, 404: problem('No such run in this tenant.') },
      handler: async (ctx, { params }) => {
        ctx.body = await kb.getSync(principalOf(ctx), params.tenant_id, params.sync_id);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/tenants/{tenant_id}/knowledge/search',
      operationId: 'searchKnowledge',
      summary: 'Retrieve the best chunks for a question',
      description: 'What the AI agent retrieves when it answers a caller: indexed chunks of this tenant only, best first (BM25).',
      tag: 'Knowledge',
      security: 'bearer',
      rateLimited: true,
      params: TenantParamsSchema,
      query: KnowledgeSearchQuerySchema,
      responses: { 200: { description: 'The best chunks.', schema: SearchResultSchema }, 400: problem('Missing q, or invalid limit.'), ...common },
      handler: async (ctx, { params, query }) => {
        ctx.body = await kb.search(principalOf(ctx), params.tenant_id, query);
      },
    }),
  ];
  // Literal segments (sync, search) before `{item_id}`: the router tries routes in order.
  const order = ['listKnowledge', 'uploadKnowledge', 'startKnowledgeSync', 'getKnowledgeSync', 'searchKnowledge', 'getKnowledge', 'deleteKnowledge'];
  return routes.sort((a, b) => order.indexOf(a.operationId) - order.indexOf(b.operationId));
}
