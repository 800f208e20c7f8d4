import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as agents from '../../../runtimes/http/contracts/agents.contracts.js';
import * as attestation from '../../../runtimes/http/contracts/attestation.contracts.js';
import * as auth from '../../../runtimes/http/contracts/auth.contracts.js';
import * as calls from '../../../runtimes/http/contracts/calls.contracts.js';
import * as catalogue from '../../../runtimes/http/contracts/catalogue.contracts.js';
import * as erasures from '../../../runtimes/http/contracts/erasures.contracts.js';
import { API_CONTRACTS } from '../../../runtimes/http/contracts/index.js';
import * as knowledge from '../../../runtimes/http/contracts/knowledge.contracts.js';
import * as mcp from '../../../runtimes/http/contracts/mcp.contracts.js';
import * as platform from '../../../runtimes/http/contracts/platform.contracts.js';
import * as orders from '../../../runtimes/http/contracts/research-orders.contracts.js';
import * as users from '../../../runtimes/http/contracts/users.contracts.js';
import { KEY_WEBHOOKS, TENANT_WEBHOOKS } from '../../../runtimes/http/contracts/webhooks.contracts.js';
import * as workspace from '../../../runtimes/http/contracts/workspace.contracts.js';
import { groupRoutes, routesOf } from '../../../runtimes/http/route-groups.js';
import { contract, type Handlers, type Route } from '../../../runtimes/http/route-contract.js';

const op = <const Id extends string>(operationId: Id, security: 'none' | 'bearer' = 'none') =>
  contract({ method: 'get', path: `/${operationId}`, operationId, summary: operationId, description: operationId, tag: 'Operations', security, limits: [], params: z.object({}), responses: { 200: { description: 'ok' } } });

const a = op('a');
const b = op('b', 'bearer');
const c = op('c', 'bearer');
const handler = () => {};
type Three = Handlers<typeof a | typeof b | typeof c>;
const three: Three = { a: handler, b: handler, c: handler };

describe('routesOf: the routes are the contracts in order, each with its handler by operation id', () => {
  it('serves the contracts in their order, each handler with its contract', () => {
    const routes = routesOf(three, [c, a, b]);
    expect(routes.map((r) => r.contract)).toEqual([c, a, b]);
    expect(routes.every((r) => r.handler === handler)).toBe(true);
  });

  it('refuses to start on a contract without a handler, a handler without a contract, or an id listed twice', () => {
    const { c: _dropped, ...twoHandlers } = three;
    // The first fails typecheck already; the start refuses all three.
    // @ts-expect-error a contract without its handler
    expect(() => routesOf(twoHandlers, [a, b, c])).toThrow(/without a handler \[c\]/);
    expect(() => routesOf(three, [a, b])).toThrow(/without a contract \[c\]/);
    expect(() => routesOf(three, [a, b, c, a])).toThrow(/listed twice \[a\]/);
  });

  it('groups consecutive routes of one security, keeping the order the router tries them', () => {
    const routes = routesOf(three, [b, a, c]);
    const groups = groupRoutes(routes, { none: {}, apiKeyOptional: {}, apiKey: {}, bearer: { middleware: [] }, mcpKey: {} });
    expect(groups.map((g) => g.routes.map((r: Route) => r.contract.operationId))).toEqual([['b'], ['a'], ['c']]);
    expect(groups.flatMap((g) => g.routes.map((r) => r.contract))).toEqual([b, a, c]);
  });

  it('lists each operation id of the service once (the key of its handler)', () => {
    const ids = API_CONTRACTS.map((contract) => contract.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("lists every contract an area declares: one left out of its area's ROUTES is caught here, before a start", () => {
    const isContract = (v: unknown): boolean => typeof v === 'object' && v !== null && 'operationId' in v && 'method' in v;
    const declared = [agents, attestation, auth, calls, catalogue, erasures, knowledge, mcp, platform, orders, users, workspace, KEY_WEBHOOKS, TENANT_WEBHOOKS]
      .flatMap((m) => Object.values(m))
      .filter(isContract);
    expect(new Set(API_CONTRACTS)).toEqual(new Set(declared));
    expect(API_CONTRACTS.length).toBe(declared.length);
  });
});

/** What the compiler refuses: checked by `npm run typecheck`, never called. */
export function refusedHandlerMaps(): void {
  // @ts-expect-error a contract without its handler
  const missing: Three = { a: handler, b: handler };
  // @ts-expect-error a handler no contract lists
  const extra: Three = { a: handler, b: handler, c: handler, d: handler };
  // @ts-expect-error a handler reading a part its contract does not have (no body schema: `body` is undefined)
  const wrongInput: Handlers<typeof a> = { a: (_ctx, { body }) => void body.name };
  void missing;
  void extra;
  void wrongInput;
}
