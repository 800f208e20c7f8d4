import type { Container } from 'inversify';
import { resolverOf, type Token } from '../../runtimes/shared/composition/token.js';

/** A table of tokens, each field's token carrying that field's type. */
export type TokenTable<T> = { [K in keyof T]: Token<T[K]> };

/**
 * The ports a suite exercises, one token per field. The table's type ties every field to its
 * token's type; assembling the object from its entries is the one assertion (tests only: the
 * runtimes read their containers into object literals, field by field).
 */
export function resolveTable<T extends object>(container: Container, tokens: TokenTable<T>): T {
  const get = resolverOf(container);
  return Object.fromEntries(Object.entries<Token<unknown>>(tokens).map(([field, key]) => [field, get(key)])) as T;
}
