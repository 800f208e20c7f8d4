import type { AgentConfigs } from '../../../core/agents/use-cases/agent-configs.js';
import type { KnowledgeBase } from '../../../core/knowledge/use-cases/knowledge-base.js';
import type { KnowledgeSync } from '../../../core/knowledge/use-cases/knowledge-sync.js';
import { DEMO_LANGUAGES, type DemoLanguage } from './demo-scripts.js';

const DOCUMENTS = [
  {
    title: 'Refund policy',
    content_type: 'text/markdown',
    content:
      '# Refund policy\n\nCustomers may return any product within 30 days of delivery for a full refund. The item must be unused and in its original packaging.\n\n' +
      'Refunds are paid to the original payment method within 5 business days of receiving the return. Shipping costs are refunded only when the item was faulty.',
  },
  {
    title: 'Opening hours',
    content_type: 'text/plain',
    content:
      'Our support line is open Monday to Friday from 8:00 to 18:00 and Saturday from 9:00 to 13:00 (Europe/Paris). ' +
      'Outside these hours the AI agent answers and a human calls back the next business day.',
  },
  {
    title: 'Delivery FAQ',
    content_type: 'text/html',
    content:
      '<h1>Delivery</h1><p>Standard delivery takes 2 to 4 business days; express delivery arrives the next business day when ordered before 14:00.</p>' +
      '<p>Tracking numbers are sent by email and SMS as soon as the parcel leaves the warehouse.</p>',
  },
  {
    title: 'Price list',
    content_type: 'text/csv',
    content: 'plan,monthly_price_eur,included_minutes\nstarter,29,500\nbusiness,99,2500\nenterprise,399,15000\n',
  },
];

/** The demo agents: one per language of the sample calls, each answering that language's calls. */
export const DEMO_AGENTS: Record<DemoLanguage, { name: string; language: string; greeting: string }> = {
  en: { name: 'Nova EN', language: 'en-GB', greeting: 'Hello, you are speaking with Nova. How can I help?' },
  fr: { name: 'Nova FR', language: 'fr-FR', greeting: 'Bonjour, Nova à votre écoute. Que puis-je faire pour vous ?' },
  de: { name: 'Nova DE', language: 'de-DE', greeting: 'Guten Tag, hier ist Nova. Wie kann ich helfen?' },
  es: { name: 'Nova ES', language: 'es-ES', greeting: 'Hola, le atiende Nova. ¿En qué puedo ayudarle?' },
  it: { name: 'Nova IT', language: 'it-IT', greeting: 'Buongiorno, sono Nova. Come posso aiutarla?' },
};

/** Creates the demo agents; returns each language's agent_id, for the sample calls to name. */
export async function seedDemoAgents(agents: AgentConfigs, tenantId: string): Promise<Record<DemoLanguage, string>> {
  const ids = {} as Record<DemoLanguage, string>;
  for (const language of DEMO_LANGUAGES) {
    const { name, ...settings } = DEMO_AGENTS[language];
    ids[language] = (await agents.createDefault(tenantId, name, settings)).agent_id;
  }
  return ids;
}

/** A few knowledge documents for the demo tenant, already synchronised. */
export async function seedDemoKnowledge(
  { knowledge, sync }: { knowledge: KnowledgeBase; sync: KnowledgeSync },
  tenantId: string,
): Promise<{ documents: number }> {
  for (const doc of DOCUMENTS) {
    await knowledge.add(tenantId, { title: doc.title, content_type: doc.content_type, content: new TextEncoder().encode(doc.content) });
  }
  await knowledge.syncNow(tenantId, sync);
  return { documents: DOCUMENTS.length };
}
