/**
 * Whether a zod schema accepts every value as it is (`z.unknown()`, `z.any()`): checking a
 * value against it can be skipped, since it would hand back the very same value.
 *
 * @internal
 */
export function acceptsAnything(schema: unknown): boolean {
  const def = defOf(schema);
  // A refinement (`z.unknown().refine(...)`) keeps the type and adds a check: that must run.
  return (def?.type === "unknown" || def?.type === "any") && noChecks(def);
}

/** Whether a zod schema is `z.undefined()`: `undefined` passes it as it is, nothing else does. @internal */
export function acceptsUndefinedOnly(schema: unknown): boolean {
  const def = defOf(schema);
  return def?.type === "undefined" && noChecks(def);
}

interface SchemaDef {
  readonly type?: unknown;
  readonly checks?: readonly unknown[];
}

function defOf(schema: unknown): SchemaDef | undefined {
  return (schema as { _zod?: { def?: SchemaDef } } | null)?._zod?.def;
}

function noChecks(def: SchemaDef): boolean {
  return def.checks === undefined || def.checks.length === 0;
}
