import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import type { CallRepository } from '../../../core/calls/ports.js';
import { CallQueries } from '../../../core/calls/use-cases/call-queries.js';
import type { CursorSealer } from '../../../core/shared/ports.js';
import { CALLS } from '../../../runtimes/shared/composition/calls.tokens.js';
import { PLATFORM } from '../../../runtimes/shared/composition/platform.tokens.js';
import { provide, resolverOf, token } from '../../../runtimes/shared/composition/token.js';

/**
 * What the compiler refuses (`npm run typecheck` fails on an unused `@ts-expect-error`): never
 * called, only checked. Each line is a mistake the issue names: a token list that does not
 * match its factory, or a factory that makes another type than its token's.
 */
export function refusedWirings(container: Container): void {
  // The binding as the calls module writes it compiles, with the parameters' types inferred from the tokens.
  provide(container, CALLS.CallQueries, [CALLS.CallRepository, PLATFORM.CursorSealer], (calls, sealer) => new CallQueries(calls, sealer));
  // … or annotated.
  provide(container, CALLS.CallQueries, [CALLS.CallRepository, PLATFORM.CursorSealer], (calls: CallRepository, sealer: CursorSealer) => new CallQueries(calls, sealer));
  // @ts-expect-error the two tokens swapped: the factory's parameters and the list disagree
  provide(container, CALLS.CallQueries, [PLATFORM.CursorSealer, CALLS.CallRepository], (calls: CallRepository, sealer: CursorSealer) => new CallQueries(calls, sealer));
  // @ts-expect-error swapped, parameters inferred: the constructor gets them in the wrong order
  provide(container, CALLS.CallQueries, [PLATFORM.CursorSealer, CALLS.CallRepository], (calls, sealer) => new CallQueries(calls, sealer));
  // @ts-expect-error a token missing from the list
  provide(container, CALLS.CallQueries, [CALLS.CallRepository], (calls: CallRepository, sealer: CursorSealer) => new CallQueries(calls, sealer));
  // @ts-expect-error the factory makes something else than the token's type
  provide(container, CALLS.CallQueries, [CALLS.CallRepository], (calls) => calls);
  const get = resolverOf(container);
  // @ts-expect-error a token's value is its type, not another
  const wrong: CursorSealer = get(CALLS.CallRepository);
  void wrong;
}

describe('provide (the typed binding helper)', () => {
  it('makes a value once, from the values of its tokens in order, on first use', () => {
    const container = new Container();
    const A = token<{ n: number }>('test.A');
    const B = token<string>('test.B');
    const AB = token<string>('test.AB');
    let made = 0;
    provide(container, AB, [B, A], (b, a) => `${b}${a.n}${++made}`);
    provide(container, A, [], () => ({ n: 7 }));
    provide(container, B, [], () => 'b');
    const get = resolverOf(container);
    expect(made).toBe(0);
    expect(get(AB)).toBe('b71');
    expect(get(AB)).toBe('b71');
    expect(made).toBe(1);
  });

  it('keys a token by its name, so two tokens of one name are one binding', () => {
    expect(token<number>('test.same')).toBe(token<number>('test.same'));
    expect(token<number>('test.one')).not.toBe(token<number>('test.other'));
  });
});
