import { useEffect, useState } from 'preact/hooks';
import { type ApiClient, type Schemas, unwrap } from '../api/client';
import { useMessages, useNumberFormat } from '../i18n/i18n';
import { Field, ProblemNote } from '../ui/controls';
import { MESSAGES } from './messages';

const thisMonth = (): string => new Date().toISOString().slice(0, 7);

export function UsageTab({ api, production }: { api: ApiClient; production: boolean }) {
  const m = useMessages(MESSAGES);
  const num = useNumberFormat();
  const [month, setMonth] = useState(thisMonth);
  const [usage, setUsage] = useState<Schemas['UsageStatement'] | null>(null);
  const [statement, setStatement] = useState<Schemas['MonthlyStatement'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = async () => {
    setError(null);
    try {
      setUsage(unwrap(await api.GET('/api/v1/verify/usage', { params: { query: { month } } })));
      setStatement(unwrap(await api.GET('/api/v1/verify/invoices/{month}', { params: { path: { month } } })));
    } catch (err) {
      setError(err);
    }
  };
  useEffect(() => {
    if (production) void load();
  }, [api, production]);
  const eur = (cents: number) => num(cents / 100, { style: 'currency', currency: 'EUR' });
  return (
    <section class="panel" aria-labelledby="usage-title">
      <h2 id="usage-title">{m.usageTitle}</h2>
      {!production ? <p class="notice">{m.ordersNeedKey}</p> : null}
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <Field label={m.month} type="month" value={month} required onInput={(e) => setMonth(e.currentTarget.value)} />
        <button type="submit" disabled={!production}>
          {m.show}
        </button>
      </form>
      {error ? <ProblemNote error={error} /> : null}
      {usage ? (
        <dl class="figures" data-testid="usage">
          <dt>{m.plan}</dt>
          <dd>{usage.plan}</dd>
          <dt>{m.servedCalls}</dt>
          <dd>{num(usage.served_calls)}</dd>
          <dt>{m.amount}</dt>
          <dd>{eur(usage.amount_cents)}</dd>
        </dl>
      ) : null}
      {statement ? (
        <>
          <h3>
            {m.statement} {statement.month} · {statement.closed ? m.closed : m.open}
          </h3>
          <dl class="figures" data-testid="statement">
            <dt>{m.billableCalls}</dt>
            <dd>{num(statement.verify.billable_calls)}</dd>
            <dt>{m.freeCalls}</dt>
            <dd>{num(statement.verify.free_calls)}</dd>
            <dt>{m.tabOrders}</dt>
            <dd>{eur(statement.research_amount_cents)}</dd>
            <dt>{m.amount}</dt>
            <dd>{eur(statement.total_excl_vat_cents)}</dd>
          </dl>
        </>
      ) : null}
    </section>
  );
}
