import { describe, expect, it } from 'vitest';
import { type Agent, defaultAgentSettings } from '../../core/agents/agent.model.js';
import type { AgentRepository } from '../../core/agents/ports.js';
import type { CallRepository } from '../../core/calls/ports.js';
import type { ClaimCaps } from '../../core/events/delivery-fairness.js';
import { type EventOwner } from '../../core/events/event.model.js';
import type { DeliveryLease, EventOutbox, SubscriptionStore } from '../../core/events/ports.js';
import type { KnowledgeDocument, StoredSyncRun } from '../../core/knowledge/knowledge.model.js';
import type { KnowledgeStore, SyncRunStore } from '../../core/knowledge/ports.js';
import { MemoryAgentRepository } from '../../adapters/memory/memory-agent.repository.js';
import { MemoryCallRepository } from '../../adapters/memory/memory-call.repository.js';
import { MemoryKnowledgeStore, MemorySyncRunStore } from '../../adapters/memory/memory-knowledge.store.js';
import { MemoryEventOutbox, MemorySubscriptionStore } from '../../adapters/memory/memory-webhook.stores.js';
import { CALLS } from '../../runtimes/shared/composition/calls.tokens.js';
import { AGENTS } from '../../runtimes/shared/composition/agents.tokens.js';
import { KNOWLEDGE } from '../../runtimes/shared/composition/knowledge.tokens.js';
import { WEBHOOKS } from '../../runtimes/shared/composition/webhooks.tokens.js';
import { aCall } from '../fixtures/call-mother.js';
import { boundAdapters, contractSuite, type Adapter } from '../support/contract-suite.js';
import { aSubscription, anEvent, at, hexId } from '../fixtures/webhook-mother.js';

interface Ports {
  subs: SubscriptionStore;
  outbox: EventOutbox;
  calls: CallRepository;
  agents: AgentRepository;
  knowledge: KnowledgeStore;
  runs: SyncRunStore;
}

const ADAPTERS: Adapter<Ports>[] = [
  {
    name: 'memory',
    make: async () => {
      const subs = new MemorySubscriptionStore();
      const outbox = new MemoryEventOutbox(subs);
      return { subs, outbox, calls: new MemoryCallRepository(outbox), agents: new MemoryAgentRepository(outbox), knowledge: new MemoryKnowledgeStore(outbox), runs: new MemorySyncRunStore(outbox) };
    },
  },
  ...boundAdapters<Ports>(
    {
      subs: WEBHOOKS.SubscriptionStore,
      outbox: WEBHOOKS.EventOutbox,
      calls: CALLS.CallRepository,
      agents: AGENTS.AgentRepository,
      knowledge: KNOWLEDGE.KnowledgeStore,
      runs: KNOWLEDGE.SyncRunStore,
    },
    { tenants: ['t1', 't2', 'acme'] },
  ),
];

const T1: EventOwner = { kind: 'tenant', id: 't1' };
const T2: EventOwner = { kind: 'tenant', id: 't2' };
const KEY: EventOwner = { kind: 'key', id: 'key_1' };
const lease = (owner: string, now: number, seconds = 60): DeliveryLease => ({ owner, now: at(now), until: at(now + seconds) });
const newId = () => hexId('dlv');
/** Caps no test below reaches (16 a subscription: the largest the configuration allows); the fairness tests set their own. */
const OPEN: ClaimCaps = { perSubscription: 16, perOwner: 1000 };
const attempt = (n: number, s: number, status_code: number | null = 200, error: string | null = null) => ({ attempt: n, attempted_at: at(s), status_code, latency_ms: 12, error });

contractSuite('event outbox and subscriptions contract', ADAPTERS, (adapter) => {
  it('stores subscriptions per owner, reads them back, pages, counts, rotates, deletes; a duplicate id is a CONFLICT', async () => {
    const { subs } = await adapter.make();
    const a = aSubscription({ createdAt: 1, description: 'CRM' });
    const b = aSubscription({ createdAt: 2 });
    const c = aSubscription({ createdAt: 3, owner: T2 });
    const k = aSubscription({ createdAt: 1, owner: KEY, events: ['research_order.updated'] });
    for (const s of [b, a, c, k]) await subs.insert(s);
    await expect(subs.insert(a)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await subs.find(T1, a.subscription_id)).toEqual(a);
    expect(await subs.find(T2, a.subscription_id)).toBeNull();
    expect(await subs.find(KEY, k.subscription_id)).toEqual(k);
    expect(await subs.list(T1, null, 10)).toEqual([a, b]);
    expect(await subs.list(T1, { created_at: a.created_at, subscription_id: a.subscription_id }, 10)).toEqual([b]);
    expect(await subs.list(T1, null, 1)).toEqual([a]);
    expect(await subs.count(T1)).toBe(2);
    expect(await subs.count(KEY)).toBe(1);

    const secrets = { current: 'whsec_bmV3', previous: a.secrets.current, previous_expires_at: at(86_400) };
    expect(await subs.setSecrets(T2, a.subscription_id, secrets, at(5))).toBe(false);
    expect(await subs.setSecrets(T1, a.subscription_id, secrets, at(5))).toBe(true);
    expect(await subs.find(T1, a.subscription_id)).toEqual({ ...a, secrets, updated_at: at(5) });

    expect(await subs.delete(T2, a.subscription_id)).toBe(false);
    expect(await subs.delete(T1, a.subscription_id)).toBe(true);
    expect(await subs.delete(T1, a.subscription_id)).toBe(false);
    expect(await subs.list(T1, null, 10)).toEqual([b]);
  });

  it('fans an event out once, to the enabled subscriptions of its owner that listen to its type and existed before it', async () => {
    const { subs, outbox } = await adapter.make();
    const all = aSubscription({ createdAt: 1 });
    const callsOnly = aSubscription({ createdAt: 1, events: ['call.created'] });
    const agentsOnly = aSubscription({ createdAt: 1, events: ['agent.updated'] });
    const later = aSubscription({ createdAt: 50 });
    const disabled = aSubscription({ createdAt: 1, enabled: false, disabled_reason: 'failing' });
    const other = aSubscription({ createdAt: 1, owner: T2 });
    for (const s of [all, callsOnly, agentsOnly, later, disabled, other]) await subs.insert(s);
    const e1 = anEvent('call.created', 10);
    const e2 = anEvent('agent.updated', 11);
    await outbox.append([e1, e2]);
    expect(await outbox.fanOut(at(20), 10, newId)).toBe(4);
    expect(await outbox.fanOut(at(21), 10, newId)).toBe(0);

    const due = await outbox.claimDue(lease('A', 20), 10, OPEN);
    const pairs = due.map((d) => `${d.subscription_id}/${d.event_id}`).sort();
    expect(pairs).toEqual(
      [`${all.subscription_id}/${e1.event_id}`, `${all.subscription_id}/${e2.event_id}`, `${callsOnly.subscription_id}/${e1.event_id}`, `${agentsOnly.subscription_id}/${e2.event_id}`].sort(),
    );
    const first = due.find((d) => d.subscription_id === callsOnly.subscription_id)!;
    expect(first).toMatchObject({ event_id: e1.event_id, attempts: 0, window_started_at: at(20), payload: e1.payload, url: callsOnly.url, secrets: callsOnly.secrets, subscription_enabled: true, failing_since: null });
    expect(JSON.parse(first.payload)).toEqual({ id: e1.event_id, type: 'call.created', created_at: e1.created_at, data: JSON.parse(e1.payload).data });
  });

  it('fans out a batch at a time, oldest first', async () => {
    const { subs, outbox } = await adapter.make();
    const s = aSubscription({ createdAt: 0 });
    await subs.insert(s);
    const events = [anEvent('call.created', 13), anEvent('call.created', 11), anEvent('call.created', 12)];
    await outbox.append(events);
    expect(await outbox.fanOut(at(20), 2, newId)).toBe(2);
    const firstTwo = (await outbox.claimDue(lease('A', 20), 10, OPEN)).map((d) => d.event_id).sort();
    expect(firstTwo).toEqual([events[1].event_id, events[2].event_id].sort());
    expect(await outbox.fanOut(at(20), 2, newId)).toBe(1);
  });

  it('concurrent fan-outs and claims hand every delivery to exactly one claimer', async () => {
    const { subs, outbox } = await adapter.make();
    for (let i = 0; i < 8; i++) await subs.insert(aSubscription(i % 2 ? { createdAt: 0, events: ['call.created'] } : { createdAt: 0 }));
    const events = Array.from({ length: 15 }, (_, i) => anEvent('call.created', 10 + i));
    await outbox.append(events);
    const made = await Promise.all(Array.from({ length: 4 }, () => outbox.fanOut(at(100), 25, newId)));
    const rest = await outbox.fanOut(at(100), 100, newId);
    expect(made.reduce((a, b) => a + b, 0) + rest).toBe(120);
    const claims = await Promise.all(['A', 'B', 'C', 'D'].map((o) => outbox.claimDue(lease(o, 100), 40, OPEN)));
    const more = await outbox.claimDue(lease('E', 100), 200, OPEN);
    const ids = [...claims.flat(), ...more].map((d) => d.delivery_id);
    expect(ids.length).toBe(120);
    expect(new Set(ids).size).toBe(120);
    expect(await outbox.claimDue(lease('F', 100), 200, OPEN)).toEqual([]);
  });

  describe('fair claims (round-robin over owners, then subscriptions, within the caps)', () => {
    const CAPS: ClaimCaps = { perSubscription: 2, perOwner: 3 };
    /** Two subscriptions of T1 with six deliveries each, one of T2 and one of an API key also named t1, with one each. */
    const backlog = async ({ subs, outbox }: Ports) => {
      const a = aSubscription({ createdAt: 0 });
      const b = aSubscription({ createdAt: 0 });
      const c = aSubscription({ createdAt: 0, owner: T2 });
      const k = aSubscription({ createdAt: 0, owner: { kind: 'key', id: 't1' }, events: ['research_order.updated'] });
      for (const s of [a, b, c, k]) await subs.insert(s);
      await outbox.append(Array.from({ length: 6 }, (_, i) => anEvent('call.created', 10 + i)));
      await outbox.append([anEvent('call.created', 16, T2), anEvent('research_order.updated', 17, { kind: 'key', id: 't1' })]);
      expect(await outbox.fanOut(at(20), 100, newId)).toBe(14);
      const subscriptionOf = new Map([a, b, c, k].map((s) => [s.subscription_id, s]));
      const count = (claimed: { subscription_id: string }[], key: (s: ReturnType<typeof aSubscription>) => string) => {
        const n = new Map<string, number>();
        for (const d of claimed) {
          const k2 = key(subscriptionOf.get(d.subscription_id)!);
          n.set(k2, (n.get(k2) ?? 0) + 1);
        }
        return Object.fromEntries([...n].sort());
      };
      const bySub = (claimed: { subscription_id: string }[]) =>
        count(claimed, (s) => (s === a ? 'a' : s === b ? 'b' : s === c ? 'c' : 'k'));
      return { a, b, c, k, bySub };
    };

    it('every owner gets its first slot before any owner its second, whatever the limit', async () => {
      const p = await adapter.make();
      const { bySub } = await backlog(p);
      const first = await p.outbox.claimDue(lease('A', 20), 3, CAPS);
      // T1's first slot (a or b), T2's c and the key's k: one each, although T1's are as old.
      expect(Object.values(bySub(first)).sort()).toEqual([1, 1, 1]);
      expect(bySub(first)).toMatchObject({ c: 1, k: 1 });
    });

    it('an owner holds at most perOwner deliveries in flight, a subscription perSubscription; a settled one frees its slot', async () => {
      const p = await adapter.make();
      const { a, b, bySub } = await backlog(p);
      const first = await p.outbox.claimDue(lease('A', 20), 100, CAPS);
      const counts = bySub(first);
      expect(counts).toMatchObject({ c: 1, k: 1 });
      expect((counts.a ?? 0) + (counts.b ?? 0)).toBe(3);
      expect(Math.max(counts.a ?? 0, counts.b ?? 0)).toBe(2);
      // Live leases (any claimer's) count: nothing more for T1, and T2 and the key have nothing left.
      expect(await p.outbox.claimDue(lease('B', 21), 100, CAPS)).toEqual([]);
      const busier = first.find((d) => d.subscription_id === ((counts.a ?? 0) === 2 ? a : b).subscription_id)!;
      expect(await p.outbox.settle(busier.delivery_id, lease('A', 22), { status: 'succeeded', next_attempt_at: null, attempt: attempt(1, 22) })).toBe(true);
      // The slot freed goes to the subscription with fewer in flight... both now hold one: either may take it.
      const next = await p.outbox.claimDue(lease('B', 23), 100, CAPS);
      expect(next).toHaveLength(1);
      expect([a.subscription_id, b.subscription_id]).toContain(next[0].subscription_id);
      // Once the leases expire, nothing is held and every unsettled delivery is due again: T1 gets
      // three again, two at most from one subscription; c and k theirs.
      const later = bySub(await p.outbox.claimDue(lease('C', 200), 100, CAPS));
      expect((later.a ?? 0) + (later.b ?? 0)).toBe(3);
      expect(Math.max(later.a ?? 0, later.b ?? 0)).toBe(2);
      expect(later).toMatchObject({ c: 1, k: 1 });
    });

    it('a subscription with its cap in flight does not hold back its owner\'s other subscription', async () => {
      const p = await adapter.make();
      const { a, b } = await backlog(p);
      const caps: ClaimCaps = { perSubscription: 2, perOwner: 100 };
      const dead = await p.outbox.claimDue(lease('A', 20), 100, caps);
      expect(dead.filter((d) => d.subscription_id === a.subscription_id)).toHaveLength(2);
      expect(dead.filter((d) => d.subscription_id === b.subscription_id)).toHaveLength(2);
      // b answers; a never does: b's next two go, a gets none while its two are in flight.
      for (const d of dead.filter((x) => x.subscription_id === b.subscription_id)) {
        await p.outbox.settle(d.delivery_id, lease('A', 21), { status: 'succeeded', next_attempt_at: null, attempt: attempt(1, 21) });
      }
      const next = await p.outbox.claimDue(lease('B', 22), 100, caps);
      expect(next.map((d) => d.subscription_id)).toEqual([b.subscription_id, b.subscription_id]);
    });

    it('within a subscription, the earliest due goes first (a retry due earlier before a new delivery)', async () => {
      const { subs, outbox } = await adapter.make();
      const s = aSubscription({ createdAt: 0 });
      await subs.insert(s);
      await outbox.append([anEvent('call.created', 10)]);
      await outbox.fanOut(at(20), 10, newId);
      const [old] = await outbox.claimDue(lease('A', 20), 1, CAPS);
      await outbox.settle(old.delivery_id, lease('A', 21), { status: 'pending', next_attempt_at: at(30), attempt: attempt(1, 21, 500) });
      await outbox.append([anEvent('call.created', 35), anEvent('call.created', 36)]);
      await outbox.fanOut(at(40), 10, newId);
      const [first] = await outbox.claimDue(lease('B', 40), 1, CAPS);
      expect(first.delivery_id).toBe(old.delivery_id);
    });

    it('concurrent claimers take each delivery once and together stay within the caps', async () => {
      const p = await adapter.make();
      const { bySub } = await backlog(p);
      const claims = await Promise.all(['A', 'B', 'C', 'D'].map((o) => p.outbox.claimDue(lease(o, 20), 100, CAPS)));
      const all = claims.flat();
      expect(new Set(all.map((d) => d.delivery_id)).size).toBe(all.length);
      const counts = bySub(all);
      expect((counts.a ?? 0) + (counts.b ?? 0)).toBeLessThanOrEqual(3);
      expect(Math.max(counts.a ?? 0, counts.b ?? 0)).toBeLessThanOrEqual(2);
      expect(counts).toMatchObject({ c: 1, k: 1 });
    });
  });

  it('a lease keeps a delivery from other claimers until it expires; settle is fenced by the lease owner', async () => {
    const { subs, outbox } = await adapter.make();
    const s = aSubscription();
    await subs.insert(s);
    await outbox.append([anEvent()]);
    await outbox.fanOut(at(20), 10, newId);
    const [d] = await outbox.claimDue(lease('A', 20, 30), 10, OPEN);
    expect(await outbox.claimDue(lease('B', 40), 10, OPEN)).toEqual([]);
    const [again] = await outbox.claimDue(lease('B', 51), 10, OPEN);
    expect(again.delivery_id).toBe(d.delivery_id);
    // A's lease is lost: its outcome is not written.
    expect(await outbox.settle(d.delivery_id, lease('A', 52), { status: 'succeeded', next_attempt_at: null, attempt: attempt(1, 52) })).toBe(false);
    expect(await outbox.settle(d.delivery_id, lease('B', 52), { status: 'pending', next_attempt_at: at(100), attempt: attempt(1, 52, 503, 'The receiver answered 503.') })).toBe(true);
    expect(await outbox.settle(d.delivery_id, lease('B', 53), { status: 'succeeded', next_attempt_at: null, attempt: attempt(1, 53) })).toBe(false);
    // Not due before its next attempt; then due again, with one attempt made.
    expect(await outbox.claimDue(lease('C', 99), 10, OPEN)).toEqual([]);
    const [retry] = await outbox.claimDue(lease('C', 100), 10, OPEN);
    expect(retry).toMatchObject({ delivery_id: d.delivery_id, attempts: 1 });
    expect(await outbox.settle(d.delivery_id, lease('C', 101), { status: 'succeeded', next_attempt_at: null, attempt: attempt(2, 101) })).toBe(true);
    expect(await outbox.claimDue(lease('D', 10_000), 10, OPEN)).toEqual([]);

    const log = await outbox.deliveries(s.subscription_id, null, 10);
    expect(log).toEqual([
      {
        delivery_id: d.delivery_id,
        subscription_id: s.subscription_id,
        event_id: d.event_id,
        event_type: 'call.created',
        status: 'succeeded',
        created_at: at(20),
        next_attempt_at: null,
        attempts: [attempt(1, 52, 503, 'The receiver answered 503.'), attempt(2, 101)],
      },
    ]);
    expect(await outbox.findDelivery(s.subscription_id, d.delivery_id)).toEqual(log[0]);
    expect(await outbox.findDelivery(aSubscription().subscription_id, d.delivery_id)).toBeNull();
  });

  it('redelivery makes any delivery pending and due now, with a new window; the log pages newest first', async () => {
    const { subs, outbox } = await adapter.make();
    const s = aSubscription();
    await subs.insert(s);
    await outbox.append([anEvent('call.created', 10)]);
    await outbox.fanOut(at(20), 10, newId);
    await outbox.append([anEvent('call.created', 30)]);
    await outbox.fanOut(at(40), 10, newId);
    const due = await outbox.claimDue(lease('A', 40), 10, OPEN);
    for (const d of due) await outbox.settle(d.delivery_id, lease('A', 41), { status: 'failed', next_attempt_at: null, attempt: attempt(1, 41, 500) });
    const page1 = await outbox.deliveries(s.subscription_id, null, 1);
    expect(page1.map((d) => d.created_at)).toEqual([at(40)]);
    const page2 = await outbox.deliveries(s.subscription_id, { created_at: page1[0].created_at, delivery_id: page1[0].delivery_id }, 5);
    expect(page2.map((d) => d.created_at)).toEqual([at(20)]);
    expect(page2[0].status).toBe('failed');

    const again = await outbox.redeliver(s.subscription_id, page2[0].delivery_id, at(500));
    expect(again).toMatchObject({ status: 'pending', next_attempt_at: at(500), attempts: [attempt(1, 41, 500)] });
    expect(await outbox.redeliver(s.subscription_id, hexId('dlv'), at(500))).toBeNull();
    const [claimed] = await outbox.claimDue(lease('B', 500), 10, OPEN);
    expect(claimed).toMatchObject({ delivery_id: page2[0].delivery_id, attempts: 1, window_started_at: at(500) });
  });

  it('tracks a failing streak, disables a subscription failing for too long, and enables it again', async () => {
    const { subs, outbox } = await adapter.make();
    const s = aSubscription();
    await subs.insert(s);
    expect(await subs.recordFailure(s.subscription_id, at(100), at(0), 'failing for days')).toBe(false);
    expect((await subs.find(T1, s.subscription_id))?.failing_since).toBe(at(100));
    expect(await subs.recordFailure(s.subscription_id, at(200), at(100), 'failing for days')).toBe(false);
    await subs.recordSuccess(s.subscription_id);
    expect((await subs.find(T1, s.subscription_id))?.failing_since).toBeNull();
    expect(await subs.recordFailure(s.subscription_id, at(300), at(0), 'failing for days')).toBe(false);
    expect(await subs.recordFailure(s.subscription_id, at(900), at(301), 'failing for days')).toBe(true);
    expect(await subs.find(T1, s.subscription_id)).toMatchObject({ enabled: false, disabled_reason: 'failing for days', failing_since: at(300) });
    expect(await subs.recordFailure(s.subscription_id, at(950), at(400), 'again')).toBe(false);

    await outbox.append([anEvent('call.created', 1000)]);
    expect(await outbox.fanOut(at(1001), 10, newId)).toBe(0);

    expect(await subs.enable(T2, s.subscription_id, at(1100))).toBe(false);
    expect(await subs.enable(T1, s.subscription_id, at(1100))).toBe(true);
    expect(await subs.find(T1, s.subscription_id)).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null, updated_at: at(1100) });
  });

  it('claims report a disabled subscription, and deleting a subscription removes its deliveries', async () => {
    const { subs, outbox } = await adapter.make();
    const s = aSubscription();
    await subs.insert(s);
    await outbox.append([anEvent(), anEvent()]);
    await outbox.fanOut(at(20), 10, newId);
    await subs.recordFailure(s.subscription_id, at(10), at(20), 'down');
    const due = await outbox.claimDue(lease('A', 30), 10, OPEN);
    expect(due.map((d) => d.subscription_enabled)).toEqual([false, false]);
    expect(await subs.delete(T1, s.subscription_id)).toBe(true);
    expect(await outbox.deliveries(s.subscription_id, null, 10)).toEqual([]);
    expect(await outbox.claimDue(lease('B', 1000), 10, OPEN)).toEqual([]);
  });

  it('retention removes finished deliveries with their attempts, then events no delivery needs', async () => {
    const { subs, outbox } = await adapter.make();
    const s = aSubscription({ events: ['call.created'] });
    await subs.insert(s);
    const done = anEvent('call.created', 10);
    const open = anEvent('call.created', 11);
    const unheard = anEvent('agent.updated', 12);
    await outbox.append([done, open, unheard]);
    await outbox.fanOut(at(20), 10, newId);
    const due = await outbox.claimDue(lease('A', 20), 10, OPEN);
    const finished = due.find((d) => d.event_id === done.event_id)!;
    await outbox.settle(finished.delivery_id, lease('A', 21), { status: 'succeeded', next_attempt_at: null, attempt: attempt(1, 21) });
    const pending = due.find((d) => d.event_id === open.event_id)!;
    await outbox.settle(pending.delivery_id, lease('A', 21), { status: 'pending', next_attempt_at: at(30), attempt: attempt(1, 21, 500) });
    const recent = anEvent('call.created', 900);
    await outbox.append([recent]);
    await outbox.fanOut(at(1000), 10, newId);

    expect(await outbox.purge(at(500), 10)).toEqual({ deliveries: 1, events: 2 });
    expect(await outbox.purge(at(500), 10)).toEqual({ deliveries: 0, events: 0 });
    const left = await outbox.deliveries(s.subscription_id, null, 10);
    expect(left.map((d) => d.event_id).sort()).toEqual([open.event_id, recent.event_id].sort());
    // The pending delivery still has its event: it is sent as before.
    const [again] = await outbox.claimDue(lease('B', 40), 1, OPEN);
    expect(again).toMatchObject({ event_id: open.event_id, payload: open.payload, attempts: 1 });
  });

  it('retention works through a backlog a limited batch at a time', async () => {
    const { subs, outbox } = await adapter.make();
    await subs.insert(aSubscription({ events: ['call.created'] }));
    await outbox.append(Array.from({ length: 5 }, (_, i) => anEvent('call.created', 10 + i)));
    await outbox.fanOut(at(20), 10, newId);
    for (const d of await outbox.claimDue(lease('A', 20), 10, OPEN)) {
      await outbox.settle(d.delivery_id, lease('A', 21), { status: 'failed', next_attempt_at: null, attempt: attempt(1, 21, 500) });
    }
    expect(await outbox.purge(at(500), 2)).toEqual({ deliveries: 2, events: 2 });
    expect(await outbox.purge(at(500), 2)).toEqual({ deliveries: 2, events: 2 });
    expect(await outbox.purge(at(500), 2)).toEqual({ deliveries: 1, events: 1 });
    expect(await outbox.purge(at(500), 2)).toEqual({ deliveries: 0, events: 0 });
  });

  describe('events are written with the change that causes them, and only then', () => {
    const subscribed = async (p: Ports) => {
      const s = aSubscription({ createdAt: -1_000_000, owner: { kind: 'tenant', id: 'acme' } });
      await p.subs.insert(s);
      const s1 = aSubscription({ createdAt: -1_000_000 });
      await p.subs.insert(s1);
      return async () => (await (await p.outbox.fanOut(at(1e6), 100, newId), p.outbox.claimDue(lease(hexId('o'), 1e6), 100, OPEN))).map((d) => d.payload);
    };

    it('a call and its call.created; none for a refused duplicate', async () => {
      const p = await adapter.make();
      const sent = await subscribed(p);
      const call = aCall({ tenant_id: 'acme' });
      const e = anEvent('call.created', 5, { kind: 'tenant', id: 'acme' });
      await p.calls.insert(call, [e]);
      await expect(p.calls.insert(call, [anEvent('call.created', 6, { kind: 'tenant', id: 'acme' })])).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await sent()).toEqual([e.payload]);
      expect(await p.calls.find('acme', call.call_id)).not.toBeNull();
    });

    it('an agent replacement and its agent.updated; none when the version moved on', async () => {
      const p = await adapter.make();
      const sent = await subscribed(p);
      const agent: Agent = { agent_id: hexId('agt'), tenant_id: 't1', ...defaultAgentSettings('Nova'), version: 1, updated_at: at(0) };
      await p.agents.insert(agent);
      const e = anEvent('agent.updated', 5);
      expect(await p.agents.replace({ ...agent, version: 2, updated_at: at(5) }, 1, [e])).toBe(true);
      expect(await p.agents.replace({ ...agent, version: 2, updated_at: at(6) }, 1, [anEvent('agent.updated', 6)])).toBe(false);
      expect(await sent()).toEqual([e.payload]);
    });

    it('a document indexed or failed and its event; none for a document deleted meanwhile', async () => {
      const p = await adapter.make();
      const sent = await subscribed(p);
      const doc = (id: string): KnowledgeDocument => ({
        tenant_id: 't1',
        item_id: id,
        title: id,
        content_type: 'text/plain',
        size_bytes: 5,
        sha256: 'a'.repeat(64),
        status: 'pending',
        error: null,
        created_at: at(0),
        indexed_at: null,
        content: new TextEncoder().encode('hello'),
      });
      for (const id of ['kb_a', 'kb_b', 'kb_c']) await p.knowledge.insert(doc(id));
      const indexed = anEvent('knowledge.document.indexed', 5);
      const failed = anEvent('knowledge.document.failed', 6);
      expect(await p.knowledge.markIndexed('t1', 'kb_a', [{ chunk_index: 0, text: 'hello' }], at(5), [indexed])).toBe(true);
      await p.knowledge.markFailed('t1', 'kb_b', 'unreadable', [failed]);
      await p.knowledge.delete('t1', 'kb_c');
      expect(await p.knowledge.markIndexed('t1', 'kb_c', [{ chunk_index: 0, text: 'hello' }], at(7), [anEvent('knowledge.document.indexed', 7)])).toBe(false);
      await p.knowledge.markFailed('t1', 'kb_c', 'gone', [anEvent('knowledge.document.failed', 8)]);
      expect((await sent()).sort()).toEqual([indexed.payload, failed.payload].sort());
      expect((await p.knowledge.find('t1', 'kb_a'))?.status).toBe('indexed');
    });

    it('a finished sync run and its knowledge.sync.completed; none when the lease was lost', async () => {
      const p = await adapter.make();
      const sent = await subscribed(p);
      const run: StoredSyncRun = { tenant_id: 't1', sync_id: 'sync_1', status: 'queued', requested_at: at(0), started_at: null, finished_at: null, documents_indexed: 0, documents_failed: 0, chunks: 0 };
      await p.runs.openOrGetActive(run);
      const claimed = (await p.runs.claim('t1', 'sync_1', { owner: 'A', now: at(1), until: at(2) }))!;
      expect(await p.runs.claim('t1', 'sync_1', { owner: 'B', now: at(3), until: at(100) })).not.toBeNull();
      const lost = anEvent('knowledge.sync.completed', 4);
      expect(await p.runs.update({ ...claimed, status: 'succeeded', finished_at: at(4) }, { owner: 'A', now: at(4), until: at(5) }, [lost])).toBe(false);
      const done = anEvent('knowledge.sync.completed', 5);
      expect(await p.runs.update({ ...claimed, status: 'succeeded', finished_at: at(5), documents_indexed: 2 }, { owner: 'B', now: at(5), until: at(100) }, [done])).toBe(true);
      expect(await sent()).toEqual([done.payload]);
    });
  });
});
