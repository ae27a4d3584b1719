/**
 * Whether a zod schema accepts every value as it is (`z.unknown()`, `z.any()`): checking a
 * value against it can be skipped, since it would hand back the very same value.
 *
 * @internal
 */
export function acceptsAnything(schema: unknown): boolean {
  const type = (schema as { _zod?: { def?: { type?: unknown } } } | null)?._zod?.def?.type;
  return type === "unknown" || type === "any";
}

/** Whether a zod schema is `z.undefined()`: `undefined` passes it as it is, nothing else does. @internal */
export function acceptsUndefinedOnly(schema: unknown): boolean {
  return (schema as { _zod?: { def?: { type?: unknown } } } | null)?._zod?.def?.type === "undefined";
}
