import type { FieldError } from '../shared/errors.js';
import { isLanguageTag, isTimeZone } from '../shared/locale.js';

/** An AI agent's configuration (CONTRACT section 5). */
export interface AgentSettings {
  name: string;
  language: string;
  voice: { provider: string; voice_id: string };
  greeting: string;
  instructions: string;
  llm: { model: string; temperature: number; max_output_tokens: number };
  knowledge_base: { enabled: boolean };
  escalation: { phone_number: string | null; triggers: string[] };
  business_hours: BusinessHours;
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface BusinessHours {
  timezone: string;
  /** Opening windows; none means always open. */
  weekly: { day: Weekday; open: string; close: string }[];
}

export interface Agent extends AgentSettings {
  agent_id: string;
  tenant_id: string;
  version: number;
  updated_at: string;
}

export const AGENT_ID_PATTERN = /^agt_[0-9a-f]{32}$/;
export const AGENT_LIMITS = {
  name: 200,
  provider: 50,
  voiceId: 200,
  greeting: 2000,
  instructions: 20_000,
  model: 100,
  maxOutputTokens: 32_768,
  triggers: 20,
  trigger: 200,
  windows: 50,
} as const;
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const HHMM_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The strong ETag of a configuration: its version. */
export const etagOf = (agent: Pick<Agent, 'agent_id' | 'version'>) => `"${agent.agent_id}.v${agent.version}"`;

/** `If-Match` holds the current ETag (one of a list, or `*`). Weak tags never match (RFC 9110 strong comparison). */
export function ifMatchHolds(header: string, current: string): boolean {
  return header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === current);
}


export function defaultAgentSettings(name: string): AgentSettings {
  return {
    name,
    language: 'en-US',
    voice: { provider: 'default', voice_id: 'neutral-1' },
    greeting: `Hello, you are speaking with ${name}. How can I help?`,
    instructions: 'Answer callers politely and briefly. Use the knowledge base; escalate when unsure.',
    llm: { model: 'default', temperature: 0.3, max_output_tokens: 512 },
    knowledge_base: { enabled: true },
    escalation: { phone_number: null, triggers: ['caller asks for a human'] },
    business_hours: { timezone: 'UTC', weekly: [] },
  };
}

/** Domain rules the wire schema cannot state alone (zones, tags, windows); field errors for each. */
export function checkAgentSettings(s: AgentSettings): FieldError[] {
  const errors: FieldError[] = [];
  if (s.name.trim().length === 0) errors.push({ path: 'name', message: 'must not be blank' });
  if (!isLanguageTag(s.language)) errors.push({ path: 'language', message: 'must be a BCP 47 language tag, e.g. en-US' });
  if (!isTimeZone(s.business_hours.timezone)) errors.push({ path: 'business_hours.timezone', message: 'must be an IANA time zone, e.g. Europe/Paris' });
  s.business_hours.weekly.forEach((w, i) => {
    if (w.open >= w.close) errors.push({ path: `business_hours.weekly.${i}.close`, message: 'must be after open' });
  });
  if (s.escalation.phone_number !== null && !E164_PATTERN.test(s.escalation.phone_number)) {
    errors.push({ path: 'escalation.phone_number', message: 'must be an E.164 number, e.g. +14155550100, or null' });
  }
  return errors;
}
