import { McpHeadersSchema, McpRequestBodySchema, McpResponseBodySchema } from '../../shared/schemas/mcp.schemas.js';
import { contract } from '../route-contract.js';
import { problem, VERIFY_LIMITS } from './shared.js';

/**
 * The oracle's tools as a remote MCP server (Streamable HTTP, stateless): docs/decisions/0045.
 * GET and DELETE are not served (no server-initiated stream, no session): 405 with `Allow`.
 */
export const mcpEndpoint = contract({
  method: 'post',
  path: '/mcp',
  operationId: 'mcp',
  summary: 'MCP server (Streamable HTTP)',
  description:
    'The tools of svc-verify (verify_art_records, verify_coverage, verify_art_records_batch) for remote MCP clients: each POST carries ' +
    'one JSON-RPC message (a batch in protocol version 2025-03-26) and is answered with application/json; a body of notifications ' +
    'only is a 202. Stateless: no Mcp-Session-Id; after `initialize`, send the negotiated version as MCP-Protocol-Version (absent: ' +
    '2025-03-26). Protocol versions 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 (handshake) and 2026-07-28 (version in each ' +
    "request's _meta). The API key goes in X-API-Key or as `Authorization: Bearer <key>`; without one, the sandbox. Each POST spends " +
    'one unit of the verify budget (a sandbox batch one per subject, as /verify/batch); every verification is archived and metered ' +
    'as on /verify. A browser Origin other than loopback or MCP_ALLOWED_ORIGINS is a 403.',
  tag: 'MCP',
  security: 'mcpKey',
  limits: VERIFY_LIMITS,
  rawBody: { 'application/json': McpRequestBodySchema },
  headers: McpHeadersSchema,
  responses: {
    200: { description: 'The JSON-RPC response(s); tool failures are results with isError.', schema: McpResponseBodySchema, contentType: 'application/json' },
    202: { description: 'Notifications or responses only: accepted, no body.' },
    400: { description: 'Malformed JSON (-32700), a body that is not a JSON-RPC message (-32600), or an unsupported MCP-Protocol-Version: a JSON-RPC error with id null.', schema: McpResponseBodySchema, contentType: 'application/json' },
    401: problem('Unknown or revoked API key.'),
    403: problem('Origin not allowed (DNS rebinding protection).'),
    406: problem('The client does not accept application/json.'),
    413: problem('Body over 1 MiB.'),
    415: problem('Body is not application/json.'),
    429: problem('Rate limited; see `Retry-After`.'),
  },
});

export const ROUTES = [mcpEndpoint] as const;
