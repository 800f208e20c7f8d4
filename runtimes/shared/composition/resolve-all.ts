import type { Container } from 'inversify';

/**
 * A runtime's typed dependencies object, one `container.get` per field: the composition root's
 * single read of the container. Each token is the one its field's type was bound under.
 */
export function resolveAll<T extends object>(container: Container, tokens: { [K in keyof T]: symbol }): T {
  return Object.fromEntries(Object.entries<symbol>(tokens).map(([field, token]) => [field, container.get(token)])) as T;
}
