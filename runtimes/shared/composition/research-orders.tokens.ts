import type { ResearchOrderStore } from '../../../core/attestation/research-orders/ports.js';
import type { ResearchOrders } from '../../../core/attestation/research-orders/research-orders.js';
import { token } from './token.js';

/** Tokens of research orders (core/attestation/research-orders). */
export const RESEARCH_ORDERS = {
  ResearchOrderStore: token<ResearchOrderStore>('research-orders.ResearchOrderStore'),
  ResearchOrders: token<ResearchOrders>('research-orders.ResearchOrders'),
} as const;
