import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentSettingsSchema } from '../../runtimes/shared/schemas/knowledge.schemas.js';
import { packageDir } from '../../runtimes/shared/settings/release.js';
import { diff, emptyValue, type JsonSchema, labelKey, labelSegments, leaves, pick, setAt, shapeOf, validate } from '../../web/src/console/agents-schema.js';

/** The schema the console's agents form is generated from: the contract's, as the page's build reads it. */
const schema = (JSON.parse(readFileSync(join(packageDir(), 'docs', 'openapi.json'), 'utf8')) as { components: { schemas: Record<string, JsonSchema> } }).components.schemas.AgentSettings;

const SETTINGS = {
  name: 'Accueil',
  language: 'fr-FR',
  voice: { provider: 'acme-tts', voice_id: 'claire' },
  greeting: 'Bonjour !',
  instructions: '',
  llm: { model: 'small', temperature: 0.2, max_output_tokens: 400 },
  knowledge_base: { enabled: true },
  escalation: { phone_number: '+33123456789', triggers: ['client mécontent'] },
  business_hours: { timezone: 'Europe/Paris', weekly: [{ day: 'mon', open: '09:00', close: '17:00' }] },
};

/** Every property of a schema with its dotted path (array items as `path.0`). */
function fields(s: JsonSchema, path = ''): [string, JsonSchema][] {
  const shape = shapeOf(s);
  const here: [string, JsonSchema][] = path === '' ? [] : [[path, s]];
  if (shape.kind === 'object') return [...here, ...Object.entries(shape.schema.properties ?? {}).flatMap(([k, c]) => fields(c, path === '' ? k : `${path}.${k}`))];
  if (shape.kind === 'array' && shape.schema.items) return [...here, ...fields(shape.schema.items, `${path}.0`)];
  return here;
}

describe('the agents form reads the AgentSettings schema', () => {
  it('has a field kind for every property: text, number, integer, yes/no, choice, list, group, and "or null"', () => {
    const kinds = Object.fromEntries(fields(schema).map(([p, s]) => [p, `${shapeOf(s).kind}${shapeOf(s).nullable ? '?' : ''}`]));
    expect(kinds).toEqual({
      name: 'string',
      language: 'string',
      voice: 'object',
      'voice.provider': 'string',
      'voice.voice_id': 'string',
      greeting: 'string',
      instructions: 'string',
      llm: 'object',
      'llm.model': 'string',
      'llm.temperature': 'number',
      'llm.max_output_tokens': 'integer',
      knowledge_base: 'object',
      'knowledge_base.enabled': 'boolean',
      escalation: 'object',
      'escalation.phone_number': 'string?',
      'escalation.triggers': 'array',
      'escalation.triggers.0': 'string',
      business_hours: 'object',
      'business_hours.timezone': 'string',
      'business_hours.weekly': 'array',
      'business_hours.weekly.0': 'object',
      'business_hours.weekly.0.day': 'enum',
      'business_hours.weekly.0.open': 'string',
      'business_hours.weekly.0.close': 'string',
    });
  });

  it('refuses a schema it has no field for, rather than guessing one', () => {
    expect(() => shapeOf({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toThrow(/union of 2/);
    expect(() => shapeOf({ type: 'file' })).toThrow(/no form field/);
    expect(shapeOf({ type: ['integer', 'null'] })).toMatchObject({ kind: 'integer', nullable: true });
  });

  it('validates with the schema\'s own keywords, each issue at the path the API names', () => {
    expect(validate(schema, SETTINGS)).toEqual([]);
    expect(validate(schema, { ...SETTINGS, escalation: { phone_number: null, triggers: [] } })).toEqual([]);
    const { greeting: _g, ...missing } = SETTINGS;
    expect(validate(schema, missing)).toEqual([{ path: 'greeting', rule: 'required' }]);
    const broken = [
      [['name'], '', { path: 'name', rule: 'required' }],
      [['name'], 'x'.repeat(201), { path: 'name', rule: 'maxLength', limit: 200 }],
      [['llm', 'temperature'], 2.5, { path: 'llm.temperature', rule: 'maximum', limit: 2 }],
      [['llm', 'temperature'], -1, { path: 'llm.temperature', rule: 'minimum', limit: 0 }],
      [['llm', 'temperature'], 'warm', { path: 'llm.temperature', rule: 'number' }],
      [['llm', 'temperature'], '', { path: 'llm.temperature', rule: 'required' }],
      [['llm', 'max_output_tokens'], 1.5, { path: 'llm.max_output_tokens', rule: 'integer' }],
      [['knowledge_base', 'enabled'], 'yes', { path: 'knowledge_base.enabled', rule: 'boolean' }],
      [['escalation', 'phone_number'], '0612345678', { path: 'escalation.phone_number', rule: 'pattern' }],
      [['escalation', 'triggers'], Array.from({ length: 21 }, (_, i) => `t${i}`), { path: 'escalation.triggers', rule: 'maxItems', limit: 20 }],
      [['escalation', 'triggers', 0], '', { path: 'escalation.triggers.0', rule: 'required' }],
      [['business_hours', 'weekly', 0, 'day'], 'someday', { path: 'business_hours.weekly.0.day', rule: 'enum' }],
      [['business_hours', 'weekly', 0, 'open'], '9h', { path: 'business_hours.weekly.0.open', rule: 'pattern' }],
    ] as const;
    for (const [path, value, issue] of broken) expect(validate(schema, setAt(SETTINGS, [...path], value)), JSON.stringify(path)).toEqual([issue]);
  });

  it('never refuses what the API accepts: each field the form names, the API names too', () => {
    const leafPaths = leaves(SETTINGS).map(([p]) => p.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)));
    const oddValue = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom<unknown>('', '+33123456789', '24:00', '09:30', 'sun', 'x'.repeat(200), 'x'.repeat(201), 0, 1, 2, 2.01, 32_768, 32_769, [], ['x']), fc.double({ min: -5, max: 40_000, noNaN: true }), fc.integer({ min: -5, max: 40_000 }), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...leafPaths), oddValue), { minLength: 1, maxLength: 4 }), (edits) => {
        const body = edits.reduce<unknown>((v, [path, value]) => setAt(v, path, value), SETTINGS);
        const mine = new Set(validate(schema, body).map((i) => i.path));
        const parsed = AgentSettingsSchema.safeParse(body);
        const theirs = new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.')));
        for (const path of mine) expect(theirs, `${path} in ${JSON.stringify(body)}`).toContain(path);
      }),
      { numRuns: 300, seed: 46 },
    );
  });

  it('adds a list item with each field at its emptiest, keeps only the schema\'s fields and copies along a path', () => {
    const window = shapeOf(schema).schema.properties?.business_hours.properties?.weekly.items as JsonSchema;
    expect(emptyValue(window)).toEqual({ day: 'mon', open: '', close: '' });
    expect(emptyValue(schema.properties?.escalation as JsonSchema)).toEqual({ phone_number: null, triggers: [] });
    expect(Object.keys(pick(schema, { ...SETTINGS, agent_id: 'agt_1', version: 3, updated_at: 'now' }))).toEqual(Object.keys(SETTINGS));
    const changed = setAt(SETTINGS, ['business_hours', 'weekly', 0, 'close'], '18:00') as typeof SETTINGS;
    expect(changed.business_hours.weekly[0].close).toBe('18:00');
    expect(SETTINGS.business_hours.weekly[0].close).toBe('17:00');
    expect(changed.voice).toBe(SETTINGS.voice);
  });
});

describe('the difference of two configurations, field by field', () => {
  const agent = (over: Record<string, unknown>, version: number) => ({ ...SETTINGS, ...over, agent_id: 'agt_1', tenant_id: 'acme', version, updated_at: `2026-11-2${version}T10:00:00Z` });

  it('says what was added, removed and changed, with the values before and after, where each field stands', () => {
    const before = agent({}, 1);
    const after = agent(
      {
        greeting: 'Bonsoir !',
        escalation: { phone_number: null, triggers: ['client mécontent', 'demande un humain'] },
        business_hours: { timezone: 'Europe/Paris', weekly: [] },
      },
      2,
    );
    expect(diff(schema, before, after)).toEqual([
      { path: 'greeting', change: 'changed', before: 'Bonjour !', after: 'Bonsoir !' },
      { path: 'escalation.phone_number', change: 'changed', before: '+33123456789', after: null },
      { path: 'escalation.triggers.1', change: 'added', after: 'demande un humain' },
      { path: 'business_hours.weekly.0.day', change: 'removed', before: 'mon' },
      { path: 'business_hours.weekly.0.open', change: 'removed', before: '09:00' },
      { path: 'business_hours.weekly.0.close', change: 'removed', before: '17:00' },
    ]);
    expect(diff(schema, after, before).map((c) => [c.path, c.change])).toEqual([
      ['greeting', 'changed'],
      ['escalation.phone_number', 'changed'],
      ['escalation.triggers.1', 'removed'],
      ['business_hours.weekly.0.day', 'added'],
      ['business_hours.weekly.0.open', 'added'],
      ['business_hours.weekly.0.close', 'added'],
    ]);
  });

  it('leaves out the read-only fields (version, time of update) and finds nothing between equal configurations', () => {
    expect(diff(schema, agent({}, 1), agent({}, 2))).toEqual([]);
  });

  it('reports each changed leaf once, whatever the key order of the stored objects', () => {
    const reordered = agent({ voice: { voice_id: 'léa', provider: 'acme-tts' }, llm: { max_output_tokens: 400, model: 'large', temperature: 0.2 } }, 2);
    expect(diff(schema, agent({}, 1), reordered)).toEqual([
      { path: 'voice.voice_id', change: 'changed', before: 'claire', after: 'léa' },
      { path: 'llm.model', change: 'changed', before: 'small', after: 'large' },
    ]);
  });

  it('names a path by its label keys, item numbers counted from 1', () => {
    expect(labelSegments('business_hours.weekly.0.open')).toEqual(['business_hours', 'business_hours.weekly', 1, 'business_hours.weekly.open']);
    expect(labelKey('escalation.triggers.3')).toBe('escalation.triggers');
  });
});
