import type { z } from 'zod';

/**
 * True when A and B are the same type: every field on both sides, the same optionality and
 * nullability, the same literal unions, recursively (TypeScript's identity relation).
 */
export type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;

/** A type written out field by field, recursively: `Omit<X, …> & { … }` and an interface compare as the objects they are. */
export type Flat<T> = T extends readonly (infer E)[] ? Flat<E>[] : T extends object ? { [K in keyof T]: Flat<T[K]> } : T;

/** What the compiler prints when a schema and its core type part: both sides, to compare. */
interface SchemaDiffersFromCoreType<Output, Core> {
  schemaOutput: Output;
  coreType: Core;
}

/**
 * Ties a schema to the core type it carries, both ways (issue 29): `schemaOf<CallSummary>()(z.object({…}))`
 * compiles only when the schema's output is exactly `CallSummary`. A field the core type gains
 * (even optional) that the schema lacks, a field the schema adds, or a type that drifts fails
 * `npm run typecheck`, so a response field can never be silently missing from OpenAPI or dropped
 * by zod where a runtime parses an answer (the MCP server's remote mode). `satisfies
 * z.ZodType<T>` checks one direction only: it lets an optional field go missing.
 */
export const schemaOf =
  <Core>() =>
  <S extends z.ZodType>(schema: S & (Same<Flat<z.output<S>>, Flat<Core>> extends true ? unknown : SchemaDiffersFromCoreType<z.output<S>, Core>)): S =>
    schema;
