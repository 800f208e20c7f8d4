import { describe, expect, it } from 'vitest';
import { generateOpenApi } from '../../runtimes/http/openapi/generate-openapi.js';

describe('OpenAPI document: Area A (login and calls)', () => {
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
