import { useEffect, useState } from 'preact/hooks';
import { type ApiClient, type Schemas, unwrap } from '../api/client';
import { useLocale, useMessages } from '../i18n/i18n';
import { Badge, ProblemNote, SelectField, TableHead } from '../ui/controls';
import { AGENTS } from './agents-messages';
import { type Change, diff, type JsonSchema, labelKey } from './agents-schema';
import { usePathLabel, useShowValue } from './AgentsForm';

const TONE = { added: 'good', removed: 'bad', changed: 'info' } as const;
const SIGN = { added: '+', removed: '−', changed: '±' } as const;

/**
 * An agent's versions, newest first (the current one, then the earlier ones the API keeps), and
 * the difference between any two, field by field: the kind of change in words (colour only
 * repeats it), the value before and after.
 */
export function AgentVersions({ api, current, schema }: { api: ApiClient; current: Schemas['Agent']; schema: JsonSchema }) {
  const t = useMessages(AGENTS);
  const { locale } = useLocale();
  const [earlier, setEarlier] = useState<Schemas['Agent'][]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number>(current.version);

  const more = async (after: string | null, kept: Schemas['Agent'][]) => {
    try {
      const page = unwrap(
        await api.GET('/api/v1/ai-agents/{agent_id}/versions', { params: { path: { agent_id: current.agent_id }, query: { limit: 100, ...(after ? { cursor: after } : {}) } } }),
      );
      const all = [...kept, ...page.data];
      setEarlier(all);
      setCursor(page.next_cursor);
      return all;
    } catch (err) {
      setError(err);
      return kept;
    }
  };
  useEffect(() => {
    setTo(current.version);
    more(null, []).then((all) => setFrom(all[0]?.version ?? null));
  }, [current.agent_id, current.version]);

  const versions = [current, ...earlier.filter((v) => v.version !== current.version)];
  const byVersion = new Map(versions.map((v) => [v.version, v]));
  const older = from === null ? undefined : byVersion.get(from);
  const newer = byVersion.get(to);
  const options = versions.map((v) => [String(v.version), `${v.version} · ${new Date(v.updated_at).toLocaleString(locale)}${v.version === current.version ? ` (${t.current})` : ''}`] as [string, string]);

  return (
    <section aria-labelledby="versions-heading" class="agent-versions">
      <h3 id="versions-heading">{t.versions}</h3>
      {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
      <table class="versions-table">
        <TableHead columns={[t.version, t.updated, t.name]} />
        <tbody>
          {versions.map((v) => (
            <tr key={v.version}>
              <td>
                {v.version}
                {v.version === current.version ? ` (${t.current})` : ''}
              </td>
              <td>{new Date(v.updated_at).toLocaleString(locale)}</td>
              <td>{v.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {cursor ? (
        <button type="button" class="secondary" onClick={() => more(cursor, earlier)}>
          {t.loadMore}
        </button>
      ) : null}
      {versions.length < 2 ? (
        <p>{t.oneVersion}</p>
      ) : (
        <>
          <div class="console-filters">
            <SelectField label={t.from} value={String(from ?? '')} options={options} onChange={(e) => setFrom(Number(e.currentTarget.value))} />
            <SelectField label={t.to} value={String(to)} options={options} onChange={(e) => setTo(Number(e.currentTarget.value))} />
          </div>
          {older && newer ? <DiffTable schema={schema} older={older} newer={newer} /> : null}
        </>
      )}
    </section>
  );
}

function DiffTable({ schema, older, newer }: { schema: JsonSchema; older: Schemas['Agent']; newer: Schemas['Agent'] }) {
  const t = useMessages(AGENTS);
  const label = usePathLabel();
  const show = useShowValue();
  const changes: Change[] = diff(schema, older, newer);
  if (changes.length === 0) return <p class="diff-identical">{t.identical}</p>;
  return (
    <table class="diff-table">
      <caption>{t.diffCaption(older.version, newer.version)}</caption>
      <TableHead columns={[t.field, t.change, t.before, t.after]} />
      <tbody>
        {changes.map((c) => (
          <tr key={c.path} data-change={c.change} data-path={c.path}>
            <th scope="row">{label(c.path)}</th>
            <td>
              <Badge tone={TONE[c.change]}>
                <span aria-hidden="true">{SIGN[c.change]} </span>
                {t.changeKind(c.change)}
              </Badge>
            </td>
            <td class="before">{c.change === 'added' ? '' : show(labelKey(c.path), c.before)}</td>
            <td class="after">{c.change === 'removed' ? '' : show(labelKey(c.path), c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
