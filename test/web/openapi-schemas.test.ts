import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDir } from '../../runtimes/shared/settings/release.js';
import { type Json, openapiSchemas, schemaModule } from '../../web/openapi-schemas.js';

/** What `import schema from 'virtual:openapi-schema/<name>'` gives a page (ADR 0046). */
const imported = (document: { components?: { schemas?: Record<string, Json> } }, name: string): unknown =>
  JSON.parse(schemaModule(document, name).replace(/^export default /, '').replace(/;$/, ''));

describe('virtual:openapi-schema/<Name>', () => {
  it('is the component schema of docs/openapi.json, as the page imports it', () => {
    const document = JSON.parse(readFileSync(join(packageDir(), 'docs', 'openapi.json'), 'utf8'));
    const schema = imported(document, 'AgentSettings') as { required: string[] };
    expect(schema).toEqual(document.components.schemas.AgentSettings); // it has no reference to inline
    expect(schema.required).toEqual(['name', 'language', 'voice', 'greeting', 'instructions', 'llm', 'knowledge_base', 'escalation', 'business_hours']);
  });

  it('inlines references, refuses a cycle and names a schema the document lacks', () => {
    const document = {
      components: {
        schemas: {
          Window: { type: 'object', properties: { open: { type: 'string' } } },
          Hours: { type: 'object', properties: { weekly: { type: 'array', items: { $ref: '#/components/schemas/Window' } } } },
          Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
          Dangling: { $ref: '#/components/schemas/Nowhere' },
        },
      },
    };
    expect(imported(document, 'Hours')).toEqual({ type: 'object', properties: { weekly: { type: 'array', items: { type: 'object', properties: { open: { type: 'string' } } } } } });
    expect(() => imported(document, 'Loop')).toThrow(/refers to itself/);
    expect(() => imported(document, 'Dangling')).toThrow(/no schema #\/components\/schemas\/Nowhere/);
    expect(() => imported(document, 'Missing')).toThrow(/no components.schemas.Missing/);
  });

  it('resolves only its own module ids, leaving every other import to Vite', () => {
    const resolveId = openapiSchemas('docs/openapi.json').resolveId as (id: string) => string | undefined;
    expect(resolveId('virtual:openapi-schema/AgentSettings')).toBe('\0virtual:openapi-schema/AgentSettings');
    expect(resolveId('preact')).toBeUndefined();
  });
});
