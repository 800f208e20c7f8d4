import { useEffect, useState } from 'preact/hooks';
import { type ApiClient, type Schemas, unwrap } from '../api/client';
import { useLocale, useMessages, useNumberFormat } from '../i18n/i18n';
import { Badge, ProblemNote, TableHead } from '../ui/controls';
import { orderStatusLabel } from './labels';
import { MESSAGES } from './messages';

type Order = Schemas['ResearchOrder'];

export function OrdersTab({ api, production }: { api: ApiClient; production: boolean }) {
  const m = useMessages(MESSAGES);
  const num = useNumberFormat();
  const { locale } = useLocale();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = async () => {
    setError(null);
    try {
      setOrders(unwrap(await api.GET('/api/v1/verify/research-orders', { params: { query: { limit: 100 } } })).data);
    } catch (err) {
      setError(err);
    }
  };
  useEffect(() => {
    if (production) void load();
  }, [api, production]);
  return (
    <section class="panel" aria-labelledby="orders-title">
      <h2 id="orders-title">{m.ordersList}</h2>
      {!production ? <p class="notice">{m.ordersNeedKey}</p> : null}
      {production ? (
        <button type="button" class="secondary" onClick={() => void load()}>
          {m.refresh}
        </button>
      ) : null}
      {error ? <ProblemNote error={error} /> : null}
      {orders !== null && orders.length === 0 ? <p>{m.noOrders}</p> : null}
      {orders !== null && orders.length > 0 ? (
        <div class="table-wrap">
          <table>
            <TableHead columns={[m.thOrder, m.thStatus, m.thSubject, m.thTier, m.clientReference, m.thPrice, m.thUpdated]} />
            <tbody>
              {orders.map((o) => (
                <tr key={o.order_id}>
                  <th scope="row">
                    <code>{o.order_id}</code>
                  </th>
                  <td>
                    <Badge tone={o.status === 'delivered' ? 'good' : o.status === 'declined' || o.status === 'cancelled' ? 'bad' : 'info'}>{orderStatusLabel(m, o.status)}</Badge>
                  </td>
                  <td>
                    {o.subject.artist} — <i>{o.subject.title}</i>
                  </td>
                  <td>{o.tier}</td>
                  <td>{o.client_reference ?? ''}</td>
                  <td>{num(o.price_excl_vat_cents / 100, { style: 'currency', currency: o.currency })}</td>
                  <td>{new Date(o.updated_at).toLocaleString(locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
