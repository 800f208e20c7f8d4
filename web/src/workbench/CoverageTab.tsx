import { useState } from 'preact/hooks';
import { type ApiClient, type Schemas, unwrap } from '../api/client';
import { useMessages, useNumberFormat } from '../i18n/i18n';
import { Field, ProblemNote } from '../ui/controls';
import { MESSAGES } from './messages';

/**
 * Covered artists by any name form: first as one artist (a name, alias, exonym or period
 * spelling, matched as verify matches it), else every artist a name or word of it starts with.
 */
export function CoverageTab({ api }: { api: ApiClient }) {
  const m = useMessages(MESSAGES);
  const num = useNumberFormat();
  const [q, setQ] = useState('');
  const [manifest, setManifest] = useState<Schemas['CoverageManifest'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  return (
    <section class="panel" aria-labelledby="coverage-title">
      <h2 id="coverage-title">{m.coverageTitle}</h2>
      <form
        class="row"
        role="search"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          const term = q.trim();
          if (term === '') return;
          try {
            const one = unwrap(await api.GET('/api/v1/verify/coverage', { params: { query: { artist: term } } }));
            setManifest(one.artists.length > 0 ? one : unwrap(await api.GET('/api/v1/verify/coverage', { params: { query: { prefix: term.slice(0, 100), limit: 50 } } })));
          } catch (err) {
            setError(err);
          }
        }}
      >
        <div class="grow">
          <Field label={m.coverageLabel} type="search" value={q} maxLength={300} onInput={(e) => setQ(e.currentTarget.value)} />
        </div>
        <button type="submit">{m.search}</button>
      </form>
      {error ? <ProblemNote error={error} /> : null}
      {manifest ? (
        <>
          <p role="status">{m.artistsMatched(manifest.artists.length)}</p>
          <ul class="artists">
            {manifest.artists.map((a) => (
              <li key={a.artist_id}>
                <strong>{a.name}</strong> ({a.birth_year ?? '?'}–{a.death_year}) · {num(a.works)} {m.works}
                {a.aliases.length > 0 ? (
                  <div class="muted">
                    {m.aliases}: {a.aliases.join(', ')}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <h3>{m.claimsBySource}</h3>
          <dl class="figures" data-testid="claims-by-source">
            {Object.entries(manifest.counts.claims_by_source).map(([source, n]) => (
              <>
                <dt key={`t-${source}`}>{source}</dt>
                <dd key={`d-${source}`}>{num(n)}</dd>
              </>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
