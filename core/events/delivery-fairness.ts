/**
 * How many deliveries may be in flight (claimed under a live lease, by any process) at once:
 * per subscription, so a receiver that never answers holds at most `perSubscription` attempts,
 * and per owner (tenant or API key), so one owner's many subscriptions cannot take every slot.
 */
export interface ClaimCaps {
  perSubscription: number;
  perOwner: number;
}

/** A pending delivery due now and not leased: what a claim chooses from. */
export interface ClaimCandidate {
  delivery_id: string;
  subscription_id: string;
  /** The subscription's owner, as one key (kind and id). */
  owner: string;
  next_attempt_at: string;
}

/** A delivery in flight (its lease has not expired). */
export interface HeldDelivery {
  subscription_id: string;
  owner: string;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const groupBy = <T>(rows: readonly T[], key: (r: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const group = groups.get(key(r));
    if (group) group.push(r);
    else groups.set(key(r), [r]);
  }
  return groups;
};
const countBy = <T>(rows: readonly T[], key: (r: T) => string) => {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return counts;
};

/**
 * Which due deliveries a claim takes, in order: round-robin over owners, then over each owner's
 * subscriptions, each subscription's deliveries earliest due first. A delivery's subscription
 * slot is the subscription's deliveries in flight plus its rank among the subscription's due
 * ones; its owner slot is the owner's deliveries in flight plus its rank among the owner's
 * candidates ordered by subscription slot. Slots above the caps are not taken; the rest go by
 * (owner slot, subscription slot, next_attempt_at, delivery_id), `limit` at most. So an owner
 * or a subscription with fewer deliveries in flight goes first, and a dead receiver holds its
 * own slots only. The SQL outbox computes the same order with window functions.
 */
export function fairClaimOrder(due: readonly ClaimCandidate[], held: readonly HeldDelivery[], caps: ClaimCaps, limit: number): ClaimCandidate[] {
  const heldBySubscription = countBy(held, (h) => h.subscription_id);
  const heldByOwner = countBy(held, (h) => h.owner);
  const bySubscription = [...groupBy(due, (d) => d.subscription_id).values()].flatMap((rows) =>
    rows
      .sort((a, b) => byText(a.next_attempt_at, b.next_attempt_at) || byText(a.delivery_id, b.delivery_id))
      .map((d, i) => ({ d, sub: (heldBySubscription.get(d.subscription_id) ?? 0) + i + 1 }))
      .filter((r) => r.sub <= caps.perSubscription),
  );
  const ranked = [...groupBy(bySubscription, (r) => r.d.owner).values()].flatMap((rows) =>
    rows
      .sort((a, b) => a.sub - b.sub || byText(a.d.next_attempt_at, b.d.next_attempt_at) || byText(a.d.delivery_id, b.d.delivery_id))
      .map((r, i) => ({ ...r, owner: (heldByOwner.get(r.d.owner) ?? 0) + i + 1 }))
      .filter((r) => r.owner <= caps.perOwner),
  );
  return ranked
    .sort((a, b) => a.owner - b.owner || a.sub - b.sub || byText(a.d.next_attempt_at, b.d.next_attempt_at) || byText(a.d.delivery_id, b.d.delivery_id))
    .slice(0, Math.max(0, limit))
    .map((r) => r.d);
}
