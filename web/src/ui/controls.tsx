import type { ComponentChildren, InputHTMLAttributes, SelectHTMLAttributes } from 'preact';
import { useId, useState } from 'preact/hooks';
import { ApiProblem } from '../api/client';
import { COMMON } from '../i18n/common';
import { useMessages } from '../i18n/i18n';

export type Tone = 'good' | 'bad' | 'neutral' | 'info';

/** A short status word with a tone; the word carries the meaning, colour only repeats it. */
export function Badge({ tone, children }: { tone: Tone; children: ComponentChildren }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}

/** A labelled input (the label names it for assistive technology); `hint` is read with it. */
export function Field({ label, hint, ...input }: { label: string; hint?: string } & InputHTMLAttributes) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

/** A labelled select over `options` (value, text). */
export function SelectField({ label, options, ...select }: { label: string; options: [string, string][] } & SelectHTMLAttributes) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} {...select}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A progress bar with its figures as text (announced politely as they change). */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number | undefined }) {
  return (
    <div class="progress" role="status" aria-live="polite">
      <progress value={value} max={max ?? undefined} aria-label={label} />
      <span>
        {label}: {value}
        {max !== undefined ? ` / ${max}` : ''}
      </span>
    </div>
  );
}

/** A failed request shown to the person, with its request id for support. */
export function ProblemNote({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  const common = useMessages(COMMON);
  const problem = error instanceof ApiProblem ? error.problem : undefined;
  return (
    <div class="problem" role="alert">
      <strong>{problem?.title ?? common.problem}</strong>
      <p>{problem?.detail || (error instanceof Error ? error.message : String(error))}</p>
      {Array.isArray(problem?.errors) && problem.errors.length > 0 ? (
        <ul class="problem-fields">
          {(problem.errors as { path: string; message: string }[]).map((e) => (
            <li key={e.path}>
              <code>{e.path}</code>: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {problem?.request_id ? (
        <p class="hint">
          {common.requestId}: <code>{problem.request_id}</code>
        </p>
      ) : null}
      {onDismiss ? (
        <button type="button" class="secondary" onClick={onDismiss}>
          {common.dismiss}
        </button>
      ) : null}
    </div>
  );
}

/**
 * A file picker that also takes a dropped file: the native input stays the keyboard and
 * screen-reader path, the zone around it only adds drag and drop.
 */
export function DropZone({ label, hint, accept, onFile }: { label: string; hint: string; accept: string; onFile: (file: File) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      class={over ? 'drop-zone over' : 'drop-zone'}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer?.files[0];
        if (file) onFile(file);
      }}
    >
      <label for={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) onFile(file);
          e.currentTarget.value = '';
        }}
      />
      <small id={`${id}-hint`} class="hint">
        {hint}
      </small>
    </div>
  );
}

/** A table's header row: one column header per name. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Keyset paging: back to the first page once past it, on to the next while the API answers a cursor. */
export function Pager({ cursor, next, onCursor, labels }: { cursor: string | undefined; next: string | null | undefined; onCursor: (cursor: string | undefined) => void; labels: { first: string; next: string } }) {
  return (
    <p>
      {cursor ? (
        <button type="button" onClick={() => onCursor(undefined)}>
          {labels.first}
        </button>
      ) : null}{' '}
      {next ? (
        <button type="button" onClick={() => onCursor(next)}>
          {labels.next}
        </button>
      ) : null}
    </p>
  );
}
