import type { ComponentChildren } from 'preact';
import { useEffect, useId, useState } from 'preact/hooks';
import { useMessages } from '../i18n/i18n';
import { AGENTS } from './agents-messages';
import { emptyValue, isRequired, type JsonSchema, labelKey, labelSegments, shapeOf } from './agents-schema';

type Path = (string | number)[];

/** The dotted path the API's `errors[].path` and `validate` use. */
export const dotted = (path: Path) => path.join('.');
const keyOf = (path: Path) => labelKey(dotted(path));

interface FieldProps {
  schema: JsonSchema;
  path: Path;
  value: unknown;
  required: boolean;
  /** The message shown next to each field, by dotted path. */
  messages: Map<string, string>;
  onChange: (path: Path, value: unknown) => void;
  /** What follows the control (an item's remove button). */
  children?: ComponentChildren;
}

/**
 * A form generated from a JSON schema: one control per property by its type (text, long text,
 * number, yes/no, choice, list, group), labelled, required ones marked, each with the message of
 * the rule it breaks. The root object's properties are the form's fields.
 */
export function SchemaForm({ schema, value, messages, onChange }: { schema: JsonSchema; value: unknown; messages: Map<string, string>; onChange: (path: Path, value: unknown) => void }) {
  const fields = Object.entries(schema.properties ?? {});
  const v = (value ?? {}) as Record<string, unknown>;
  return (
    <>
      {fields.map(([key, child]) => (
        <SchemaField key={key} schema={child} path={[key]} value={v[key]} required={isRequired(schema, key)} messages={messages} onChange={onChange} />
      ))}
    </>
  );
}

function SchemaField(props: FieldProps) {
  const t = useMessages(AGENTS);
  const { schema, path, value, messages, onChange } = props;
  const id = useId();
  const shape = shapeOf(schema);
  const required = props.required && !shape.nullable; // a nullable field may be left empty
  const key = keyOf(path);
  const last = path[path.length - 1];
  const label = typeof last === 'number' ? t.item(t.field_(key), last + 1) : t.field_(key);
  const hint = t.hint(key) || schema.description || (shape.nullable && shape.kind === 'string' ? t.none : '');
  const message = messages.get(dotted(path));

  if (shape.kind === 'object') {
    const v = (value ?? {}) as Record<string, unknown>;
    return (
      <fieldset class="schema-group" data-path={dotted(path)}>
        <legend>{label}</legend>
        {message ? <p class="field-error" id={`${id}-error`}>{message}</p> : null}
        {Object.entries(shape.schema.properties ?? {}).map(([k, child]) => (
          <SchemaField key={k} schema={child} path={[...path, k]} value={v[k]} required={isRequired(shape.schema, k)} messages={messages} onChange={onChange} />
        ))}
        {props.children}
      </fieldset>
    );
  }
  if (shape.kind === 'array') return <ArrayField {...props} label={t.field_(key)} hint={hint} />;

  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': message ? ('true' as const) : undefined, required, 'data-path': dotted(path) };
  let control;
  switch (shape.kind) {
    case 'boolean':
      control = <input type="checkbox" {...common} required={false} checked={value === true} onChange={(e) => onChange(path, e.currentTarget.checked)} />;
      break;
    case 'enum':
      control = (
        <select {...common} value={String(value ?? '')} onChange={(e) => onChange(path, (shape.schema.enum ?? []).find((o) => String(o) === e.currentTarget.value))}>
          {shape.nullable ? <option value="">{t.none}</option> : null}
          {(shape.schema.enum ?? []).map((o) => (
            <option key={String(o)} value={String(o)}>
              {t.option(key, String(o))}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
    case 'integer':
      control = <NumberInput common={common} integer={shape.kind === 'integer'} value={value} onValue={(n) => onChange(path, n)} />;
      break;
    default: {
      const text = typeof value === 'string' ? value : '';
      const set = (s: string) => onChange(path, shape.nullable && s === '' ? null : s);
      control =
        (shape.schema.maxLength ?? 0) > 300 ? (
          <textarea {...common} rows={Math.min(12, 3 + Math.floor(text.length / 100))} value={text} onInput={(e) => set(e.currentTarget.value)} />
        ) : (
          <input type="text" {...common} value={text} onInput={(e) => set(e.currentTarget.value)} />
        );
    }
  }
  return (
    <div class={shape.kind === 'boolean' ? 'field field-check' : 'field'}>
      {shape.kind === 'boolean' ? control : null}
      <label for={id}>
        {label}
        {required && shape.kind !== 'boolean' ? (
          <span class="required-mark" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {shape.kind === 'boolean' ? null : control}
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
      {message ? (
        <small id={`${id}-error`} class="field-error">
          {message}
        </small>
      ) : null}
      {props.children}
    </div>
  );
}

/** A number typed as text (a comma reads as a decimal point); the text is kept while it is not yet a number. */
function NumberInput({ common, integer, value, onValue }: { common: Record<string, unknown>; integer: boolean; value: unknown; onValue: (v: unknown) => void }) {
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const [text, setText] = useState(shown);
  useEffect(() => {
    if (parse(text) !== value) setText(shown);
  }, [value]);
  return <input type="text" inputMode={integer ? 'numeric' : 'decimal'} {...common} value={text} onInput={(e) => (setText(e.currentTarget.value), onValue(parse(e.currentTarget.value)))} />;
}

/** A number, or the text as typed when it is none (so `validate` names it). */
function parse(text: string): unknown {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return '';
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : text;
}

function ArrayField({ schema, path, value, messages, onChange, label, hint }: FieldProps & { label: string; hint: string }) {
  const t = useMessages(AGENTS);
  const shape = shapeOf(schema);
  const items = Array.isArray(value) ? value : [];
  const itemSchema = shape.schema.items ?? {};
  const message = messages.get(dotted(path));
  const id = useId();
  const full = shape.schema.maxItems !== undefined && items.length >= shape.schema.maxItems;
  return (
    <fieldset class="schema-list" data-path={dotted(path)} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{label}</legend>
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
      {message ? <p class="field-error">{message}</p> : null}
      {items.map((item, i) => {
        const name = t.item(label, i + 1);
        return (
          <div class="schema-item" key={i}>
            <SchemaField schema={itemSchema} path={[...path, i]} value={item} required messages={messages} onChange={onChange}>
              <button type="button" class="secondary" onClick={() => onChange(path, items.filter((_, j) => j !== i))}>
                {t.remove(name)}
              </button>
            </SchemaField>
          </div>
        );
      })}
      <button type="button" class="secondary" disabled={full} onClick={() => onChange(path, [...items, emptyValue(itemSchema)])}>
        {t.add(label)}
      </button>
    </fieldset>
  );
}

/** A value as text: `(none)` for null, `(empty)` for an empty text, yes/no, an enum's word. */
export function useShowValue(): (key: string, v: unknown) => string {
  const t = useMessages(AGENTS);
  return (key, v) => {
    if (v === null || v === undefined) return t.none;
    if (typeof v === 'boolean') return v ? t.yes : t.no;
    if (v === '') return t.empty;
    return typeof v === 'string' ? t.option(key, v) : String(v);
  };
}

/** A dotted path as the person reads it: `Business hours › Opening window #1 › Opens`. */
export function usePathLabel(): (path: string) => string {
  const t = useMessages(AGENTS);
  return (path) => {
    const segments = labelSegments(path);
    return segments
      .map((s, i) => (typeof s === 'number' ? null : typeof segments[i + 1] === 'number' ? t.item(t.field_(s), segments[i + 1] as number) : t.field_(s)))
      .filter((s) => s !== null)
      .join(' › ');
  };
}

/** The same schema read only (a member's view): each field's label and value, no control. */
export function SchemaValues({ schema, value, path = [] }: { schema: JsonSchema; value: unknown; path?: Path }) {
  const t = useMessages(AGENTS);
  const show = useShowValue();
  const shape = shapeOf(schema);
  if (shape.kind === 'object' && value !== null && value !== undefined) {
    const v = value as Record<string, unknown>;
    return (
      <dl class="schema-values">
        {Object.entries(shape.schema.properties ?? {}).map(([k, child]) => (
          <div key={k}>
            <dt>{t.field_(keyOf([...path, k]))}</dt>
            <dd>
              <SchemaValues schema={child} value={v[k]} path={[...path, k]} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if (shape.kind === 'array' && Array.isArray(value)) {
    if (value.length === 0) return <span>{t.none}</span>;
    return (
      <ol class="schema-values-list">
        {value.map((item, i) => (
          <li key={i}>
            <SchemaValues schema={shape.schema.items ?? {}} value={item} path={[...path, i]} />
          </li>
        ))}
      </ol>
    );
  }
  return <span class="value">{show(keyOf(path), value)}</span>;
}
