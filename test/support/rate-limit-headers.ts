import { expect } from 'vitest';
import type { JsonResponse } from './http-harness.js';

/** Every limited response: the five headers, integers where the convention says so. */
export function expectLimitHeaders(res: JsonResponse, policy: string, limit: number, remaining: number): void {
  expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(res.headers.get('x-ratelimit-remaining')).toBe(String(remaining));
  const reset = res.headers.get('x-ratelimit-reset') ?? '';
  expect(reset).toMatch(/^\d+$/);
  expect(Number(reset)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  expect(res.headers.get('ratelimit-policy')).toContain(`"${policy}";q=`);
  expect(res.headers.get('ratelimit')).toMatch(new RegExp(`"${policy}";r=\\d+;t=\\d+`));
}

export function expectRefused(res: JsonResponse, policy: string, limit: number): void {
  expect(res.status, res.text).toBe(429);
  expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
  expect(res.body).toMatchObject({ status: 429, title: 'Too many requests' });
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  expectLimitHeaders(res, policy, limit, 0);
  expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"${policy}";r=0;t=\\d+$`));
}
