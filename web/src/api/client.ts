/**
 * The one typed client of the service's API for every page: `openapi-fetch` over the types
 * generated from docs/openapi.json (schema.gen.ts, `npm run openapi`). Same origin only; the
 * credential is read per request from where the page keeps it (the tab's session storage).
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.gen';

export type Schemas = components['schemas'];
export type Paths = paths;
export type Problem = Schemas['Problem'] & Record<string, unknown>;

/** Where a page keeps its credentials; each is read when a request is made. */
export interface Credentials {
  /** X-API-Key of the attestation API (absent: sandbox, the keyless limits). */
  apiKey?: () => string | undefined;
  /** Bearer token of the tenant API. */
  bearer?: () => string | undefined;
}

export function createApiClient(credentials: Credentials = {}, origin: string = window.location.origin) {
  const client = createClient<paths>({ baseUrl: origin });
  client.use({
    onRequest({ request }) {
      const key = credentials.apiKey?.();
      if (key) request.headers.set('X-API-Key', key);
      const bearer = credentials.bearer?.();
      if (bearer) request.headers.set('Authorization', `Bearer ${bearer}`);
      return request;
    },
  });
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A problem document (RFC 9457) the API answered, as an error a page can show. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail || problem.title || `HTTP ${status}`);
  }
}

/** The problem of a failed response, or one made from its status when the body is not a problem document. */
export function problemOf(status: number, body: unknown): ApiProblem {
  const doc = body !== null && typeof body === 'object' && 'type' in body && 'title' in body ? (body as Problem) : undefined;
  return new ApiProblem(status, doc ?? { type: 'about:blank', title: `HTTP ${status}`, status, detail: '', instance: '', request_id: '' });
}

/** The data of an openapi-fetch result, or its problem thrown. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  throw problemOf(result.response.status, result.error);
}
