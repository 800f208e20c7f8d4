import type { Container } from 'inversify';

declare const carries: unique symbol;

/**
 * The key of one binding: a `Symbol.for` key branded, at compile time only, with the type bound
 * under it. Binding (`provide`) and reading (`resolverOf`) both go through it, so the type a
 * factory receives is the type another factory made (ADR 0039).
 */
export type Token<T> = symbol & { readonly [carries]: T };

/** The type a token carries. */
export type TypeOf<K> = K extends Token<infer T> ? T : never;

/** The types a list of tokens resolves to, in order: a factory's parameters. */
export type Resolved<D extends readonly Token<unknown>[]> = { -readonly [I in keyof D]: TypeOf<D[I]> };

/** A new token for values of type `T` (the brand is the only assertion of the wiring). */
export const token = <T>(key: string): Token<T> => Symbol.for(key) as Token<T>;

/**
 * The one binding helper: `token` is made once (a singleton), on first use, by `factory` from the
 * values of `deps`. The factory's parameters are the deps' types in order, so a dependency list
 * that does not match the factory (two tokens swapped, one missing) fails typecheck; so does a
 * factory that makes something other than the token's type. A constant is `provide(c, T, [], () => v)`.
 */
export function provide<T, const D extends readonly Token<unknown>[]>(container: Container, key: Token<T>, deps: D, factory: (...args: Resolved<D>) => NoInfer<T>): void {
  // Inversify relates no symbol to a type (any symbol passes for any parameter): the check is
  // the signature above, so the container sees the factory over its inputs as they come.
  const make = factory as (...args: unknown[]) => T;
  container.bind<T>(key).toResolvedValue(make, [...deps]).inSingletonScope();
}

/** Reads a value by its token, typed by it: how a composition root reads its container once. */
export type Get = <T>(key: Token<T>) => T;

export const resolverOf =
  (container: Container): Get =>
  <T>(key: Token<T>): T =>
    container.get<T>(key);
