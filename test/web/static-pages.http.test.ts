import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebRoot, PAGE_CONTENT_SECURITY_POLICY } from '../../runtimes/http/middleware/static-pages.js';
import { type Harness, startHarness } from '../support/http-harness.js';
import { assertPagesBuilt } from './support/built-pages.js';

describe('the web pages as the HTTP runtime serves them', () => {
  let h: Harness;
  let assets: string[];
  beforeAll(async () => {
    assertPagesBuilt('workbench');
    assets = readdirSync(join(defaultWebRoot(), 'assets'));
    h = await startHarness();
  });
  afterAll(() => h?.stop());

  it('GET /workbench: the HTML under a strict policy, revalidated on every load', async () => {
    for (const path of ['/workbench', '/workbench/']) {
      const res = await fetch(h.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = res.headers.get('content-security-policy');
      expect(csp).toBe(PAGE_CONTENT_SECURITY_POLICY);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      // Nothing inline, nothing from another host: every script and stylesheet is a /web/assets/ file.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style\b/);
      expect(html).not.toMatch(/\sstyle=/);
      const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) expect(ref, ref).toMatch(/^\/web\/assets\/[A-Za-z0-9_.-]+$/);
    }
  });

  it('hashed assets: their content type, the same policy, cached for a year', async () => {
    const js = assets.find((a) => a.endsWith('.js'))!;
    const css = assets.find((a) => a.endsWith('.css'))!;
    for (const [name, type] of [
      [js, 'text/javascript; charset=utf-8'],
      [css, 'text/css; charset=utf-8'],
    ]) {
      const res = await fetch(`${h.url}/web/assets/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-security-policy')).toBe(PAGE_CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await res.text()).length).toBeGreaterThan(0);
    }
    // Compressed like every other answer when the client accepts it.
    const gz = await fetch(`${h.url}/web/assets/${js}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('anything else under /web/ is the ordinary 404 problem; no file outside the build is reachable', async () => {
    for (const path of ['/web/assets/nope.js', '/web/assets/..%2F..%2Fpackage.json', '/web/assets/%2e%2e/workbench/index.html', '/web/workbench/index.html', '/workbench/index.html', '/web/assets/']) {
      const res = await fetch(h.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/problem+json');
    }
  });

  it('other methods on a page are a 405 naming GET and HEAD; HEAD answers the headers', async () => {
    const post = await fetch(`${h.url}/workbench`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(((await post.json()) as { status: number }).status).toBe(405);
    const head = await fetch(`${h.url}/workbench`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-security-policy')).toBe(PAGE_CONTENT_SECURITY_POLICY);
  });

  it('the API keeps its own answers (the pages middleware passes everything else on)', async () => {
    const res = await fetch(`${h.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});
