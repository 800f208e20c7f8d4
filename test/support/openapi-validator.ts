import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Validates payloads against the committed OpenAPI document's component schemas. */
export function openApiValidator(documentPath = new URL('../../docs/openapi.json', import.meta.url)) {
  const document = JSON.parse(readFileSync(documentPath, 'utf8'));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
  return {
    document,
    /** Returns the list of errors (empty when valid) of `value` against components.schemas[name]. */
    errors(name: string, value: unknown): string[] {
      const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
      if (!validate) throw new Error(`no schema ${name} in the OpenAPI document`);
      return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    },
  };
}
