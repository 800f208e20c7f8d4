import { describe, expect, it } from 'vitest';
import { ResponseValidator } from '../../support/response-validator.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

// The validator that the HTTP harness attaches to every server (test/support/http-harness.ts):
// it must refuse what disagrees with the document, or the suites prove nothing.
describe('ResponseValidator', () => {
  const validator = new ResponseValidator();

  it('accepts a response as the document describes it', () => {
    expect(validator.check('GET', '/healthz', 200, 'application/json; charset=utf-8', json({ status: 'ok' }))).toEqual([]);
    expect(validator.check('GET', '/api/v1/tenants/t1/calls/c1?x=1', 404, 'application/problem+json', json({ type: 'https://x/not-found', title: 'Not found', status: 404, detail: 'd', instance: '/x', request_id: 'r' }))).toEqual([]);
  });

  it('refuses an undeclared status, an undeclared media type and a body off its schema', () => {
    expect(validator.check('GET', '/healthz', 418, 'application/json', json({}))[0]).toMatch(/status not declared/);
    expect(validator.check('GET', '/healthz', 200, 'text/plain', Buffer.from('ok'))[0]).toMatch(/media type text\/plain not declared/);
    expect(validator.check('GET', '/healthz', 200, 'application/json', json({ status: 'down' }))[0]).toMatch(/body\/status/);
    expect(validator.check('GET', '/healthz', 200, 'application/json', Buffer.from('{'))[0]).toMatch(/not JSON/);
  });

  it('matches the most literal template and leaves what the document does not describe alone', () => {
    expect(validator.match('GET', '/api/v1/verify/coverage')?.template).toBe('/api/v1/verify/coverage');
    expect(validator.match('GET', '/api/v1/tenants/t1/calls/c1')?.template).toBe('/api/v1/tenants/{tenant_id}/calls/{call_id}');
    expect(validator.check('GET', '/nowhere', 404, 'application/problem+json', json({}))).toEqual([]);
    expect(validator.check('PATCH', '/healthz', 405, 'application/problem+json', json({}))).toEqual([]);
  });
});
