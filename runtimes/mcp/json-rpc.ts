/**
 * JSON-RPC 2.0 as MCP uses it: message shapes, the standard error codes and the one function
 * that sorts a decoded value into request, notification, response or invalid message.
 * Node built-ins only; nothing here knows MCP methods.
 */

export type RequestId = string | number;

export const JSONRPC_VERSION = '2.0';

/** Standard JSON-RPC error codes, and the MCP 2026-07-28 code for an unsupported version. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  UnsupportedProtocolVersion: -32022,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface JsonRpcRequest {
  jsonrpc: typeof JSONRPC_VERSION;
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: typeof JSONRPC_VERSION;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResultResponse {
  jsonrpc: typeof JSONRPC_VERSION;
  id: RequestId;
  result: Record<string, unknown>;
}

export interface JsonRpcErrorResponse {
  jsonrpc: typeof JSONRPC_VERSION;
  /** null when the request's id could not be read (parse error, invalid request). */
  id: RequestId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/**
 * A protocol error: crosses the wire as a JSON-RPC error object. Its message is written by this
 * runtime and is safe to show; never construct one from a caught exception's text.
 */
export class ProtocolError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ProtocolError';
    this.code = code;
    this.data = data;
  }

  toJson(): JsonRpcErrorObject {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

export const resultResponse = (id: RequestId, result: Record<string, unknown>): JsonRpcResultResponse => ({
  jsonrpc: JSONRPC_VERSION,
  id,
  result,
});

export const errorResponse = (id: RequestId | null, error: JsonRpcErrorObject): JsonRpcErrorResponse => ({
  jsonrpc: JSONRPC_VERSION,
  id,
  error,
});

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** MCP ids are strings or integers; JSON-RPC's null id is not allowed on a request. */
export const isRequestId = (value: unknown): value is RequestId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));

export type Classified =
  | { kind: 'request'; message: JsonRpcRequest; rawParams: unknown }
  | { kind: 'notification'; message: JsonRpcNotification; rawParams: unknown }
  | { kind: 'response' }
  | { kind: 'invalid'; id: RequestId | null; error: ProtocolError };

/**
 * Sorts one decoded JSON value (not an array) into the JSON-RPC message kinds. Params that are
 * present but not an object are passed through as `rawParams` so the caller can answer -32602
 * for a well-formed request whose params MCP cannot accept (an array).
 */
export function classify(value: unknown): Classified {
  if (!isPlainObject(value)) {
    return invalid(null, 'Invalid Request: a JSON-RPC message must be a JSON object');
  }
  const hasId = Object.prototype.hasOwnProperty.call(value, 'id');
  const id = hasId && isRequestId(value.id) ? value.id : null;
  if (value.jsonrpc !== JSONRPC_VERSION) {
    return invalid(id, 'Invalid Request: "jsonrpc" must be exactly "2.0"');
  }
  if (!('method' in value)) {
    if (hasId && ('result' in value || 'error' in value)) return { kind: 'response' };
    return invalid(id, 'Invalid Request: "method" is missing');
  }
  if (typeof value.method !== 'string' || value.method.length === 0) {
    return invalid(id, 'Invalid Request: "method" must be a non-empty string');
  }
  const rawParams = value.params;
  if (rawParams !== undefined && (rawParams === null || typeof rawParams !== 'object')) {
    return invalid(id, 'Invalid Request: "params" must be an object');
  }
  const params = isPlainObject(rawParams) ? rawParams : undefined;
  if (hasId) {
    if (!isRequestId(value.id)) {
      return invalid(null, 'Invalid Request: "id" must be a string or an integer');
    }
    const message: JsonRpcRequest = { jsonrpc: JSONRPC_VERSION, id: value.id, method: value.method };
    if (params) message.params = params;
    return { kind: 'request', message, rawParams };
  }
  const message: JsonRpcNotification = { jsonrpc: JSONRPC_VERSION, method: value.method };
  if (params) message.params = params;
  return { kind: 'notification', message, rawParams };
}

function invalid(id: RequestId | null, message: string): Classified {
  return { kind: 'invalid', id, error: new ProtocolError(ErrorCode.InvalidRequest, message) };
}
