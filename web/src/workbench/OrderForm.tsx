import { useState } from 'preact/hooks';
import { type ApiClient, unwrap } from '../api/client';
import { useMessages } from '../i18n/i18n';
import { Field, ProblemNote, SelectField } from '../ui/controls';
import type { Lot } from './lots';
import { MESSAGES } from './messages';

/** The research tiers of the default price list (config/pricing.json); the server refuses any other with a 400. */
const TIERS = ['standard', 'extended'];

/**
 * Operator research on the selected unavailable lots: one order per lot, on the lot's
 * request_id. The Idempotency-Key of each is the form's key and the lot's row, so sending the
 * same form again places nothing twice.
 */
export function OrderForm({ api, production, lots }: { api: ApiClient; production: boolean; lots: Lot[] }) {
  const m = useMessages(MESSAGES);
  const [tier, setTier] = useState(TIERS[0]);
  const [reference, setReference] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState<string>(() => crypto.randomUUID());
  const [placed, setPlaced] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (!production) return <p class="hint">{m.ordersNeedKey}</p>;
  const orderable = lots.filter((l) => l.verification?.verdict === 'unavailable');
  return (
    <form
      class="panel"
      aria-labelledby="order-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        setPlaced(null);
        try {
          let n = 0;
          for (const lot of orderable) {
            unwrap(
              await api.POST('/api/v1/verify/research-orders', {
                params: { header: { 'Idempotency-Key': `${idempotencyKey}-${lot.row}` } },
                body: { request_id: lot.verification!.request_id, tier, ...(reference.trim() ? { client_reference: reference.trim() } : {}) },
              }),
            );
            n++;
          }
          setPlaced(n);
        } catch (err) {
          setError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 id="order-title">{m.ordersTitle}</h3>
      <div class="row">
        <SelectField label={m.tier} value={tier} onChange={(e) => setTier(e.currentTarget.value)} options={TIERS.map((t): [string, string] => [t, t])} />
        <div class="grow">
          <Field label={m.clientReference} value={reference} maxLength={200} onInput={(e) => setReference(e.currentTarget.value)} />
        </div>
        <div class="grow">
          <Field label={m.idempotencyKey} value={idempotencyKey} maxLength={200} onInput={(e) => setIdempotencyKey(e.currentTarget.value)} />
        </div>
        <button type="submit" disabled={busy || orderable.length === 0}>
          {m.order(orderable.length)}
        </button>
      </div>
      {placed !== null ? (
        <p role="status" data-testid="orders-placed">
          {m.ordered(placed)}
        </p>
      ) : null}
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
    </form>
  );
}
