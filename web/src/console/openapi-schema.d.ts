/** One component schema of docs/openapi.json, inlined at build time (web/openapi-schemas.ts, ADR 0046). */
declare module 'virtual:openapi-schema/*' {
  const schema: import('./agents-schema').JsonSchema;
  export default schema;
}
