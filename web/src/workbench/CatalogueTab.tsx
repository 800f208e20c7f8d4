import { useRef, useState } from 'preact/hooks';
import type { ApiClient } from '../api/client';
import { useMessages } from '../i18n/i18n';
import { DropZone, ProblemNote, ProgressBar, SelectField } from '../ui/controls';
import { type ColumnKey, type ColumnMapping, COLUMN_KEYS, REQUIRED_COLUMNS } from './columns';
import { reasonLabel } from './labels';
import { LotTable } from './LotTable';
import { annotatedFile, type CatalogueSource, ColumnsNeeded, type Lot, type VerdictFilter, verifyCatalogue, verifyLot } from './lots';
import { MESSAGES } from './messages';
import { OrderForm } from './OrderForm';

interface MappingRequest {
  source: CatalogueSource;
  headers: string[];
  missing: ColumnKey[];
}

export function CatalogueTab({ api, production }: { api: ApiClient; production: boolean }) {
  const m = useMessages(MESSAGES);
  const [text, setText] = useState('');
  const [source, setSource] = useState<CatalogueSource | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | undefined>(undefined);
  const [asking, setAsking] = useState<MappingRequest | null>(null);
  const [lots, setLots] = useState<Lot[]>([]);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [verdict, setVerdict] = useState<VerdictFilter>('all');
  const [reason, setReason] = useState('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const abort = useRef<AbortController | null>(null);

  async function run(next: CatalogueSource, columns?: ColumnMapping) {
    setAsking(null);
    setSource(next);
    setMapping(columns);
    setLots([]);
    setSelected(new Set());
    setTotal(undefined);
    setError(null);
    setRunning(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await verifyCatalogue(api, next, columns, { total: setTotal, lot: (lot) => setLots((done) => [...done, lot]) }, controller.signal);
    } catch (err) {
      if (err instanceof ColumnsNeeded) setAsking({ source: next, headers: err.problem.headers, missing: err.problem.missing });
      else if (!controller.signal.aborted) setError(err);
    } finally {
      setRunning(false);
    }
  }

  async function download(format: 'csv' | 'xlsx') {
    if (source === null) return;
    try {
      // The lots as shown (pins kept), written by the service from their archived answers: nothing verified again.
      const blob = await annotatedFile(api, source, mapping, lots, format);
      const base = 'csv' in source ? 'catalogue' : source.file.name.replace(/\.[^.]*$/, '');
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${base}.annotated.${format}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      setError(err);
    }
  }

  async function pin(lot: Lot, ref: string) {
    try {
      const again = await verifyLot(api, lot, ref);
      setLots((all) => all.map((l) => (l.row === lot.row ? again : l)));
    } catch (err) {
      setError(err);
    }
  }

  const counts = { attested: 0, contradicted: 0, unavailable: 0, errors: 0 };
  for (const l of lots) {
    if (l.verification === null) counts.errors++;
    else counts[l.verification.verdict]++;
  }
  const reasons = [...new Set(lots.map((l) => l.verification?.reason).filter((r): r is NonNullable<typeof r> => r != null))];
  const shown = lots.filter(
    (l) =>
      (verdict === 'all' || (verdict === 'error' ? l.verification === null : l.verification?.verdict === verdict)) &&
      (reason === 'all' || l.verification?.reason === reason),
  );

  return (
    <>
      <section class="panel" aria-labelledby="catalogue-title">
        <h2 id="catalogue-title">{m.intro}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run({ csv: text });
          }}
        >
          <div class="field">
            <label for="catalogue-lines">{m.pasteLabel}</label>
            <textarea id="catalogue-lines" aria-describedby="catalogue-lines-hint" value={text} onInput={(e) => setText(e.currentTarget.value)} spellcheck={false} />
            <small id="catalogue-lines-hint" class="hint">
              {m.pasteHint}
            </small>
          </div>
          <div class="row">
            <button type="submit" disabled={running || text.trim() === ''}>
              {m.verify}
            </button>
            {running ? (
              <button type="button" class="secondary" onClick={() => abort.current?.abort()}>
                {m.cancel}
              </button>
            ) : null}
          </div>
        </form>
        <DropZone label={m.dropLabel} hint={m.dropHint} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onFile={(file) => void run({ file })} />
        {asking ? <MappingForm request={asking} onApply={(columns) => void run(asking.source, columns)} /> : null}
        {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
        {total !== undefined ? <ProgressBar label={m.progress} value={lots.length} max={total} /> : null}
        {lots.length > 0 && !running ? (
          <p data-testid="summary">{m.summary(lots.length, counts.attested, counts.contradicted, counts.unavailable, counts.errors)}</p>
        ) : null}
      </section>
      {lots.length > 0 ? (
        <section class="panel" aria-labelledby="lots-title">
          <h2 id="lots-title">{m.tabCatalogue}</h2>
          <div class="row">
            <SelectField
              label={m.filterVerdict}
              value={verdict}
              onChange={(e) => setVerdict(e.currentTarget.value as VerdictFilter)}
              options={[
                ['all', m.all],
                ['attested', m.verdict_attested],
                ['contradicted', m.verdict_contradicted],
                ['unavailable', m.verdict_unavailable],
                ['error', m.verdict_error],
              ]}
            />
            <SelectField label={m.filterReason} value={reason} onChange={(e) => setReason(e.currentTarget.value)} options={[['all', m.all], ...reasons.map((r): [string, string] => [r, reasonLabel(m, r)])]} />
            <button type="button" class="secondary" onClick={() => void download('csv')} disabled={running} aria-describedby="download-hint">
              {m.download}
            </button>
            {source !== null && 'file' in source ? (
              <button type="button" class="secondary" onClick={() => void download('xlsx')} disabled={running} aria-describedby="download-hint">
                {m.downloadXlsx}
              </button>
            ) : null}
          </div>
          <p id="download-hint" class="hint">
            {m.downloadHint}
          </p>
          <LotTable
            lots={shown}
            selectable={production}
            selected={selected}
            onSelect={(row, on) =>
              setSelected((s) => {
                const next = new Set(s);
                if (on) next.add(row);
                else next.delete(row);
                return next;
              })
            }
            onPin={(lot, ref) => void pin(lot, ref)}
          />
          <OrderForm api={api} production={production} lots={lots.filter((l) => selected.has(l.row))} />
        </section>
      ) : null}
    </>
  );
}

function MappingForm({ request, onApply }: { request: MappingRequest; onApply: (mapping: ColumnMapping) => void }) {
  const m = useMessages(MESSAGES);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const names: Record<ColumnKey, string> = {
    lot: m.column_lot,
    artist: m.column_artist,
    title: m.column_title,
    reference: m.column_reference,
    medium: m.column_medium,
    date: m.column_date,
    estimate: m.column_estimate,
  };
  return (
    <form
      class="panel"
      aria-labelledby="mapping-title"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(mapping);
      }}
    >
      <h3 id="mapping-title">{m.mappingTitle}</h3>
      <p class="hint">{m.mappingHint(request.missing.map((k) => names[k]).join(', '))}</p>
      <div class="row">
        {COLUMN_KEYS.map((key) => (
          <SelectField
            key={key}
            label={names[key]}
            value={mapping[key] ?? ''}
            required={REQUIRED_COLUMNS.includes(key)}
            onChange={(e) => setMapping({ ...mapping, [key]: e.currentTarget.value || undefined })}
            options={[['', m.mappingNone], ...request.headers.map((h): [string, string] => [h, h])]}
          />
        ))}
      </div>
      <button type="submit">{m.mappingApply}</button>
    </form>
  );
}
