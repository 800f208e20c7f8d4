import type { Kysely } from 'kysely';
import type { EventOwner, EventType, OwnerKind } from '../../core/events/event.model.js';
import type { SubscriptionStore } from '../../core/events/ports.js';
import type { StoredSubscription, SubscriptionPosition, SubscriptionSecrets } from '../../core/events/webhook.model.js';
import { conflict } from '../../core/shared/errors.js';
import type { Database } from './database.js';
import { isUniqueViolation } from './unique-violation.js';
import type { WebhookSubscriptionsTable } from './webhook.tables.js';

export const subscriptionFromRow = (r: WebhookSubscriptionsTable): StoredSubscription => ({
  subscription_id: r.subscription_id,
  owner_kind: r.owner_kind as OwnerKind,
  owner_id: r.owner_id,
  url: r.url,
  description: r.description,
  events: JSON.parse(r.events_json) as EventType[],
  enabled: Number(r.enabled) === 1,
  disabled_reason: r.disabled_reason,
  failing_since: r.failing_since,
  created_at: r.created_at,
  updated_at: r.updated_at,
  secrets: { current: r.secret, previous: r.previous_secret, previous_expires_at: r.previous_secret_expires_at },
});

const toRow = (s: StoredSubscription): WebhookSubscriptionsTable => ({
  subscription_id: s.subscription_id,
  owner_kind: s.owner_kind,
  owner_id: s.owner_id,
  url: s.url,
  description: s.description,
  events_json: JSON.stringify(s.events),
  enabled: s.enabled ? 1 : 0,
  disabled_reason: s.disabled_reason,
  failing_since: s.failing_since,
  secret: s.secrets.current,
  previous_secret: s.secrets.previous,
  previous_secret_expires_at: s.secrets.previous_expires_at,
  created_at: s.created_at,
  updated_at: s.updated_at,
});


/** Removes a subscription's deliveries and their attempts (inside the delete's transaction). */
export async function deleteDeliveriesOf(trx: Kysely<Database>, subscriptionId: string): Promise<void> {
  await trx
    .deleteFrom('webhook_attempts')
    .where('delivery_id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('delivery_id').where('subscription_id', '=', subscriptionId))
    .execute();
  await trx.deleteFrom('webhook_deliveries').where('subscription_id', '=', subscriptionId).execute();
}

/** Webhook subscriptions over any Kysely dialect. */
export class SqlSubscriptionStore implements SubscriptionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(sub: StoredSubscription): Promise<void> {
    try {
      await this.db.insertInto('webhook_subscriptions').values(toRow(sub)).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`Webhook subscription ${sub.subscription_id} already exists.`);
      throw err;
    }
  }

  private owned(owner: EventOwner) {
    return this.db.selectFrom('webhook_subscriptions').selectAll().where('owner_kind', '=', owner.kind).where('owner_id', '=', owner.id);
  }

  async find(owner: EventOwner, subscriptionId: string): Promise<StoredSubscription | null> {
    const row = await this.owned(owner).where('subscription_id', '=', subscriptionId).executeTakeFirst();
    return row ? subscriptionFromRow(row) : null;
  }

  async list(owner: EventOwner, after: SubscriptionPosition | null, limit: number): Promise<StoredSubscription[]> {
    let q = this.owned(owner);
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'subscription_id'), '>', eb.tuple(after.created_at, after.subscription_id)));
    return (await q.orderBy('created_at').orderBy('subscription_id').limit(limit).execute()).map(subscriptionFromRow);
  }

  async count(owner: EventOwner): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async delete(owner: EventOwner, subscriptionId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .deleteFrom('webhook_subscriptions')
        .where('owner_kind', '=', owner.kind)
        .where('owner_id', '=', owner.id)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) !== 1) return false;
      await deleteDeliveriesOf(trx, subscriptionId);
      return true;
    });
  }

  async setSecrets(owner: EventOwner, subscriptionId: string, secrets: SubscriptionSecrets, now: string): Promise<boolean> {
    return this.change(owner, subscriptionId, { secret: secrets.current, previous_secret: secrets.previous, previous_secret_expires_at: secrets.previous_expires_at, updated_at: now });
  }

  async enable(owner: EventOwner, subscriptionId: string, now: string): Promise<boolean> {
    return this.change(owner, subscriptionId, { enabled: 1, disabled_reason: null, failing_since: null, updated_at: now });
  }

  private async change(owner: EventOwner, subscriptionId: string, values: Partial<WebhookSubscriptionsTable>): Promise<boolean> {
    const r = await this.db
      .updateTable('webhook_subscriptions')
      .set(values)
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id)
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async recordSuccess(subscriptionId: string): Promise<void> {
    await this.db.updateTable('webhook_subscriptions').set({ failing_since: null }).where('subscription_id', '=', subscriptionId).where('failing_since', 'is not', null).execute();
  }

  async recordFailure(subscriptionId: string, at: string, disableBefore: string, reason: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('webhook_subscriptions').set({ failing_since: at }).where('subscription_id', '=', subscriptionId).where('failing_since', 'is', null).execute();
      const r = await trx
        .updateTable('webhook_subscriptions')
        .set({ enabled: 0, disabled_reason: reason, updated_at: at })
        .where('subscription_id', '=', subscriptionId)
        .where('enabled', '=', 1)
        .where('failing_since', '<', disableBefore)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }
}
