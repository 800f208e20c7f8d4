import { useEffect, useMemo, useState } from 'preact/hooks';
import { createApiClient, type Schemas, unwrap } from '../api/client';
import { tabStorage } from '../api/tab-storage';
import { useLocale, useMessages } from '../i18n/i18n';
import { Shell } from '../ui/Shell';
import { Badge, Field, Pager, ProblemNote, SelectField, TableHead } from '../ui/controls';
import { CONSOLE } from './messages';
import { AgentsView } from './AgentsView';
import { KnowledgeView } from './KnowledgeView';
import { StatsChart } from './StatsChart';
import { WebhooksView } from './WebhooksView';
import { WorkspaceView } from './WorkspaceView';

const TOKEN = 'svc.console.token';
const SESSION = 'svc.console.session';

interface Session {
  tenant_id: string;
  role: 'admin' | 'member';
  email: string;
}

type View = { name: 'calls' } | { name: 'call'; callId: string } | { name: 'stats' } | { name: 'knowledge' } | { name: 'agents' } | { name: 'workspace' } | { name: 'users' } | { name: 'webhooks' };

const CHANNELS = ['voice', 'chat', 'whatsapp', 'sms', 'email'] as const;
const DIRECTIONS = ['inbound', 'outbound'] as const;

/** The operator console (issue 27): log in with the tenant's JWT, kept for the tab only. */
export function Console() {
  const t = useMessages(CONSOLE);
  const [session, setSession] = useState<Session | null>(() => {
    const saved = tabStorage.get(SESSION);
    return saved && tabStorage.get(TOKEN) ? (JSON.parse(saved) as Session) : null;
  });
  const [view, setView] = useState<View>({ name: 'calls' });
  const api = useMemo(() => createApiClient({ bearer: () => tabStorage.get(TOKEN) }), []);

  const logout = () => {
    tabStorage.delete(TOKEN);
    tabStorage.delete(SESSION);
    setSession(null);
  };
  if (!session) {
    return (
      <Shell title={t.title}>
        <Login
          onLogin={(token, s) => {
            tabStorage.set(TOKEN, token);
            tabStorage.set(SESSION, JSON.stringify(s));
            setSession(s);
          }}
          api={api}
        />
      </Shell>
    );
  }
  const tab = (name: View['name'], label: string) => (
    <button type="button" aria-current={view.name === name || (name === 'calls' && view.name === 'call') ? 'page' : undefined} onClick={() => setView({ name } as View)}>
      {label}
    </button>
  );
  return (
    <Shell
      title={t.title}
      nav={
        <div class="console-nav">
          {tab('calls', t.calls)}
          {tab('stats', t.statistics)}
          {tab('knowledge', t.knowledge)}
          {tab('agents', t.agents)}
          {tab('workspace', t.workspace)}
          {tab('users', t.users)}
          {tab('webhooks', t.webhooks)}
          <span class="who">
            <Badge tone="info">{t.signedInAs(session.email, session.role)}</Badge>
          </span>
          <button type="button" onClick={logout}>
            {t.logout}
          </button>
        </div>
      }
    >
      {view.name === 'calls' ? <CallsView api={api} tenant={session.tenant_id} onOpen={(callId) => setView({ name: 'call', callId })} /> : null}
      {view.name === 'call' ? <CallView api={api} tenant={session.tenant_id} callId={view.callId} onBack={() => setView({ name: 'calls' })} /> : null}
      {view.name === 'stats' ? <StatsView api={api} tenant={session.tenant_id} /> : null}
      {view.name === 'knowledge' ? <KnowledgeView api={api} tenant={session.tenant_id} tokenName={TOKEN} admin={session.role === 'admin'} /> : null}
      {view.name === 'agents' ? <AgentsView api={api} admin={session.role === 'admin'} /> : null}
      {view.name === 'workspace' ? <WorkspaceView api={api} admin={session.role === 'admin'} /> : null}
      {view.name === 'users' ? <UsersView api={api} tenant={session.tenant_id} /> : null}
      {view.name === 'webhooks' ? <WebhooksView api={api} tenant={session.tenant_id} admin={session.role === 'admin'} /> : null}
    </Shell>
  );
}

type Api = ReturnType<typeof createApiClient>;

function Login({ api, onLogin }: { api: Api; onLogin: (token: string, session: Session) => void }) {
  const t = useMessages(CONSOLE);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  return (
    <form
      class="login"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          const token = unwrap(await api.POST('/api/v1/auth/login', { body: { email, password } }));
          onLogin(token.access_token, { tenant_id: token.tenant_id, role: token.role, email: email.trim().toLowerCase() });
        } catch (err) {
          setError(err);
        }
      }}
    >
      <h2>{t.login}</h2>
      <Field label={t.email} type="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      <Field label={t.password} type="password" autocomplete="current-password" required value={password} hint={t.loginHint} onInput={(e) => setPassword(e.currentTarget.value)} />
      <button type="submit">{t.login}</button>
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
    </form>
  );
}

const seconds = (ms: number) => `${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

function CallsView({ api, tenant, onOpen }: { api: Api; tenant: string; onOpen: (callId: string) => void }) {
  const t = useMessages(CONSOLE);
  const { locale } = useLocale();
  const [q, setQ] = useState('');
  const [channel, setChannel] = useState('');
  const [direction, setDirection] = useState('');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<Schemas['CallList'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const query: Record<string, string> = { limit: '20' };
    if (q.trim()) query.q = q.trim();
    if (channel) query.channel = channel;
    if (direction) query.direction = direction;
    if (cursor) query.cursor = cursor;
    api
      .GET('/api/v1/tenants/{tenant_id}/calls', { params: { path: { tenant_id: tenant }, query: query as never } })
      .then((r) => setPage(unwrap(r)))
      .catch(setError);
  }, [asked, cursor]);
  const search = (e: Event) => {
    e.preventDefault();
    setCursor(undefined);
    setAsked((n) => n + 1);
  };
  return (
    <section aria-labelledby="calls-heading">
      <h2 id="calls-heading">{t.calls}</h2>
      <form class="console-filters" role="search" onSubmit={search}>
        <Field label={t.search} type="search" value={q} hint={t.searchHint} onInput={(e) => setQ(e.currentTarget.value)} />
        <SelectField label={t.channel} value={channel} options={[['', t.any], ...CHANNELS.map((c) => [c, c] as [string, string])]} onChange={(e) => setChannel(e.currentTarget.value)} />
        <SelectField label={t.direction} value={direction} options={[['', t.any], ...DIRECTIONS.map((d) => [d, d] as [string, string])]} onChange={(e) => setDirection(e.currentTarget.value)} />
        <button type="submit">{t.search}</button>
      </form>
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
      {page && page.data.length === 0 ? <p>{t.noCalls}</p> : null}
      {page && page.data.length > 0 ? (
        <table class="calls-table">
          <TableHead columns={[t.started, t.channel, t.direction, t.status, t.duration, t.summary, '']} />
          <tbody>
            {page.data.map((c) => (
              <tr key={c.call_id}>
                <td>{new Date(c.started_at).toLocaleString(locale)}</td>
                <td>{c.channel}</td>
                <td>{c.direction}</td>
                <td>{c.status}</td>
                <td>{seconds(c.duration_seconds * 1000)}</td>
                <td class="summary">{c.summary ?? ''}</td>
                <td>
                  <button type="button" aria-label={`${t.open} ${c.call_id}`} onClick={() => onOpen(c.call_id)}>
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

function CallView({ api, tenant, callId, onBack }: { api: Api; tenant: string; callId: string; onBack: () => void }) {
  const t = useMessages(CONSOLE);
  const { locale } = useLocale();
  const [call, setCall] = useState<Schemas['CallDetail'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api
      .GET('/api/v1/tenants/{tenant_id}/calls/{call_id}', { params: { path: { tenant_id: tenant, call_id: callId } } })
      .then((r) => setCall(unwrap(r)))
      .catch(setError);
  }, [callId]);
  return (
    <section aria-labelledby="call-heading">
      <button type="button" onClick={onBack}>
        {t.back}
      </button>
      <h2 id="call-heading">{callId}</h2>
      {error ? <ProblemNote error={error} /> : null}
      {call ? (
        <>
          <p>
            {new Date(call.started_at).toLocaleString(locale)} · {call.channel} · {call.direction} · <Badge tone={call.status === 'completed' ? 'good' : call.status === 'failed' ? 'bad' : 'neutral'}>{call.status}</Badge> · {seconds(call.duration_seconds * 1000)}
          </p>
          <h3>{t.summary}</h3>
          <p class="call-summary">{call.summary ?? '—'}</p>
          <h3>{t.transcript}</h3>
          <ol class="transcript">
            {call.transcript.map((turn, i) => (
              <li key={i}>
                <span class="offset">{seconds(turn.offset_ms)}</span>
                <span class="speaker">{t.speaker(turn.speaker)}</span>
                <span class="text">{turn.text}</span>
              </li>
            ))}
          </ol>
          <h3>{t.metadata}</h3>
          <dl class="metadata">
            {Object.entries(call.metadata).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}

function StatsView({ api, tenant }: { api: Api; tenant: string }) {
  const t = useMessages(CONSOLE);
  const [bucket, setBucket] = useState<'day' | 'week' | 'month'>('week');
  const [channel, setChannel] = useState('');
  const [stats, setStats] = useState<Schemas['CallStats'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const query: Record<string, string> = { bucket };
    if (channel) query.channel = channel;
    setError(null);
    api
      .GET('/api/v1/tenants/{tenant_id}/calls/stats', { params: { path: { tenant_id: tenant }, query: query as never } })
      .then((r) => setStats(unwrap(r)))
      .catch(setError);
  }, [asked]);
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading">{t.statistics}</h2>
      <form
        class="console-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked((n) => n + 1);
        }}
      >
        <SelectField label={t.bucket} value={bucket} options={[['day', t.day], ['week', t.week], ['month', t.month]]} onChange={(e) => setBucket(e.currentTarget.value as typeof bucket)} />
        <SelectField label={t.channel} value={channel} options={[['', t.any], ...CHANNELS.map((c) => [c, c] as [string, string])]} onChange={(e) => setChannel(e.currentTarget.value)} />
        <button type="submit">{t.show}</button>
      </form>
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
      {stats ? (
        <>
          <p class="stats-view-timezone">{t.timezone(stats.timezone)}</p>
          <p class="stats-total">{t.totalCalls(stats.totals.calls)}</p>
          <div class="figures">
            <p>
              {t.meanDuration}: <span class="mean">{t.seconds(stats.totals.duration.mean_seconds)}</span>
            </p>
            <p>
              {t.p50}: <span class="p50">{t.seconds(stats.totals.duration.p50_seconds)}</span>
            </p>
            <p>
              {t.p90}: <span class="p90">{t.seconds(stats.totals.duration.p90_seconds)}</span>
            </p>
          </div>
          <StatsChart stats={stats} title={t.chartTitle} />
          <table class="stats-table">
            <TableHead columns={[t.period, t.calls, ...Object.keys(stats.totals.by_status), t.meanDuration]} />
            <tbody>
              {stats.periods.map((p) => (
                <tr key={p.date}>
                  <td>{p.date}</td>
                  <td>{p.calls}</td>
                  {Object.values(p.by_status).map((n, i) => (
                    <td key={i}>{n}</td>
                  ))}
                  <td>{t.seconds(p.duration.mean_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t.agent}</h3>
          <table class="agents-table">
            <TableHead columns={[t.agent, t.calls, t.meanDuration, t.p50, t.p90]} />
            <tbody>
              {stats.agents.map((a) => (
                <tr key={a.agent_id ?? ''}>
                  <td>{a.agent_id ?? t.noAgent}</td>
                  <td>{a.calls}</td>
                  <td>{t.seconds(a.duration.mean_seconds)}</td>
                  <td>{t.seconds(a.duration.p50_seconds)}</td>
                  <td>{t.seconds(a.duration.p90_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

function UsersView({ api, tenant }: { api: Api; tenant: string }) {
  const t = useMessages(CONSOLE);
  const [users, setUsers] = useState<Schemas['TenantUserList'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api
      .GET('/api/v1/tenants/{tenant_id}/users', { params: { path: { tenant_id: tenant }, query: { limit: 100 } } })
      .then((r) => setUsers(unwrap(r)))
      .catch(setError);
  }, []);
  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading">{t.users}</h2>
      {error ? <ProblemNote error={error} /> : null}
      {users ? (
        <table class="users-table">
          <TableHead columns={[t.email, t.role, t.status]} />
          <tbody>
            {users.data.map((u) => (
              <tr key={u.user_id}>
                <td>{u.email}</td>
                <td>{u.role}</td>
                <td>{u.disabled_at ? t.disabled : t.enabled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
