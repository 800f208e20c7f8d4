import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:openapi-schema/';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A schema with every `#/components/schemas/…` reference replaced by the schema it names (cycles refused). */
function inline(value: Json, schemas: Record<string, Json>, seen: string[]): Json {
  if (Array.isArray(value)) return value.map((v) => inline(v, schemas, seen));
  if (value === null || typeof value !== 'object') return value;
  const ref = value.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    if (seen.includes(name)) throw new Error(`schema ${seen.join(' > ')} refers to itself through ${name}: a form cannot be generated from a cycle`);
    if (!(name in schemas)) throw new Error(`no schema ${ref} in the OpenAPI document`);
    return inline(schemas[name], schemas, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(v, schemas, seen)]));
}

/** The module of one component schema of an OpenAPI document, references inlined. */
export function schemaModule(document: { components?: { schemas?: Record<string, Json> } }, name: string): string {
  const schemas = document.components?.schemas ?? {};
  if (!(name in schemas)) throw new Error(`docs/openapi.json has no components.schemas.${name}`);
  return `export default ${JSON.stringify(inline(schemas[name], schemas, [name]))};`;
}

/**
 * `import schema from 'virtual:openapi-schema/AgentSettings'`: one component schema of
 * docs/openapi.json, references inlined, as a module of the page's bundle (ADR 0046). Pages
 * generate forms from the build's copy of the contract, without shipping or fetching the whole
 * document.
 */
export function openapiSchemas(documentPath: string): Plugin {
  return {
    name: 'svc-openapi-schemas',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      this.addWatchFile(documentPath);
      try {
        return schemaModule(JSON.parse(readFileSync(documentPath, 'utf8')), id.slice(PREFIX.length + 1));
      } catch (err) {
        return this.error(err instanceof Error ? err.message : String(err));
      }
    },
  };
}
