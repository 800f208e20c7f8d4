import type { AnyRouteContract } from '../route-contract.js';
import * as agents from './agents.contracts.js';
import * as attestation from './attestation.contracts.js';
import * as auth from './auth.contracts.js';
import * as calls from './calls.contracts.js';
import * as erasures from './erasures.contracts.js';
import * as knowledge from './knowledge.contracts.js';
import * as mcp from './mcp.contracts.js';
import * as platform from './platform.contracts.js';
import * as orders from './research-orders.contracts.js';
import { KEY_WEBHOOKS, TENANT_WEBHOOKS } from './webhooks.contracts.js';

const all = (...contracts: object[]) => contracts as AnyRouteContract[];

/**
 * Every operation of the HTTP API, in the order the router tries them (literal segments before
 * parameters) and the OpenAPI document lists them. Values only: the document is generated from
 * this list without a service, a configuration or a database.
 */
export const API_CONTRACTS: readonly AnyRouteContract[] = all(
  attestation.verifyAttribution,
  attestation.verifyAttributionBatch,
  attestation.getCoverage,
  attestation.getVerificationTrace,
  attestation.replayVerification,
  attestation.listBilledRequests,
  attestation.getUsage,
  orders.placeResearchOrder,
  orders.listResearchOrders,
  orders.getResearchOrder,
  orders.cancelResearchOrder,
  orders.getMonthlyStatement,
  ...Object.values(KEY_WEBHOOKS),
  mcp.mcpEndpoint,
  auth.login,
  calls.listCalls,
  calls.getCall,
  calls.recordCall,
  erasures.eraseCalls,
  erasures.listErasures,
  knowledge.listKnowledge,
  knowledge.uploadKnowledge,
  knowledge.startKnowledgeSync,
  knowledge.getKnowledgeSync,
  knowledge.searchKnowledge,
  knowledge.getKnowledge,
  knowledge.deleteKnowledge,
  ...Object.values(TENANT_WEBHOOKS),
  agents.listAgents,
  agents.createAgent,
  agents.getAgent,
  agents.replaceAgent,
  agents.listAgentVersions,
  agents.getWorkspace,
  agents.replaceWorkspace,
  platform.healthz,
  platform.readyz,
  platform.metrics,
  platform.openapi,
  platform.docs,
  platform.docsAsset,
);
