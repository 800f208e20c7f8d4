import fc from 'fast-check';
import { CALL_STATUSES, CHANNELS, DIRECTIONS, type CallRecord } from '../../core/calls/call.model.js';
import type { NewCallInput } from '../../core/calls/new-call.js';

let counter = 0;

/** A valid stored call; override what the test is about. */
export function aCall(overrides: Partial<CallRecord> = {}): CallRecord {
  counter++;
  const started = overrides.started_at ?? new Date(Date.UTC(2026, 10, 3, 9, 0, 0) + counter * 61_000).toISOString();
  return {
    tenant_id: 'acme',
    call_id: `call_${String(counter).padStart(6, '0')}`,
    agent_id: 'agt_nova_en',
    channel: 'voice',
    direction: 'inbound',
    status: 'completed',
    caller: '+441632960000',
    started_at: started,
    ended_at: new Date(Date.parse(started) + 95_000).toISOString(),
    duration_seconds: 95,
    summary: 'Customer asked about an order.',
    transcript: [
      { speaker: 'agent', text: 'Hello, how can I help?', offset_ms: 0 },
      { speaker: 'customer', text: 'Where is my order?', offset_ms: 2_500 },
    ],
    metadata: { language: 'en', tags: ['order'] },
    ...overrides,
  };
}

/** The POST body for a call (the detail view without duration_seconds). */
export function aNewCall(overrides: Partial<NewCallInput> = {}): NewCallInput {
  return {
    channel: 'voice',
    direction: 'inbound',
    status: 'completed',
    caller: '+441632960001',
    started_at: '2026-11-03T10:00:00Z',
    ended_at: '2026-11-03T10:04:10Z',
    summary: 'Customer asked for a refund of order BL-123456.',
    transcript: [
      { speaker: 'agent', text: 'Hello, this is Nova.', offset_ms: 0 },
      { speaker: 'customer', text: 'I would like a refund, please.', offset_ms: 3_000 },
    ],
    metadata: { language: 'en', sentiment: 'neutral', tags: ['refund'] },
    ...overrides,
  };
}

const WORDS = ['refund', 'order', 'réservation', 'Élodie', 'café', 'naïve', 'Müller', 'delivery', 'livraison', 'billing', 'façade', 'jalapeño'];

/** Arbitrary stored calls of one tenant, started within a few days, often sharing a second. */
export function callsArbitrary(tenantId: string, options: { minLength?: number; maxLength?: number } = {}) {
  const base = Date.UTC(2026, 10, 1);
  return fc
    .uniqueArray(
      fc.record({
        id: fc.stringMatching(/^[A-Za-z0-9._:-]{1,12}$/),
        // Seconds in a small range, so that many calls share a second (and some a millisecond).
        second: fc.integer({ min: 0, max: 40 }),
        ms: fc.constantFrom(0, 0, 0, 250, 999),
        channel: fc.constantFrom(...CHANNELS),
        direction: fc.constantFrom(...DIRECTIONS),
        status: fc.constantFrom(...CALL_STATUSES),
        words: fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }),
        summaryWords: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
      }),
      { selector: (r) => r.id, minLength: options.minLength ?? 0, maxLength: options.maxLength ?? 40 },
    )
    .map((records) =>
      records.map((r) => {
        const started = new Date(base + r.second * 1000 + r.ms).toISOString();
        return aCall({
          tenant_id: tenantId,
          call_id: r.id,
          channel: r.channel,
          direction: r.direction,
          status: r.status,
          started_at: started,
          ended_at: started,
          duration_seconds: 0,
          summary: r.summaryWords.length ? r.summaryWords.join(' ') : null,
          transcript: r.words.length ? [{ speaker: 'customer', text: r.words.join(', '), offset_ms: 0 }] : [],
        });
      }),
    );
}
