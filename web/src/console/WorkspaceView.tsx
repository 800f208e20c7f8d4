import { useEffect, useState } from 'preact/hooks';
import { type ApiClient, type Schemas, unwrap } from '../api/client';
import { useMessages } from '../i18n/i18n';
import { Field, ProblemNote } from '../ui/controls';
import { CONSOLE } from './messages';

/** The workspace's settings: everyone reads them, an admin saves them (a 400 names each bad field). */
export function WorkspaceView({ api, admin }: { api: ApiClient; admin: boolean }) {
  const t = useMessages(CONSOLE);
  const [settings, setSettings] = useState<Schemas['Workspace'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    api
      .GET('/api/v1/workspace')
      .then((r) => setSettings(unwrap(r)))
      .catch(setError);
  }, []);
  if (!settings) return error ? <ProblemNote error={error} /> : null;
  const set = (field: keyof Schemas['WorkspaceSettings']) => (e: { currentTarget: HTMLInputElement }) => {
    setSaved(false);
    setSettings({ ...settings, [field]: field === 'retention_days' ? Number(e.currentTarget.value) : e.currentTarget.value });
  };
  return (
    <section aria-labelledby="workspace-heading">
      <h2 id="workspace-heading">{t.workspace}</h2>
      <form
        class="workspace-form"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            const { name, timezone, locale, retention_days } = settings;
            setSettings(unwrap(await api.PUT('/api/v1/workspace', { body: { name, timezone, locale, retention_days } })));
            setSaved(true);
          } catch (err) {
            setError(err);
          }
        }}
      >
        <fieldset disabled={!admin}>
          <Field label={t.workspaceName} value={settings.name} onInput={set('name')} />
          <Field label={t.workspaceTimezone} value={settings.timezone} onInput={set('timezone')} hint="Europe/Paris" />
          <Field label={t.workspaceLocale} value={settings.locale} onInput={set('locale')} hint="fr-FR" />
          <Field label={t.retentionDays} type="number" min={1} max={3650} value={String(settings.retention_days)} onInput={set('retention_days')} />
        </fieldset>
        {admin ? <button type="submit">{t.save}</button> : <p>{t.readOnly}</p>}
        {saved ? <p role="status">{t.saved}</p> : null}
        {error ? <ProblemNote error={error} onDismiss={() => setError(null)} /> : null}
      </form>
    </section>
  );
}
