import type { AgentRepository } from '../../../core/agents/ports.js';
import type { AgentConfigs } from '../../../core/agents/use-cases/agent-configs.js';
import { token } from './token.js';

/** Tokens of the agents area (AI agent configurations). */
export const AGENTS = {
  AgentRepository: token<AgentRepository>('agents.AgentRepository'),
  AgentConfigs: token<AgentConfigs>('agents.AgentConfigs'),
} as const;
