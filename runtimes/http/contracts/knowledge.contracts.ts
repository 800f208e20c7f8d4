import { TenantParamsSchema } from '../../shared/schemas/calls.schemas.js';
import {
  KnowledgeItemParamsSchema,
  KnowledgeItemSchema,
  KnowledgeJsonUploadSchema,
  KnowledgeListSchema,
  KnowledgeMultipartUploadSchema,
  KnowledgeSearchQuerySchema,
  SearchResultSchema,
  SyncParamsSchema,
  SyncRunSchema,
} from '../../shared/schemas/knowledge.schemas.js';
import { PageQuerySchema } from '../../shared/schemas/page.schemas.js';
import { contract } from '../route-contract.js';
import { problem, TENANT_LIMITS, UPLOAD_LIMITS } from './shared.js';

const common = {
  401: problem('Missing, malformed, expired or forged access token.'),
  403: problem("Another tenant's path, or a member attempting an admin's write."),
  429: problem("The tenant's budget of calls and knowledge requests is spent; see `Retry-After`."),
};

export const listKnowledge = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/knowledge',
  operationId: 'listKnowledge',
  summary: 'List knowledge documents',
  description: 'Newest first (created_at, then item_id, descending), cursor-paginated.',
  tag: 'Knowledge',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: TenantParamsSchema,
  query: PageQuerySchema,
  responses: { 200: { description: 'One page of documents.', schema: KnowledgeListSchema }, 400: problem('Invalid limit or cursor.'), ...common },
});

export const uploadKnowledge = contract({
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
  limits: UPLOAD_LIMITS,
  params: TenantParamsSchema,
  rawBody: { 'multipart/form-data': KnowledgeMultipartUploadSchema, 'application/json': KnowledgeJsonUploadSchema },
  responses: {
    201: { description: 'The stored document, pending.', schema: KnowledgeItemSchema, headers: { Location: "The document's URL." } },
    400: problem('Empty document, missing file part or title, malformed body.'),
    ...common,
    413: problem('Document over 10 MiB (JSON body over 1 MiB).'),
    415: problem('Another type, or bytes that do not match the declared type.'),
  },
});

export const getKnowledge = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/knowledge/{item_id}',
  operationId: 'getKnowledge',
  summary: 'Read one document (its status and error)',
  description: 'One document of the tenant\'s knowledge base: its media type, size, digest, status (`pending`, `indexed`, `failed`) and, when it failed, why.',
  tag: 'Knowledge',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: KnowledgeItemParamsSchema,
  responses: { 200: { description: 'The document.', schema: KnowledgeItemSchema }, ...common, 404: problem('No such document in this tenant.') },
});

export const deleteKnowledge = contract({
  method: 'delete',
  path: '/api/v1/tenants/{tenant_id}/knowledge/{item_id}',
  operationId: 'deleteKnowledge',
  summary: 'Delete a document (admin); its text leaves the search index at once',
  description: 'Removes the document; its passages leave the search index at once, so no later retrieval returns them. Admin role only.',
  tag: 'Knowledge',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: KnowledgeItemParamsSchema,
  responses: { 204: { description: 'Deleted.' }, ...common, 404: problem('No such document in this tenant.') },
});

export const startKnowledgeSync = contract({
  method: 'post',
  path: '/api/v1/tenants/{tenant_id}/knowledge/sync',
  operationId: 'startKnowledgeSync',
  summary: 'Start a sync run (admin)',
  description: 'Indexes every pending document in the background. While a run is queued or running, returns that run (200).',
  tag: 'Knowledge',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: TenantParamsSchema,
  responses: {
    202: { description: 'A new run, queued.', schema: SyncRunSchema, headers: { Location: "The run's URL." } },
    200: { description: 'The run already queued or running.', schema: SyncRunSchema, headers: { Location: "The run's URL." } },
    ...common,
  },
});

export const getKnowledgeSync = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/knowledge/sync/{sync_id}',
  operationId: 'getKnowledgeSync',
  summary: 'Read a sync run',
  description: 'A synchronisation run: its status, how many documents it indexed, how many failed and how many chunks it wrote; poll it until it is `succeeded` or `failed`.',
  tag: 'Knowledge',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: SyncParamsSchema,
  responses: { 200: { description: 'The run.', schema: SyncRunSchema }, ...common, 404: problem('No such run in this tenant.') },
});

export const searchKnowledge = contract({
  method: 'get',
  path: '/api/v1/tenants/{tenant_id}/knowledge/search',
  operationId: 'searchKnowledge',
  summary: 'Retrieve the best chunks for a question',
  description: 'What the AI agent retrieves when it answers a caller: indexed chunks of this tenant only, best first (BM25).',
  tag: 'Knowledge',
  security: 'bearer',
  limits: TENANT_LIMITS,
  params: TenantParamsSchema,
  query: KnowledgeSearchQuerySchema,
  responses: { 200: { description: 'The best chunks.', schema: SearchResultSchema }, 400: problem('Missing q, or invalid limit.'), ...common },
});

/** This area's operations in the order the router tries them (literal segments, sync and search, before `{item_id}`); `API_CONTRACTS` places the area. */
export const ROUTES = [listKnowledge, uploadKnowledge, startKnowledgeSync, getKnowledgeSync, searchKnowledge, getKnowledge, deleteKnowledge] as const;
