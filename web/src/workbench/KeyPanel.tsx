import { useState } from 'preact/hooks';
import { useMessages } from '../i18n/i18n';
import { Field } from '../ui/controls';
import { MESSAGES } from './messages';

/** The production key, pasted by the person and kept for the tab; without one, the sandbox. */
export function KeyPanel({ apiKey, onKey }: { apiKey: string | undefined; onKey: (key: string | undefined) => void }) {
  const m = useMessages(MESSAGES);
  const [draft, setDraft] = useState('');
  return (
    <section class="panel" aria-labelledby="key-legend">
      <h2 id="key-legend">{m.keyLegend}</h2>
      {apiKey === undefined ? (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.trim() !== '') onKey(draft.trim());
            setDraft('');
          }}
        >
          <div class="grow">
            <Field label={m.keyLabel} hint={m.keyHint} type="password" autocomplete="off" spellcheck={false} value={draft} onInput={(e) => setDraft(e.currentTarget.value)} />
          </div>
          <button type="submit">{m.keyUse}</button>
        </form>
      ) : (
        <div class="row">
          <p class="grow">{m.production}</p>
          <button type="button" class="secondary" onClick={() => onKey(undefined)}>
            {m.keyForget}
          </button>
        </div>
      )}
      {apiKey === undefined ? (
        <p class="notice" data-testid="sandbox-notice">
          {m.sandbox}
        </p>
      ) : null}
    </section>
  );
}
