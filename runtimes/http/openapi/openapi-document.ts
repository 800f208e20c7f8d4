import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ProblemSchema } from '../../shared/schemas/problem.schemas.js';
import { problem } from '../contracts/shared.js';
import { RELEASE_VERSION } from '../../shared/settings/release.js';
import { EVENT_PAYLOAD_SCHEMAS } from '../../shared/schemas/webhooks.schemas.js';
import { API_TAGS, type AnyRouteContract, type ResponseSpec } from '../route-contract.js';

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': 'Requests allowed in the window.',
  'X-RateLimit-Remaining': 'Requests left in the window.',
  'X-RateLimit-Reset': 'When the window resets (epoch seconds).',
  'RateLimit-Policy': 'IETF draft policy: quota and window.',
  RateLimit: 'IETF draft: remaining and seconds to reset.',
};

/** Every route but the operational ones reads or writes the database (errors middleware: isTransient). */
const DATABASE_UNAVAILABLE: ResponseSpec = {
  description: 'The database is busy, timed out or unreachable; retry after `Retry-After`.',
  schema: ProblemSchema,
};

/**
 * The answers the edge gives any route of a kind, whatever the route spec lists: a route with
 * path or query parameters or a body can answer 400 (an over-long path parameter included), a
 * body 413 and 415, a credential 401, a limited route 429 (docs/decisions/0013-edge-hardening.md).
 * The route's own descriptions win.
 */
function impliedResponses(spec: AnyRouteContract): Record<number, ResponseSpec> {
  // Node's parser answers these before any route runs (runtimes/http/client-errors.ts).
  const implied: Record<number, ResponseSpec> = {
    408: problem('The request head or body was not received in time.'),
    431: problem('The request head is over 16 KiB.'),
  };
  const hasBody = spec.body !== undefined || spec.rawBody !== undefined;
  if (spec.params || spec.query || hasBody) implied[400] = problem('An invalid path parameter, query parameter or body; `errors` names each bad field.');
  if (spec.security !== 'none') implied[401] = problem('A missing, malformed, unknown or revoked credential; see `WWW-Authenticate`.');
  if (hasBody) {
    implied[413] = problem('The body is over its limit (1 MiB of JSON).');
    implied[415] = problem('The body is not of a media type this operation accepts.');
  }
  if (spec.limits.length > 0) implied[429] = problem('Rate limited; see `Retry-After`.');
  return implied;
}

function operation(spec: AnyRouteContract): ZodOpenApiOperationObject {
  const responses: Record<string, object> = {};
  const usesDatabase = spec.tag !== 'Operations';
  const withImplied = { ...impliedResponses(spec), ...spec.responses };
  const declared = usesDatabase && !withImplied[503] ? { ...withImplied, 503: DATABASE_UNAVAILABLE } : withImplied;
  for (const [status, r] of Object.entries(declared)) {
    const code = Number(status);
    const contentTypes = [r.contentType ?? (code >= 400 ? 'application/problem+json' : 'application/json')].flat();
    const headers: Record<string, { description: string; schema: { type: 'string' } }> = {
      'X-Request-Id': { description: 'The request id (echoed when the caller sent a sane one).', schema: { type: 'string' } },
    };
    for (const [name, description] of Object.entries({ ...(spec.limits.length > 0 ? RATE_LIMIT_HEADERS : {}), ...r.headers })) {
      headers[name] = { description, schema: { type: 'string' } };
    }
    if (code === 429 || (code === 503 && usesDatabase)) headers['Retry-After'] = { description: 'Seconds to wait.', schema: { type: 'string' } };
    if (code === 401) headers['WWW-Authenticate'] = { description: 'The challenge: `Bearer realm="api"`, `ApiKey realm="verify", header="X-API-Key"`, or on a refused login `Password realm="api"` (email and password in the body).', schema: { type: 'string' } };
    responses[status] = {
      description: r.description,
      headers,
      ...(r.schema ? { content: Object.fromEntries(contentTypes.map((type) => [type, { schema: r.schema }])) } : {}),
      ...(r.content ? { content: Object.fromEntries(Object.entries(r.content).map(([type, schema]) => [type, { schema }])) } : {}),
    };
  }
  const op: ZodOpenApiOperationObject = {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: [spec.tag],
    responses: responses as ZodOpenApiOperationObject['responses'],
  };
  if (spec.params || spec.query || spec.headers) {
    op.requestParams = {
      ...(spec.params ? { path: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.headers ? { header: spec.headers } : {}),
    };
  }
  if (spec.body) op.requestBody = { required: true, content: { 'application/json': { schema: spec.body } } };
  if (spec.rawBody) op.requestBody = { required: true, content: Object.fromEntries(Object.entries(spec.rawBody).map(([type, schema]) => [type, { schema }])) };
  if (spec.security === 'apiKey') op.security = [{ apiKey: [] }];
  if (spec.security === 'apiKeyOptional') op.security = [{}, { apiKey: [] }];
  if (spec.security === 'bearer') op.security = [{ bearer: [] }];
  if (spec.security === 'none') op.security = [];
  if (spec.security === 'mcpKey') op.security = [{}, { apiKey: [] }, { apiKeyBearer: [] }];
  return op;
}

const SIGNATURE_HEADERS = {
  'webhook-id': 'The event id: the same on every attempt; de-duplicate on it.',
  'webhook-timestamp': 'Seconds since the epoch at this attempt; reject old ones (Standard Webhooks libraries allow 5 minutes).',
  'webhook-signature': '`v1,<base64 HMAC-SHA256>` of `id.timestamp.body`, keyed with the secret\'s bytes after `whsec_`; several, space separated, during a secret rotation.',
};

/**
 * The OpenAPI 3.1 `webhooks` section: what a subscriber receives for each event type (a
 * Standard Webhooks POST). Any 2xx acknowledges; anything else (or no answer within the timeout)
 * is retried with backoff for about a day.
 */
function webhookOperations(): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  for (const [type, schema] of Object.entries(EVENT_PAYLOAD_SCHEMAS)) {
    out[type] = {
      post: {
        operationId: `event_${type.replace(/\./g, '_')}`,
        summary: `Event ${type}`,
        description: 'Delivered at least once, in no promised order; de-duplicate on `webhook-id`.',
        tags: ['Webhook events'],
        // The receiver authenticates the sender by the signature headers, not by an OpenAPI scheme.
        security: [],
        requestParams: {
          header: z.object(Object.fromEntries(Object.entries(SIGNATURE_HEADERS).map(([name, description]) => [name, z.string().meta({ description })]))),
        },
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: { '200': { description: 'Any 2xx acknowledges the event; a 3xx is not followed and counts as a failure.' } },
      },
    };
  }
  return out;
}

/** The OpenAPI 3.1 document, generated from the route contracts the router serves. */
export function buildOpenApiDocument(routes: readonly AnyRouteContract[]): object {
  const paths: ZodOpenApiPathsObject = {};
  for (const spec of routes) {
    paths[spec.path] = { ...(paths[spec.path] ?? {}), [spec.method]: operation(spec) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Call-centre platform and art-record attestation API',
      version: RELEASE_VERSION,
      description:
        'Area A: tenant API of an AI call-centre platform. Area B: an attestation oracle that answers attested, ' +
        'contradicted or unavailable from sourced CC0 museum and Wikidata records. Errors are RFC 9457 problem documents.',
      license: { name: 'Proprietary: all rights reserved (package licence UNLICENSED)', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'The svc-platform maintainers' },
    },
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Production key of the attestation API (metered).' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKeyBearer: { type: 'http', scheme: 'bearer', description: 'The attestation API key as a bearer token, as remote MCP clients send it (`/mcp` only).' },
      },
    },
    paths,
    webhooks: webhookOperations(),
  });
}
