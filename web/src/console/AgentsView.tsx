import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import settingsSchema from 'virtual:openapi-schema/AgentSettings';
import { type ApiClient, ApiProblem, problemOf, type Schemas, unwrap } from '../api/client';
import { useLocale, useMessages } from '../i18n/i18n';
import { Badge, Pager, ProblemNote, TableHead } from '../ui/controls';
import { AGENTS } from './agents-messages';
import { emptyValue, pick, setAt, validate } from './agents-schema';
import { SchemaForm, SchemaValues } from './AgentsForm';
import { AgentVersions } from './AgentsVersions';

/**
 * The AI agents (issue 27): the list for every role; an agent's configuration in a form generated
 * from the contract's AgentSettings schema, saved with If-Match of the ETag read (a stale save
 * says so and offers the current version); its versions with a diff between any two. A member
 * reads the same screens without a control that writes.
 */
export function AgentsView({ api, admin }: { api: ApiClient; admin: boolean }) {
  /** The agent open, `new` for one being created, null for the list. */
  const [open, setOpen] = useState<{ agentId: string } | 'new' | null>(null);
  if (open === 'new') return <AgentCreate api={api} onCreated={(agentId) => setOpen({ agentId })} onBack={() => setOpen(null)} />;
  if (open) return <AgentDetail api={api} agentId={open.agentId} admin={admin} onBack={() => setOpen(null)} />;
  return <AgentList api={api} onOpen={(agentId) => setOpen({ agentId })} onCreate={admin ? () => setOpen('new') : undefined} />;
}

function AgentList({ api, onOpen, onCreate }: { api: ApiClient; onOpen: (agentId: string) => void; onCreate?: () => void }) {
  const t = useMessages(AGENTS);
  const { locale } = useLocale();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<Schemas['AgentList'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api
      .GET('/api/v1/ai-agents', { params: { query: { limit: 50, ...(cursor ? { cursor } : {}) } } })
      .then((r) => setPage(unwrap(r)))
      .catch(setError);
  }, [cursor]);
  return (
    <section aria-labelledby="agents-heading">
      <h2 id="agents-heading">{t.agents}</h2>
      {onCreate ? (
        <button type="button" onClick={onCreate}>
          {t.newAgent}
        </button>
      ) : null}
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
      {page && page.data.length === 0 ? <p>{t.noAgents}</p> : null}
      {page && page.data.length > 0 ? (
        <table class="agents-list">
          <TableHead columns={[t.name, t.version, t.updated, '']} />
          <tbody>
            {page.data.map((a) => (
              <tr key={a.agent_id}>
                <td>{a.name}</td>
                <td>{a.version}</td>
                <td>{new Date(a.updated_at).toLocaleString(locale)}</td>
                <td>
                  <button type="button" aria-label={`${t.open} ${a.name}`} onClick={() => onOpen(a.agent_id)}>
                    {t.open}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Pager cursor={cursor} next={page?.next_cursor} onCursor={setCursor} labels={{ first: t.firstPage, next: t.nextPage }} />
    </section>
  );
}

type Path = (string | number)[];
type Settings = Schemas['AgentSettings'];

/**
 * A configuration being edited: the draft, the message next to each field, the problem and the
 * status of the last save. `submit` checks the draft against the schema, then sends it; a field
 * the API refuses (its 400 `errors`) gets its message too.
 */
function useConfigDraft(initial: () => unknown) {
  const t = useMessages(AGENTS);
  const [draft, setDraft] = useState<unknown>(initial);
  const [messages, setMessages] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const reset = (value: unknown) => {
    setDraft(value);
    setMessages(new Map());
    setError(null);
  };
  const submit = async (send: (body: Settings) => Promise<void>) => {
    setStatus(null);
    setError(null);
    const issues = validate(settingsSchema, draft);
    setMessages(new Map(issues.map((i) => [i.path, t.issue(i.rule, i.limit ?? 0)])));
    if (issues.length > 0) {
      setStatus(t.fix(issues.length));
      focusField(issues[0].path);
      return;
    }
    setSaving(true);
    try {
      // validated against the same schema the body type is generated from
      await send(pick(settingsSchema, draft) as Settings);
    } catch (err) {
      const problem = err instanceof ApiProblem ? err : problemOf(0, null);
      const fields = Array.isArray(problem.problem.errors) ? (problem.problem.errors as { path: string; message: string }[]) : [];
      setMessages(new Map(fields.map((f) => [f.path, f.message])));
      if (fields.length > 0) focusField(fields[0].path);
      setError(err);
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, messages, error, setError, status, setStatus, saving, reset, submit };
}

/** The schema's form of a draft with its Save button, status and problem; `children` come after the button (the stale notice). */
function ConfigForm({ config, onSave, blocked = false, children }: { config: ReturnType<typeof useConfigDraft>; onSave: () => void; blocked?: boolean; children?: ComponentChildren }) {
  const t = useMessages(AGENTS);
  return (
    <form
      class="agent-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <p class="hint">{t.requiredNote}</p>
      <SchemaForm schema={settingsSchema} value={config.draft} messages={config.messages} onChange={(path: Path, v: unknown) => config.setDraft((d: unknown) => setAt(d, path, v))} />
      <div class="agent-form-actions">
        <button type="submit" disabled={config.saving || blocked}>
          {t.save}
        </button>
        {config.status ? <p role="status">{config.status}</p> : null}
      </div>
      {children}
      {config.error ? <ProblemNote error={config.error} onDismiss={() => config.setError(null)} /> : null}
    </form>
  );
}

function AgentDetail({ api, agentId, admin, onBack }: { api: ApiClient; agentId: string; admin: boolean; onBack: () => void }) {
  const t = useMessages(AGENTS);
  /** The configuration as last read or saved, and its ETag: what a save replaces. */
  const [agent, setAgent] = useState<Schemas['Agent'] | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const config = useConfigDraft(() => null);

  const take = (result: { data?: Schemas['Agent']; error?: unknown; response: Response }) => {
    const read = unwrap(result);
    setAgent(read);
    setEtag(result.response.headers.get('ETag'));
    config.reset(pick(settingsSchema, read));
    setStale(false);
    return read;
  };
  const load = () => api.GET('/api/v1/ai-agents/{agent_id}', { params: { path: { agent_id: agentId } } }).then(take);
  useEffect(() => {
    load().catch(config.setError);
  }, [agentId]);

  const reload = async () => {
    try {
      const read = await load();
      config.setStatus(t.reloaded(read.version));
    } catch (err) {
      config.setError(err);
    }
  };
  const save = () =>
    config.submit(async (body) => {
      const result = await api.PUT('/api/v1/ai-agents/{agent_id}', { params: { path: { agent_id: agentId }, header: { 'If-Match': etag ?? '' } }, body });
      if (result.response.status === 412) {
        setStale(true);
        return;
      }
      config.setStatus(t.saved(take(result).version));
    });

  return (
    <section aria-labelledby="agent-heading" class="agent-detail">
      <button type="button" class="secondary" onClick={onBack}>
        {t.back}
      </button>
      <h2 id="agent-heading">
        {agent?.name ?? agentId} {agent ? <Badge tone="info">{`${t.version} ${agent.version}`}</Badge> : null}
      </h2>
      {!agent && config.error ? <ProblemNote error={config.error} /> : null}
      {agent ? (
        <>
          <h3>{t.configuration}</h3>
          {admin ? (
            <ConfigForm config={config} onSave={save} blocked={stale}>
              {stale ? (
                <div class="problem stale" role="alert">
                  <p>{t.stale}</p>
                  <button type="button" onClick={reload}>
                    {t.reload}
                  </button>
                </div>
              ) : null}
            </ConfigForm>
          ) : (
            <>
              <p class="hint">{t.readOnly}</p>
              <SchemaValues schema={settingsSchema} value={pick(settingsSchema, agent)} />
            </>
          )}
          <AgentVersions api={api} current={agent} schema={settingsSchema} />
        </>
      ) : null}
    </section>
  );
}

/** A new agent (admin): the same form from the schema, each field at its emptiest; saved, it opens. */
function AgentCreate({ api, onCreated, onBack }: { api: ApiClient; onCreated: (agentId: string) => void; onBack: () => void }) {
  const t = useMessages(AGENTS);
  const config = useConfigDraft(() => emptyValue(settingsSchema));
  const save = () =>
    config.submit(async (body) => {
      onCreated(unwrap(await api.POST('/api/v1/ai-agents', { body })).agent_id);
    });
  return (
    <section aria-labelledby="agent-heading" class="agent-detail">
      <button type="button" class="secondary" onClick={onBack}>
        {t.back}
      </button>
      <h2 id="agent-heading">{t.newAgent}</h2>
      <ConfigForm config={config} onSave={save} />
    </section>
  );
}

/** Moves the focus to the control of a dotted path (the first field to correct). */
function focusField(path: string): void {
  requestAnimationFrame(() => {
    const target = document.querySelector<HTMLElement>(`.agent-form [data-path="${CSS.escape(path)}"]`);
    if (target instanceof HTMLFieldSetElement) target.querySelector<HTMLElement>('input, select, textarea')?.focus();
    else target?.focus();
  });
}
