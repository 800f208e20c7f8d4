import type { Handlers } from '../route-contract.js';
import * as agents from './agents.contracts.js';
import * as attestation from './attestation.contracts.js';
import * as auth from './auth.contracts.js';
import * as calls from './calls.contracts.js';
import * as catalogue from './catalogue.contracts.js';
import * as erasures from './erasures.contracts.js';
import * as knowledge from './knowledge.contracts.js';
import * as mcp from './mcp.contracts.js';
import * as platform from './platform.contracts.js';
import * as orders from './research-orders.contracts.js';
import * as users from './users.contracts.js';
import { KEY_WEBHOOKS, TENANT_WEBHOOKS } from './webhooks.contracts.js';
import * as workspace from './workspace.contracts.js';

/**
 * Every operation of the HTTP API, in the order the router tries them (literal segments before
 * parameters) and the OpenAPI document lists them: each area's `ROUTES` (written once, next to its
 * contracts), the areas in this order. Values only: the document is generated from this list
 * without a service, a configuration or a database. The router walks it and takes each
 * contract's handler from `ApiHandlers` by operation id.
 */
export const API_CONTRACTS = [
  ...attestation.ROUTES,
  ...catalogue.ROUTES,
  ...orders.ROUTES,
  ...Object.values(KEY_WEBHOOKS),
  ...mcp.ROUTES,
  ...auth.ROUTES,
  ...calls.ROUTES,
  ...erasures.ROUTES,
  ...users.ROUTES,
  ...knowledge.ROUTES,
  ...Object.values(TENANT_WEBHOOKS),
  ...agents.ROUTES,
  ...workspace.ROUTES,
  ...platform.ROUTES,
] as const;

/** Any contract of the API, with its schemas' and operation id's types. */
export type ApiContract = (typeof API_CONTRACTS)[number];

/** Every operation id of the API. */
export type ApiOperationId = ApiContract['operationId'];

/** What the HTTP runtime serves: one handler per contract of `API_CONTRACTS`, by operation id. */
export type ApiHandlers = Handlers<ApiContract>;
