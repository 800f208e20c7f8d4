import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectProblem, schemas, seedCast } from '../support/area-a.js';
import { call, type Harness, startHarness } from '../support/http-harness.js';

let h: Harness;
let admin: string;
let member: string;
let globex: string;

const settings = (over: Record<string, unknown> = {}) => ({
  name: 'Front desk',
  language: 'fr-FR',
  voice: { provider: 'acme-tts', voice_id: 'claire' },
  greeting: 'Bonjour !',
  instructions: 'Be brief.',
  llm: { model: 'small', temperature: 0.2, max_output_tokens: 400 },
  knowledge_base: { enabled: true },
  escalation: { phone_number: '+33123456789', triggers: ['angry caller'] },
  business_hours: { timezone: 'Europe/Paris', weekly: [{ day: 'mon', open: '09:00', close: '17:00' }] },
  ...over,
});

beforeAll(async () => {
  h = await startHarness({ snapshot: { build_id: 'agents', artists: [], works: [] }, env: { RATE_LIMIT_AGENTS_PER_MINUTE: '1000000' } });
  ({ admin, member, globex } = await seedCast(h));
});
afterAll(async () => {
  await h?.stop();
});

describe('AI agents', () => {
  it('create (201) → get with ETag → PUT with If-Match (200, version+1) → stale If-Match 412 → versions', async () => {
    const created = await call(h.url, 'POST', '/api/v1/ai-agents', { json: settings(), headers: bearer(admin) });
    expect(created.status, created.text).toBe(201);
    expect(schemas.errors('Agent', created.body)).toEqual([]);
    expect(created.body).toMatchObject({ tenant_id: 'acme', version: 1, name: 'Front desk' });
    const id = created.body.agent_id;
    const got = await call(h.url, 'GET', `/api/v1/ai-agents/${id}`, { headers: bearer(member) });
    expect(got.status).toBe(200);
    const etag = got.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);

    const put = await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, {
      json: { ...settings({ name: 'Renamed' }), agent_id: 'agt_x', tenant_id: 'globex', version: 99, updated_at: 'x' },
      headers: { ...bearer(admin), 'if-match': etag },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ agent_id: id, tenant_id: 'acme', version: 2, name: 'Renamed' });
    expect(put.headers.get('etag')).not.toBe(etag);

    const stale = await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { json: settings({ name: 'Lost' }), headers: { ...bearer(admin), 'if-match': etag } });
    expectProblem(stale, 412);
    // No If-Match at all: 428 (RFC 6585), naming the current ETag; nothing changes.
    const blind = await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { json: settings({ name: 'Blind' }), headers: bearer(admin) });
    expectProblem(blind, 428);
    expect(blind.body.detail).toContain(put.headers.get('etag')!);
    const wildcard = await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { json: settings({ name: 'Renamed' }), headers: { ...bearer(admin), 'if-match': '*' } });
    expect(wildcard.status, wildcard.text).toBe(200);
    expect((await call(h.url, 'GET', `/api/v1/ai-agents/${id}`, { headers: bearer(admin) })).body.name).toBe('Renamed');

    const versions = await call(h.url, 'GET', `/api/v1/ai-agents/${id}/versions`, { headers: bearer(member) });
    expect(versions.status).toBe(200);
    expect(schemas.errors('AgentList', versions.body)).toEqual([]);
    expect(versions.body.data.map((v: any) => [v.version, v.name])).toEqual([[2, 'Renamed'], [1, 'Front desk']]);

    const list = await call(h.url, 'GET', '/api/v1/ai-agents', { headers: bearer(member) });
    expect(list.body.data.map((a: any) => a.agent_id)).toContain(id);
    expect((await call(h.url, 'GET', '/api/v1/ai-agents', { headers: bearer(globex) })).body.data).toEqual([]);
  });

  it('two concurrent PUTs with the same ETag: exactly one wins, the other is 412', async () => {
    const created = await call(h.url, 'POST', '/api/v1/ai-agents', { json: settings(), headers: bearer(admin) });
    const id = created.body.agent_id;
    const etag = created.headers.get('etag')!;
    for (let round = 0; round < 5; round++) {
      const current = await call(h.url, 'GET', `/api/v1/ai-agents/${id}`, { headers: bearer(admin) });
      const tag = round === 0 ? etag : current.headers.get('etag')!;
      const results = await Promise.all(
        ['A', 'B'].map((n) => call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { json: settings({ name: `${n}${round}` }), headers: { ...bearer(admin), 'if-match': tag } })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
      const winner = results.find((r) => r.status === 200)!;
      const after = await call(h.url, 'GET', `/api/v1/ai-agents/${id}`, { headers: bearer(admin) });
      expect(after.body).toMatchObject({ name: winner.body.name, version: round + 2 });
    }
    const versions = await call(h.url, 'GET', `/api/v1/ai-agents/${id}/versions?limit=2`, { headers: bearer(admin) });
    expect(versions.body.data.map((v: any) => v.version)).toEqual([5, 4]);
    const rest = await call(h.url, 'GET', `/api/v1/ai-agents/${id}/versions?limit=100&cursor=${encodeURIComponent(versions.body.next_cursor)}`, { headers: bearer(admin) });
    expect(rest.body.data.map((v: any) => v.version)).toEqual([3, 2, 1]);
    for (const path of ['/api/v1/ai-agents?limit=0', `/api/v1/ai-agents/${id}/versions?limit=101`]) {
      const refused = await call(h.url, 'GET', path, { headers: bearer(admin) });
      expectProblem(refused, 400);
      expect(refused.body.errors).toEqual([{ path: 'limit', message: 'limit must be an integer from 1 to 100' }]);
    }
  });

  it('400 with errors for missing or invalid fields; 403 member; 404 other tenant; 401 without a token', async () => {
    const created = await call(h.url, 'POST', '/api/v1/ai-agents', { json: settings(), headers: bearer(admin) });
    const id = created.body.agent_id;
    const { greeting: _g, ...missing } = settings();
    const bad = await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { json: missing, headers: bearer(admin) });
    expectProblem(bad, 400);
    expect(bad.body.errors.map((e: any) => e.path)).toContain('greeting');
    for (const [over, path] of [
      [{ language: 'not a tag!' }, 'language'],
      [{ business_hours: { timezone: 'Mars/Olympus', weekly: [] } }, 'business_hours.timezone'],
      [{ llm: { model: 'm', temperature: 3, max_output_tokens: 1 } }, 'llm.temperature'],
      [{ escalation: { phone_number: '12345', triggers: [] } }, 'escalation.phone_number'],
    ] as const) {
      const r = await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { json: settings(over), headers: bearer(admin) });
      expectProblem(r, 400);
      expect(r.body.errors.map((e: any) => e.path)).toContain(path);
    }
    expect((await call(h.url, 'GET', `/api/v1/ai-agents/${id}`, { headers: bearer(admin) })).body.version).toBe(1);
    expectProblem(await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { json: settings(), headers: bearer(member) }), 403);
    expectProblem(await call(h.url, 'POST', '/api/v1/ai-agents', { json: settings(), headers: bearer(member) }), 403);
    expectProblem(await call(h.url, 'GET', `/api/v1/ai-agents/${id}`, { headers: bearer(globex) }), 404);
    expectProblem(await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { json: settings(), headers: bearer(globex) }), 404);
    expectProblem(await call(h.url, 'GET', `/api/v1/ai-agents/${id}/versions`, { headers: bearer(globex) }), 404);
    expectProblem(await call(h.url, 'GET', '/api/v1/ai-agents/agt_unknown', { headers: bearer(admin) }), 404);
    expectProblem(await call(h.url, 'GET', '/api/v1/ai-agents'), 401);
    expectProblem(await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { body: 'x', headers: { ...bearer(admin), 'content-type': 'text/plain' } }), 415);
    expectProblem(await call(h.url, 'PUT', `/api/v1/ai-agents/${id}`, { body: '{', headers: { ...bearer(admin), 'content-type': 'application/json' } }), 400);
  });
});

describe('workspace', () => {
  it('GET defaults, PUT (admin) validates and stores, member 403, 401', async () => {
    const first = await call(h.url, 'GET', '/api/v1/workspace', { headers: bearer(member) });
    expect(first.status).toBe(200);
    expect(schemas.errors('Workspace', first.body)).toEqual([]);
    expect(first.body).toEqual({ tenant_id: 'acme', name: 'acme inc.', timezone: 'UTC', locale: 'en-US', retention_days: 365 });
    const body = { name: 'Acme Support', timezone: 'Europe/Paris', locale: 'fr-fr', retention_days: 90 };
    const put = await call(h.url, 'PUT', '/api/v1/workspace', { json: body, headers: bearer(admin) });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ tenant_id: 'acme', ...body, locale: 'fr-FR' });
    expect((await call(h.url, 'GET', '/api/v1/workspace', { headers: bearer(member) })).body.timezone).toBe('Europe/Paris');
    expect((await call(h.url, 'GET', '/api/v1/workspace', { headers: bearer(globex) })).body.tenant_id).toBe('globex');
    const bad = await call(h.url, 'PUT', '/api/v1/workspace', { json: { ...body, timezone: 'Nowhere/Land', locale: '??', retention_days: 0 }, headers: bearer(admin) });
    expectProblem(bad, 400);
    expect(bad.body.errors.map((e: any) => e.path).sort()).toEqual(expect.arrayContaining(['retention_days']));
    const bad2 = await call(h.url, 'PUT', '/api/v1/workspace', { json: { ...body, timezone: 'Nowhere/Land', locale: 'x y' }, headers: bearer(admin) });
    expectProblem(bad2, 400);
    expect(bad2.body.errors.map((e: any) => e.path).sort()).toEqual(['locale', 'timezone']);
    expectProblem(await call(h.url, 'PUT', '/api/v1/workspace', { json: body, headers: bearer(member) }), 403);
    expectProblem(await call(h.url, 'GET', '/api/v1/workspace'), 401);
  });
});
