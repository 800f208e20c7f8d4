import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApi, serialiseOpenApi } from '../../runtimes/http/openapi/generate-openapi.js';
import { PACKAGE_VERSION } from '../support/package-version.js';

describe('OpenAPI document', () => {
  it('docs/openapi.json is the document the route specs generate (run `npm run openapi` when this fails)', async () => {
    const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(serialiseOpenApi(await generateOpenApi()));
  });

  it('is OpenAPI 3.1 and describes every endpoint of the oracle with its error statuses', async () => {
    const doc = (await generateOpenApi()) as any;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(PACKAGE_VERSION);
    const verify = doc.paths['/api/v1/verify'].post;
    expect(Object.keys(verify.responses).sort()).toEqual(['200', '400', '401', '408', '413', '415', '429', '431', '503']);
    expect(verify.responses['503'].headers['Retry-After']).toBeDefined();
    expect(verify.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/VerifyRequest');
    for (const path of [
      '/api/v1/verify/coverage',
      '/api/v1/verify/requests/{request_id}',
      '/api/v1/verify/requests/{request_id}/replay',
      '/api/v1/verify/usage',
      '/healthz',
      '/readyz',
      '/metrics',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  });
  it('describes login and the calls routes with every status they answer', async () => {
    const doc = (await generateOpenApi()) as any;
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).sort();
    expect(statuses('/api/v1/auth/login', 'post')).toEqual(['200', '400', '401', '408', '413', '415', '429', '431', '503']);
    expect(statuses('/api/v1/tenants/{tenant_id}/calls', 'get')).toEqual(['200', '400', '401', '403', '408', '429', '431', '503']);
    expect(statuses('/api/v1/tenants/{tenant_id}/calls', 'post')).toEqual(['201', '400', '401', '403', '408', '409', '413', '415', '429', '431', '503']);
    expect(statuses('/api/v1/tenants/{tenant_id}/calls/{call_id}', 'get')).toEqual(['200', '400', '401', '403', '404', '408', '429', '431', '503']); // 400: an over-long call_id
    expect(doc.paths['/api/v1/tenants/{tenant_id}/calls'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/auth/login'].post.security).toEqual([]);
    const params = doc.paths['/api/v1/tenants/{tenant_id}/calls'].get.parameters.map((p: any) => p.name).sort();
    expect(params).toEqual(['channel', 'cursor', 'direction', 'from', 'limit', 'q', 'tenant_id', 'to']);
    for (const name of ['CallSummary', 'CallDetail', 'CallList', 'NewCall', 'LoginRequest', 'AccessToken']) expect(doc.components.schemas[name], name).toBeDefined();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });
});

// Every harness checks its server's responses against this document (test/support/response-validator.ts);
// this proves the check sees them: a served response is counted, and the served document is the generated one.
describe('the harness validates every response against the served document', () => {
  it('counts the responses it checked and finds none that disagrees', async () => {
    const { startHarness, call } = await import('../support/http-harness.js');
    const h = await startHarness();
    try {
      const before = h.responses.checked;
      const served = await call(h.url, 'GET', '/api/v1/openapi.json');
      await call(h.url, 'GET', '/healthz');
      await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 'Rembrandt van Rijn', subject_title: 'The Night Watch' } });
      await call(h.url, 'POST', '/api/v1/verify', { json: { subject_artist: 1 } });
      expect(h.responses.checked - before).toBe(4);
      expect(served.body).toEqual(JSON.parse(serialiseOpenApi(await generateOpenApi())));
    } finally {
      await h.stop();
    }
  });
});
