import { z } from 'zod';

/**
 * JSON-RPC 2.0 messages as `/mcp` takes and answers them, for the OpenAPI document only: the
 * protocol core (runtimes/mcp/json-rpc.ts) reads every message itself and answers a malformed
 * one with a JSON-RPC error, as MCP requires.
 */

const IdSchema = z.union([z.string(), z.number().int()]).meta({ description: 'A request id: a string or an integer.' });

export const JsonRpcMessageSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: IdSchema.optional().meta({ description: 'Present on a request, absent on a notification.' }),
    method: z.string().min(1).meta({ description: '`initialize`, `ping`, `tools/list`, `tools/call`, `server/discover` or a notification.' }),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({
    id: 'JsonRpcMessage',
    description: 'A JSON-RPC request or notification of the Model Context Protocol.',
    example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'verify_art_records', arguments: { subject_artist: 'J. M. W. Turner', subject_title: 'The Fighting Temeraire' } } },
  });

export const McpRequestBodySchema = z
  .union([JsonRpcMessageSchema, z.array(JsonRpcMessageSchema).min(1).meta({ description: 'A batch: protocol version 2025-03-26 only.' })])
  .meta({ id: 'McpRequest' });

const JsonRpcErrorSchema = z.object({
  code: z.number().int().meta({ description: '-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32603 internal error, -32022 unsupported protocol version.' }),
  message: z.string(),
  data: z.unknown().optional(),
});

export const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: IdSchema.nullable().meta({ description: "The request's id; null when it could not be read." }),
    result: z.record(z.string(), z.unknown()).optional().meta({ description: 'On success: the method\'s result (a tool failure is a result with `isError: true`).' }),
    error: JsonRpcErrorSchema.optional(),
  })
  .meta({ id: 'JsonRpcResponse', description: 'A JSON-RPC response: `result` or `error`.' });

export const McpResponseBodySchema = z.union([JsonRpcResponseSchema, z.array(JsonRpcResponseSchema)]).meta({ id: 'McpResponse' });

export const McpHeadersSchema = z.object({
  'MCP-Protocol-Version': z
    .string()
    .optional()
    .meta({ description: 'After initialize: the negotiated protocol version (absent: 2025-03-26). An unsupported one is a 400.', example: '2025-11-25' }),
});
