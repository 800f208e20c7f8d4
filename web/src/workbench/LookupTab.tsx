import { useState } from 'preact/hooks';
import { type ApiClient, type Schemas, unwrap } from '../api/client';
import { useLocale, useMessages } from '../i18n/i18n';
import { Badge, Field, ProblemNote, TableHead } from '../ui/controls';
import { reasonLabel, VERDICT_TONE, verdictLabel } from './labels';
import { MESSAGES } from './messages';

type Answer = Schemas['ArchivedVerificationResponse'] | Schemas['VerificationResponse'];

/** What a reader compares between the archived answer and today's, field by field. */
function facts(a: Answer): [string, string][] {
  return [
    ['verdict', a.verdict],
    ['reason', a.reason ?? ''],
    ['matched_artist', a.matched_artist?.name ?? ''],
    ['verified_pillars', a.verified_pillars.join(', ')],
    ['contradicted_pillars', a.contradicted_pillars.join(', ')],
    ['attestations', a.attestations.map((x) => x.source_ref).join(', ')],
    ['suggested_requalification', a.suggested_requalification?.term_en ?? ''],
    ['corpus_revision', a.corpus_revision],
  ];
}

export function LookupTab({ api }: { api: ApiClient }) {
  const m = useMessages(MESSAGES);
  const { locale } = useLocale();
  const [id, setId] = useState('');
  const [trace, setTrace] = useState<Schemas['VerificationTrace'] | null>(null);
  const [replay, setReplay] = useState<Schemas['ReplayResult'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const path = { params: { path: { request_id: id.trim() } } };
  const archived = replay?.original ?? trace?.response;
  const today = replay ? new Map(facts(replay.replay)) : null;
  return (
    <section class="panel" aria-labelledby="lookup-title">
      <h2 id="lookup-title">{m.lookupTitle}</h2>
      <form
        class="row"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          setReplay(null);
          try {
            setTrace(unwrap(await api.GET('/api/v1/verify/requests/{request_id}', path)));
          } catch (err) {
            setTrace(null);
            setError(err);
          }
        }}
      >
        <div class="grow">
          <Field label={m.requestId} value={id} spellcheck={false} onInput={(e) => setId(e.currentTarget.value)} />
        </div>
        <button type="submit">{m.lookup}</button>
        <button
          type="button"
          class="secondary"
          disabled={trace === null}
          onClick={async () => {
            setError(null);
            try {
              setReplay(unwrap(await api.POST('/api/v1/verify/requests/{request_id}/replay', path)));
            } catch (err) {
              setError(err);
            }
          }}
        >
          {m.replay}
        </button>
      </form>
      {error ? <ProblemNote error={error} /> : null}
      {archived ? (
        <>
          <p>
            <Badge tone={VERDICT_TONE[archived.verdict]}>{verdictLabel(m, archived.verdict)}</Badge> {archived.subject.artist} — <i>{archived.subject.title}</i>
            {archived.reason ? ` · ${reasonLabel(m, archived.reason)}` : ''}
          </p>
          <p class="muted">
            {m.servedAt} {new Date(archived.served_at).toLocaleString(locale)} · {m.corpusRevision} <code>{archived.corpus_revision}</code>
          </p>
          {replay ? (
            <p role="status" data-testid="replay-outcome" class={replay.changed ? 'problem' : 'notice'}>
              {replay.changed ? m.changed : m.unchanged}
            </p>
          ) : null}
          <div class="table-wrap">
            <table>
              <TableHead columns={[m.lookupTitle, m.archived, ...(today ? [m.replayed] : [])]} />
              <tbody>
                {facts(archived).map(([name, value]) => (
                  <tr key={name} class={today && today.get(name) !== value ? 'changed' : undefined}>
                    <th scope="row">
                      <code>{name}</code>
                    </th>
                    <td>{value}</td>
                    {today ? <td>{today.get(name)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
