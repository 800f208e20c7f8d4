/**
 * What the agents screen reads from a JSON schema (the contract's, docs/openapi.json, brought in
 * at build time: ADR 0046): the kind of field each property is, its validation against the
 * schema's own keywords, and the field-by-field difference of two configurations. Pure, without
 * imports, so the unit tests run it on the same schema the page is built with.
 */

/** The part of JSON Schema (as docs/openapi.json writes it) a generated form reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
}

export type FieldKind = 'object' | 'array' | 'enum' | 'string' | 'number' | 'integer' | 'boolean';

/** A property as a form shows it: its kind, the schema of that kind, whether `null` is also allowed. */
export interface FieldShape {
  kind: FieldKind;
  schema: JsonSchema;
  nullable: boolean;
}

const KINDS: readonly string[] = ['object', 'array', 'string', 'number', 'integer', 'boolean'];

/** The field a schema describes; a union other than "T or null" has no field and is refused. */
export function shapeOf(schema: JsonSchema): FieldShape {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const others = alternatives.filter((s) => s.type !== 'null');
    if (others.length !== 1) throw new Error(`no form field for a union of ${others.length} schemas`);
    return { ...shapeOf(others[0]), nullable: others.length < alternatives.length };
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const nonNull = types.filter((t) => t !== 'null');
  const nullable = nonNull.length < types.length;
  if (schema.enum) return { kind: 'enum', schema, nullable };
  if (nonNull.length === 0 && schema.properties) return { kind: 'object', schema, nullable };
  if (nonNull.length !== 1 || !KINDS.includes(nonNull[0])) throw new Error(`no form field for type ${JSON.stringify(schema.type)}`);
  return { kind: nonNull[0] as FieldKind, schema, nullable };
}

/** Whether a property is required by its parent object. */
export const isRequired = (parent: JsonSchema, key: string) => parent.required?.includes(key) ?? false;

/** A rule of the schema a value breaks; the page words it (French, English). */
export interface Issue {
  path: string;
  rule: 'required' | 'number' | 'integer' | 'boolean' | 'minLength' | 'maxLength' | 'pattern' | 'minimum' | 'maximum' | 'minItems' | 'maxItems' | 'enum';
  limit?: number;
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every rule `value` breaks, each at its dotted path (`llm.temperature`, `business_hours.weekly.0.open`:
 * the API's `errors[].path`). Strings are checked for length before their pattern.
 */
export function validate(schema: JsonSchema, value: unknown, path = ''): Issue[] {
  const { kind, schema: s, nullable } = shapeOf(schema);
  if (value === null && nullable) return [];
  const issues: Issue[] = [];
  switch (kind) {
    case 'object': {
      const v = isObject(value) ? value : {};
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if (v[key] === undefined) {
          if (isRequired(s, key)) issues.push({ path: join(path, key), rule: 'required' });
        } else issues.push(...validate(child, v[key], join(path, key)));
      }
      break;
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      if (s.minItems !== undefined && items.length < s.minItems) issues.push({ path, rule: 'minItems', limit: s.minItems });
      if (s.maxItems !== undefined && items.length > s.maxItems) issues.push({ path, rule: 'maxItems', limit: s.maxItems });
      if (s.items) items.forEach((item, i) => issues.push(...validate(s.items as JsonSchema, item, join(path, i))));
      break;
    }
    case 'enum':
      if (!(s.enum ?? []).includes(value)) issues.push({ path, rule: 'enum' });
      break;
    case 'string': {
      const text = typeof value === 'string' ? value : '';
      if (text.length === 0 && (s.minLength ?? 0) > 0) issues.push({ path, rule: 'required' });
      else if (s.minLength !== undefined && text.length < s.minLength) issues.push({ path, rule: 'minLength', limit: s.minLength });
      else if (s.maxLength !== undefined && text.length > s.maxLength) issues.push({ path, rule: 'maxLength', limit: s.maxLength });
      else if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(text)) issues.push({ path, rule: 'pattern' });
      break;
    }
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) issues.push({ path, rule: value === '' || value === undefined ? 'required' : 'number' });
      else if (kind === 'integer' && !Number.isInteger(value)) issues.push({ path, rule: 'integer' });
      else if (s.minimum !== undefined && value < s.minimum) issues.push({ path, rule: 'minimum', limit: s.minimum });
      else if (s.maximum !== undefined && value > s.maximum) issues.push({ path, rule: 'maximum', limit: s.maximum });
      break;
    case 'boolean':
      if (typeof value !== 'boolean') issues.push({ path, rule: 'boolean' });
      break;
  }
  return issues;
}

/** A new item of an array field: each required property at its emptiest valid-looking value. */
export function emptyValue(schema: JsonSchema): unknown {
  const { kind, schema: s, nullable } = shapeOf(schema);
  if (nullable) return null;
  switch (kind) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, child]) => [k, emptyValue(child)]));
    case 'array':
      return [];
    case 'enum':
      return (s.enum ?? [])[0];
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return s.minimum ?? 0;
    case 'boolean':
      return false;
  }
}

/** The value with only the schema's properties (a read configuration carries read-only fields too). */
export function pick(schema: JsonSchema, value: unknown): Record<string, unknown> {
  const v = isObject(value) ? value : {};
  return Object.fromEntries(Object.keys(schema.properties ?? {}).filter((k) => k in v).map((k) => [k, v[k]]));
}

/** `value` with `next` at `path` (segments), copied along the path, never changed in place. */
export function setAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const v = isObject(value) ? value : {};
  return { ...v, [head]: setAt(v[head as string], rest, next) };
}

/** The scalar leaves of a value with their dotted paths, in the value's order (empty arrays and objects have none). */
export function leaves(value: unknown, path = '', out: [string, unknown][] = []): [string, unknown][] {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, join(path, i), out));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) leaves(v, join(path, k), out);
  else out.push([path, value]);
  return out;
}

export interface Change {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/**
 * Field by field, what `after` changes of `before` (only the schema's properties): a leaf only
 * in `after` is added, only in `before` removed, in both with another value changed. In the
 * order the fields come (a removed field where it stood).
 */
export function diff(schema: JsonSchema, before: unknown, after: unknown): Change[] {
  const old = new Map(leaves(pick(schema, before)));
  const now = leaves(pick(schema, after));
  const nowPaths = new Set(now.map(([p]) => p));
  const changes: Change[] = [];
  const oldOrder = [...old.keys()];
  let next = 0; // the next old path not yet placed
  const flushRemovedUntil = (stop: string | undefined) => {
    while (next < oldOrder.length && oldOrder[next] !== stop) {
      const p = oldOrder[next++];
      if (!nowPaths.has(p)) changes.push({ path: p, change: 'removed', before: old.get(p) });
    }
  };
  for (const [path, value] of now) {
    if (old.has(path)) {
      flushRemovedUntil(path);
      next++;
      const was = old.get(path);
      if (!Object.is(was, value)) changes.push({ path, change: 'changed', before: was, after: value });
    } else changes.push({ path, change: 'added', after: value });
  }
  flushRemovedUntil(undefined);
  return changes;
}

/** The label key of a dotted path: its property names, item indices left out (`business_hours.weekly.open`). */
export const labelKey = (path: string) => path.split('.').filter((s) => !/^\d+$/.test(s)).join('.');

/** A dotted path as label keys: `business_hours.weekly.0.open` -> [`business_hours`, `business_hours.weekly`, 1, `business_hours.weekly.open`] (item numbers from 1). */
export function labelSegments(path: string): (string | number)[] {
  const names: string[] = [];
  return path.split('.').map((segment) => {
    if (/^\d+$/.test(segment)) return Number(segment) + 1;
    names.push(segment);
    return names.join('.');
  });
}
