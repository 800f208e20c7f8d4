import { useEffect, useState } from 'preact/hooks';
import { type ApiClient, problemOf, type Schemas, unwrap } from '../api/client';
import { tabStorage } from '../api/tab-storage';
import { useMessages } from '../i18n/i18n';
import { Badge, DropZone, Field, ProblemNote, ProgressBar, TableHead } from '../ui/controls';
import { CONSOLE } from './messages';

const ACCEPT = '.txt,.md,.html,.htm,.csv,.json,.pdf,text/plain,text/markdown,text/html,text/csv,application/json,application/pdf';

/** A passage with the query's words marked (the search answers their ranges). */
function Passage({ hit }: { hit: Schemas['KnowledgeSearchHit'] }) {
  const parts = [];
  let at = 0;
  for (const { start, end } of hit.highlights) {
    parts.push(hit.text.slice(at, start), <mark key={start}>{hit.text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(hit.text.slice(at));
  return <p class="passage">{parts}</p>;
}

/**
 * The knowledge base: documents with their status and failure reason; an admin also uploads
 * (drop or choose a file), starts a sync and watches it, deletes. Anyone searches passages.
 */
export function KnowledgeView({ api, tenant, tokenName, admin }: { api: ApiClient; tenant: string; tokenName: string; admin: boolean }) {
  const t = useMessages(CONSOLE);
  const [items, setItems] = useState<Schemas['KnowledgeList'] | null>(null);
  const [run, setRun] = useState<Schemas['SyncRun'] | null>(null);
  const [hits, setHits] = useState<Schemas['KnowledgeSearchHit'][] | null>(null);
  const [q, setQ] = useState('');
  const [error, setError] = useState<unknown>(null);
  const path = { tenant_id: tenant };
  const reload = () =>
    api
      .GET('/api/v1/tenants/{tenant_id}/knowledge', { params: { path, query: { limit: 100 } } })
      .then((r) => setItems(unwrap(r)))
      .catch(setError);
  useEffect(() => {
    reload();
  }, []);

  const upload = async (file: File) => {
    setError(null);
    const form = new FormData();
    form.append('title', file.name);
    form.append('file', file, file.name);
    const res = await fetch(`/api/v1/tenants/${encodeURIComponent(tenant)}/knowledge`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tabStorage.get(tokenName) ?? ''}` } });
    if (!res.ok) setError(problemOf(res.status, await res.json().catch(() => null)));
    await reload();
  };
  const sync = async () => {
    setError(null);
    try {
      let current = unwrap(await api.POST('/api/v1/tenants/{tenant_id}/knowledge/sync', { params: { path } }));
      setRun(current);
      while (current.status === 'queued' || current.status === 'running') {
        await new Promise((r) => setTimeout(r, 300));
        current = unwrap(await api.GET('/api/v1/tenants/{tenant_id}/knowledge/sync/{sync_id}', { params: { path: { tenant_id: tenant, sync_id: current.sync_id } } }));
        setRun(current);
      }
      await reload();
    } catch (err) {
      setError(err);
    }
  };
  const remove = async (itemId: string) => {
    const res = await api.DELETE('/api/v1/tenants/{tenant_id}/knowledge/{item_id}', { params: { path: { tenant_id: tenant, item_id: itemId } } });
    if (!res.response.ok) setError(problemOf(res.response.status, res.error));
    await reload();
  };
  const search = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      setHits(unwrap(await api.GET('/api/v1/tenants/{tenant_id}/knowledge/search', { params: { path, query: { q, limit: 5 } } })).data);
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section aria-labelledby="knowledge-heading">
      <h2 id="knowledge-heading">{t.knowledge}</h2>
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
      {admin ? (
        <div class="knowledge-actions">
          <DropZone label={t.upload} hint={t.uploadHint} accept={ACCEPT} onFile={upload} />
          <button type="button" onClick={sync} disabled={run?.status === 'queued' || run?.status === 'running'}>
            {t.sync}
          </button>
          {run ? <ProgressBar label={`${t.syncStatus(run.status)} · ${t.documentsIndexed}`} value={run.documents_indexed + run.documents_failed} max={items?.data.filter((i) => i.status === 'pending').length || undefined} /> : null}
        </div>
      ) : null}
      {items ? (
        <table class="knowledge-table">
          <TableHead columns={[t.document, t.status, t.failure, ...(admin ? [''] : [])]} />
          <tbody>
            {items.data.map((item) => (
              <tr key={item.item_id}>
                <td>{item.title}</td>
                <td>
                  <Badge tone={item.status === 'indexed' ? 'good' : item.status === 'failed' ? 'bad' : 'neutral'}>{item.status}</Badge>
                </td>
                <td>{item.error ?? ''}</td>
                {admin ? (
                  <td>
                    <button type="button" aria-label={`${t.delete} ${item.title}`} onClick={() => remove(item.item_id)}>
                      {t.delete}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <form class="console-filters" role="search" onSubmit={search}>
        <Field label={t.searchKnowledge} type="search" value={q} required onInput={(e) => setQ(e.currentTarget.value)} />
        <button type="submit">{t.search}</button>
      </form>
      {hits ? (
        <ol class="passages">
          {hits.map((hit) => (
            <li key={`${hit.item_id}-${hit.chunk_index}`}>
              <strong>{hit.title}</strong>
              <Passage hit={hit} />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
