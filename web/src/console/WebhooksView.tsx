import { useEffect, useState } from 'preact/hooks';
import { type ApiClient, problemOf, type Schemas, unwrap } from '../api/client';
import { useLocale, useMessages } from '../i18n/i18n';
import { Badge, Field, Pager, ProblemNote, TableHead } from '../ui/controls';
import { CONSOLE } from './messages';
import { WEBHOOKS } from './WebhooksMessages';

type Webhook = Schemas['Webhook'];

/**
 * What the screen shows. The signing secret lives only in the `secret` view: leaving it (or the
 * screen) drops it; it is never written to storage nor kept with the subscriptions.
 */
type View = { name: 'list' } | { name: 'secret'; url: string; secret: string; rotated: boolean } | { name: 'deliveries'; webhook: Webhook };

/**
 * The tenant's webhooks (admin only; the API refuses a member): subscriptions, the secret shown
 * once after a create or a rotation, the delivery log with its attempts and a retry.
 */
export function WebhooksView({ api, tenant, admin }: { api: ApiClient; tenant: string; admin: boolean }) {
  const t = useMessages(CONSOLE);
  const w = useMessages(WEBHOOKS);
  const [view, setView] = useState<View>({ name: 'list' });
  return (
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">{t.webhooks}</h2>
      {!admin ? <p class="notice">{w.adminOnly}</p> : null}
      {admin && view.name === 'list' ? <Subscriptions api={api} tenant={tenant} onView={setView} /> : null}
      {admin && view.name === 'secret' ? <SecretOnce url={view.url} secret={view.secret} rotated={view.rotated} onDone={() => setView({ name: 'list' })} /> : null}
      {admin && view.name === 'deliveries' ? <Deliveries api={api} tenant={tenant} webhook={view.webhook} onBack={() => setView({ name: 'list' })} /> : null}
    </section>
  );
}

function Subscriptions({ api, tenant, onView }: { api: ApiClient; tenant: string; onView: (view: View) => void }) {
  const w = useMessages(WEBHOOKS);
  const { locale } = useLocale();
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [types, setTypes] = useState<Schemas['WebhookEventTypeList']['data']>([]);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const path = { tenant_id: tenant };
  // At most 20 subscriptions per tenant (the API's limit): one page of 100 holds them all.
  const reload = () =>
    api
      .GET('/api/v1/tenants/{tenant_id}/webhooks', { params: { path, query: { limit: 100 } } })
      .then((r) => setHooks(unwrap(r).data))
      .catch(setError);
  useEffect(() => {
    reload();
    api
      .GET('/api/v1/tenants/{tenant_id}/webhooks/event-types', { params: { path } })
      .then((r) => setTypes(unwrap(r).data))
      .catch(setError);
  }, []);
  /** Runs an action on a subscription, then shows what it answered (a secret) or the list again. */
  const act = async (action: () => Promise<View | null>) => {
    setError(null);
    try {
      const next = await action();
      if (next) onView(next);
      else await reload();
    } catch (err) {
      setError(err);
    }
  };
  const one = (id: string) => ({ params: { path: { tenant_id: tenant, webhook_id: id } } });
  const create = (e: Event) => {
    e.preventDefault();
    act(async () => {
      const body = { url: url.trim(), events: events as Schemas['EventType'][], description: description.trim() || null };
      const created = unwrap(await api.POST('/api/v1/tenants/{tenant_id}/webhooks', { params: { path }, body }));
      return { name: 'secret', url: created.url, secret: created.secret, rotated: false };
    });
  };
  const rotate = (hook: Webhook) =>
    act(async () => {
      const rotated = unwrap(await api.POST('/api/v1/tenants/{tenant_id}/webhooks/{webhook_id}/rotate-secret', one(hook.subscription_id)));
      return { name: 'secret', url: rotated.url, secret: rotated.secret, rotated: true };
    });
  const enable = (hook: Webhook) =>
    act(async () => {
      unwrap(await api.POST('/api/v1/tenants/{tenant_id}/webhooks/{webhook_id}/enable', one(hook.subscription_id)));
      return null;
    });
  const remove = (hook: Webhook) => {
    if (!window.confirm(w.confirmDelete(hook.url))) return;
    act(async () => {
      const res = await api.DELETE('/api/v1/tenants/{tenant_id}/webhooks/{webhook_id}', one(hook.subscription_id));
      if (!res.response.ok) throw problemOf(res.response.status, res.error);
      return null;
    });
  };
  const toggle = (type: string, on: boolean) => setEvents((chosen) => (on ? [...chosen.filter((e) => e !== type), type] : chosen.filter((e) => e !== type)));

  return (
    <>
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
      <h3>{w.subscriptions}</h3>
      {hooks && hooks.length === 0 ? <p>{w.none}</p> : null}
      {hooks && hooks.length > 0 ? (
        <div class="table-wrap">
          <table class="webhooks-table">
            <TableHead columns={[w.url, w.events, w.state, '']} />
            <tbody>
              {hooks.map((hook) => (
                <tr key={hook.subscription_id} data-id={hook.subscription_id}>
                  <td>
                    <code class="webhook-url">{hook.url}</code>
                    {hook.description ? <div class="muted">{hook.description}</div> : null}
                  </td>
                  <td>
                    <ul class="webhook-events">
                      {hook.events.map((type) => (
                        <li key={type}>
                          <code>{type}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td class="webhook-state">
                    <Badge tone={hook.enabled ? 'good' : 'bad'}>{hook.enabled ? w.enabled : w.disabled}</Badge>
                    {hook.disabled_reason ? <p class="disabled-reason">{hook.disabled_reason}</p> : null}
                    {hook.failing_since ? <p class="failing-since">{w.failingSince(new Date(hook.failing_since).toLocaleString(locale))}</p> : null}
                  </td>
                  <td>
                    <div class="webhook-actions">
                      <button type="button" aria-label={`${w.deliveries}: ${hook.url}`} onClick={() => onView({ name: 'deliveries', webhook: hook })}>
                        {w.deliveries}
                      </button>
                      {!hook.enabled ? (
                        <button type="button" aria-label={`${w.enable}: ${hook.url}`} onClick={() => enable(hook)}>
                          {w.enable}
                        </button>
                      ) : null}
                      <button type="button" class="secondary" aria-label={`${w.rotate}: ${hook.url}`} onClick={() => rotate(hook)}>
                        {w.rotate}
                      </button>
                      <button type="button" class="secondary" aria-label={`${w.delete}: ${hook.url}`} onClick={() => remove(hook)}>
                        {w.delete}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <form class="webhook-form" onSubmit={create}>
        <h3>{w.newSubscription}</h3>
        <Field label={w.url} type="url" required placeholder="https://" value={url} hint={w.urlHint} onInput={(e) => setUrl(e.currentTarget.value)} />
        <Field label={w.description} value={description} maxLength={500} onInput={(e) => setDescription(e.currentTarget.value)} />
        <fieldset class="webhook-event-choice">
          <legend>
            {w.events} <span class="hint">({w.eventsHint})</span>
          </legend>
          {types.map(({ type, description: what }) => (
            <label key={type}>
              <input type="checkbox" value={type} checked={events.includes(type)} onChange={(e) => toggle(type, e.currentTarget.checked)} /> {w.event(type, what)} <code>{type}</code>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={events.length === 0}>
          {w.create}
        </button>
      </form>
    </>
  );
}

/** The secret, this once: a copy button and the warning; "done" drops it from the page. */
function SecretOnce({ url, secret, rotated, onDone }: { url: string; secret: string; rotated: boolean; onDone: () => void }) {
  const w = useMessages(WEBHOOKS);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div class="webhook-secret" role="region" aria-labelledby="secret-heading">
      <h3 id="secret-heading">{w.secretTitle}</h3>
      <p>{rotated ? w.secretRotated(url) : w.secretCreated(url)}</p>
      <Field label={w.secretTitle} class="secret-value" readOnly value={secret} spellcheck={false} autocomplete="off" onFocus={(e) => e.currentTarget.select()} />
      <p class="notice" role="note">
        <strong>{w.secretOnce}</strong>
      </p>
      <p>
        <button type="button" onClick={copy}>
          {w.copy}
        </button>{' '}
        <button type="button" class="secondary" onClick={onDone}>
          {w.secretDone}
        </button>
      </p>
      {copied !== null ? <p role="status">{copied ? w.copied : w.copyRefused}</p> : null}
    </div>
  );
}

/** A subscription's delivery log, newest first: each attempt, and a retry for a failed delivery. */
function Deliveries({ api, tenant, webhook, onBack }: { api: ApiClient; tenant: string; webhook: Webhook; onBack: () => void }) {
  const w = useMessages(WEBHOOKS);
  const { locale } = useLocale();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<Schemas['WebhookDeliveryList'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [retried, setRetried] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const path = { tenant_id: tenant, webhook_id: webhook.subscription_id };
  useEffect(() => {
    setError(null);
    api
      .GET('/api/v1/tenants/{tenant_id}/webhooks/{webhook_id}/deliveries', { params: { path, query: { limit: 20, ...(cursor ? { cursor } : {}) } } })
      .then((r) => setPage(unwrap(r)))
      .catch(setError);
  }, [asked, cursor]);
  const when = (iso: string) => new Date(iso).toLocaleString(locale);
  const retry = async (deliveryId: string) => {
    setError(null);
    try {
      unwrap(await api.POST('/api/v1/tenants/{tenant_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/retry', { params: { path: { ...path, delivery_id: deliveryId } } }));
      setRetried(deliveryId);
      setAsked((n) => n + 1);
    } catch (err) {
      setError(err);
    }
  };
  return (
    <div class="webhook-deliveries">
      <p>
        <button type="button" class="secondary" onClick={onBack}>
          {w.back}
        </button>
      </p>
      <h3>
        {w.deliveries}: <code>{webhook.url}</code>
      </h3>
      <p>
        <button
          type="button"
          onClick={() => {
            setRetried(null);
            setAsked((n) => n + 1);
          }}
        >
          {w.refresh}
        </button>
      </p>
      {retried ? <p role="status">{w.retried}</p> : null}
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
      {page && page.data.length === 0 ? <p>{w.noDeliveries}</p> : null}
      {page && page.data.length > 0 ? (
        <div class="table-wrap">
          <table class="deliveries-table">
            <TableHead columns={[w.created, w.eventType, w.status, w.attempts, '']} />
            <tbody>
              {page.data.map((d) => (
                <tr key={d.delivery_id} data-id={d.delivery_id}>
                  <td>{when(d.created_at)}</td>
                  <td>
                    <code class="event-type">{d.event_type}</code>
                    <div class="muted">
                      {w.eventId}: <code class="event-id">{d.event_id}</code>
                    </div>
                  </td>
                  <td>
                    <Badge tone={d.status === 'succeeded' ? 'good' : d.status === 'failed' ? 'bad' : 'neutral'}>{w.deliveryStatus(d.status)}</Badge>
                    {d.next_attempt_at ? <div class="muted">{w.nextAttempt(when(d.next_attempt_at))}</div> : null}
                  </td>
                  <td>
                    <ol class="attempts">
                      {d.attempts.map((a) => (
                        <li key={a.attempt} class="attempt">
                          {w.attempt(a.attempt, when(a.attempted_at))} · <span class="attempt-status">{w.httpStatus(a.status_code)}</span> · {w.latency(a.latency_ms)}
                          {a.error ? <span class="attempt-error"> · {a.error}</span> : null}
                        </li>
                      ))}
                    </ol>
                  </td>
                  <td>
                    {d.status === 'failed' ? (
                      <button type="button" aria-label={`${w.retry}: ${d.event_id}`} onClick={() => retry(d.delivery_id)}>
                        {w.retry}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager cursor={cursor} next={page?.next_cursor} onCursor={setCursor} labels={{ first: w.firstPage, next: w.nextPage }} />
    </div>
  );
}
