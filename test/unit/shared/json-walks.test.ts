import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findNulCharacter, nestsDeeperThan } from '../../../core/shared/json-walks.js';

/** The recursive definitions the iterative walks replace (issue 14, defect 3), as references. */
function nulReference(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulReference(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return at;
      const found = nulReference(v, at);
      if (found !== null) return found;
    }
  }
  return null;
}

function depthReference(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...(Array.isArray(value) ? value : Object.values(value)).map(depthReference));
}

/** Every `a` of keys and strings turned into NUL. */
const injectNul = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.replace(/a/g, '\u0000')
    : Array.isArray(v)
      ? v.map(injectNul)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/a/g, '\u0000'), injectNul(x)]))
        : v;
const withNul = fc.jsonValue({ maxDepth: 5 }).map(injectNul);

describe('findNulCharacter', () => {
  it('finds the first NUL in document order, as the recursive definition does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 5 }), withNul), (value) => {
        expect(findNulCharacter(value)).toBe(nulReference(value));
      }),
      { seed: 14, numRuns: 500 },
    );
  });

  it('walks 100,000 levels without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulCharacter(deep)).toBe(Array(100_000).fill('0').join('.'));
  });
});

describe('nestsDeeperThan', () => {
  it('agrees with the depth of the value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
        expect(nestsDeeperThan(value, max)).toBe(depthReference(value) > max);
      }),
      { seed: 14, numRuns: 500 },
    );
  });

  it('answers for 1,000,000 levels without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) deep = { a: deep };
    expect(nestsDeeperThan(deep, 64)).toBe(true);
  });
});
