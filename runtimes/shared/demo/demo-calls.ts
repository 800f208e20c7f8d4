import type { NewCallInput } from '../../../core/calls/new-call.js';
import { type DemoLanguage, type LanguagePack, PACKS, type Script } from './demo-scripts.js';
import { seededRandom } from '../../../core/shared/random.js';

/**
 * Sample calls of a multilingual AI call centre, generated deterministically: the same
 * options give the same calls, byte for byte, so demos, tests and benchmarks compare.
 */
export interface DemoCallOptions {
  count: number;
  /** Calls are spread over the `spanDays` days before this instant. */
  anchor: Date;
  spanDays?: number;
  seed?: number;
  /** call_id = prefix + zero-padded index. */
  idPrefix?: string;
  /** The agent answering each language's calls (existing agents of the tenant); none: agent_id null. */
  agentIds?: Partial<Record<DemoLanguage, string>>;
}


type Weighted<T> = [T, number][];

const LANGUAGE_MIX: Weighted<DemoLanguage> = [['en', 35], ['fr', 25], ['de', 15], ['es', 15], ['it', 10]];
const CHANNEL_MIX: Weighted<NewCallInput['channel']> = [['voice', 45], ['chat', 20], ['whatsapp', 15], ['sms', 10], ['email', 10]];
const DECIMAL_COMMA = new Set<DemoLanguage>(['fr', 'de', 'es', 'it']);

/** Milliseconds between two turns, by channel: speech, live chat, messaging, email. */
const TURN_GAP_MS: Record<string, [number, number]> = {
  voice: [2_000, 9_000],
  chat: [10_000, 60_000],
  whatsapp: [30_000, 600_000],
  sms: [60_000, 900_000],
  email: [1_800_000, 14_400_000],
};

export function* demoCalls(options: DemoCallOptions): Generator<NewCallInput> {
  const random = seededRandom(options.seed ?? 2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const weighted = <T>(items: Weighted<T>): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = random() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1][0];
  };
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const spanDays = options.spanDays ?? 30;
  const anchorMs = Math.floor(options.anchor.getTime() / 1000) * 1000;
  const prefix = options.idPrefix ?? 'call_demo_';
  const width = Math.max(6, String(options.count).length);

  for (let i = 0; i < options.count; i++) {
    const language = weighted(LANGUAGE_MIX);
    const pack = PACKS[language];
    const channel = weighted(CHANNEL_MIX);
    const direction = random() < 0.8 ? 'inbound' : 'outbound';
    const script = pick(pack.scripts);
    const first = pick(pack.firstNames);
    const last = pick(pack.lastNames);
    const amount = (between(1_990, 49_990) / 100).toFixed(2);
    const product = pick(pack.products);
    const slots: Record<string, string> = {
      ...product,
      ...pack.customer[pack.womenFirstNames.includes(first) ? 'f' : 'm'],
      order: `BL-${between(100_000, 999_999)}`,
      city: pick(pack.cities),
      day: pick(pack.days),
      amount: DECIMAL_COMMA.has(language) ? amount.replace('.', ',') : amount,
      name: first,
    };
    const fill = (text: string) =>
      text.replace(/\{(\w+)\}/g, (_, k: string) => {
        if (slots[k] === undefined) throw new Error(`demo script slot {${k}} has no value for ${language} (${product.product}, ${first})`);
        return slots[k];
      });

    const r = random();
    let status: NewCallInput['status'];
    if (channel === 'voice' && r < 0.1) status = 'missed';
    else if (r > 0.95) status = 'failed';
    else if (script.outcome === 'escalated' || r > 0.88) status = 'transferred';
    else status = 'completed';

    // Business hours, Monday to Saturday, spread over the span.
    const day = between(0, spanDays - 1);
    const secondOfDay = between(7 * 3600, 20 * 3600);
    let startMs = utcDayStart(anchorMs - day * 86_400_000) + secondOfDay * 1000;
    if (startMs > anchorMs - 3_600_000) startMs -= 86_400_000; // nothing in the last hour before the anchor
    const { transcript, lastOffset } = conversation(status, channel, pack, script, fill, random);
    const endMs = startMs + lastOffset + (status === 'missed' ? between(15_000, 40_000) : between(3_000, 20_000));

    yield {
      call_id: `${prefix}${String(i).padStart(width, '0')}`,
      agent_id: status === 'missed' ? null : (options.agentIds?.[language] ?? null),
      channel,
      direction,
      status,
      caller: callerOf(channel, pack, first, last, random),
      started_at: new Date(startMs).toISOString(),
      ended_at: new Date(endMs).toISOString(),
      summary: summaryOf(status, pack, script, fill),
      transcript,
      metadata: {
        language,
        intent: script.intent,
        sentiment: script.outcome === 'escalated' ? 'negative' : random() < 0.7 ? 'positive' : 'neutral',
        outcome: status === 'missed' ? 'no_answer' : status === 'failed' ? 'technical_failure' : status === 'transferred' ? 'escalated' : script.outcome,
        tags: status === 'missed' ? ['missed'] : [...script.tags],
        customer: `${first} ${last}`,
      },
    };
  }
}

export const generateDemoCalls = (options: DemoCallOptions): NewCallInput[] => [...demoCalls(options)];

const utcDayStart = (ms: number) => ms - (ms % 86_400_000);

function conversation(
  status: NewCallInput['status'],
  channel: string,
  pack: LanguagePack,
  script: Script,
  fill: (t: string) => string,
  random: () => number,
): { transcript: NonNullable<NewCallInput['transcript']>; lastOffset: number } {
  if (status === 'missed') return { transcript: [{ speaker: 'system', text: pack.missedLine, offset_ms: 0 }], lastOffset: 0 };
  const [lo, hi] = TURN_GAP_MS[channel];
  let offset = 0;
  const transcript: NonNullable<NewCallInput['transcript']> = [];
  const say = (speaker: 'agent' | 'customer' | 'human_agent' | 'system', text: string) => {
    transcript.push({ speaker, text, offset_ms: offset });
    offset += lo + Math.floor(random() * (hi - lo)) + (channel === 'voice' ? text.length * 55 : 0);
  };
  say('agent', pack.greeting);
  if (status === 'failed') {
    say('customer', fill(script.turns.find(([s]) => s === 'c')?.[1] ?? ''));
    say('system', pack.droppedLine);
    return { transcript, lastOffset: offset };
  }
  for (const [speaker, text] of script.turns) say(speaker === 'c' ? 'customer' : 'agent', fill(text));
  if (status === 'transferred') {
    say('agent', pack.transferLine);
    say('system', pack.queuedLine);
    say('human_agent', fill(pack.humanLine));
  } else {
    say('agent', pack.closing);
  }
  return { transcript, lastOffset: offset };
}

function summaryOf(status: NewCallInput['status'], pack: LanguagePack, script: Script, fill: (t: string) => string): string | null {
  if (status === 'missed') return null;
  if (status === 'failed') return pack.failedSummary;
  return fill(script.summary);
}

const ascii = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^A-Za-z]/g, '').toLowerCase();

function callerOf(channel: string, pack: LanguagePack, first: string, last: string, random: () => number): string {
  if (channel === 'email') return `${ascii(first)}.${ascii(last)}@example.net`;
  if (channel === 'chat') return `web:visitor-${Math.floor(random() * 0xffffff).toString(16).padStart(6, '0')}`;
  return `${pack.country}${String(600_000_000 + Math.floor(random() * 99_999_999))}`;
}

