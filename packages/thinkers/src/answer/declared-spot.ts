import { z } from "zod";
import { defOf, isPlainObject, unwrap, type SchemaDef } from "./schema-def.js";

/** Where a decoder issue lies, as far as the answer schema declares it. @internal */
export interface DeclaredSpot {
  /** The issue path up to where the schema stops declaring names (never past a model-chosen key). */
  readonly path: readonly PropertyKey[];
  /** The declared schema at `path`. */
  readonly schema: z.ZodType;
  /** False when the issue lies deeper, under keys the model chose (a record's, a catchall's). */
  readonly complete: boolean;
  /** True when the field at `path` is declared but absent from the object the model sent. */
  readonly missing: boolean;
}

/**
 * Walks `schema` along a zod issue path to the field schema the issue is about. The walk only
 * follows names the schema declares: a record key or an undeclared key is the model's own
 * text, so the spot stops above it and a refusal never repeats it.
 *
 * @internal
 */
export function locateIssue(schema: z.ZodType, raw: unknown, path: readonly PropertyKey[]): DeclaredSpot {
  let current = schema;
  let value = raw;
  const kept: PropertyKey[] = [];
  let missing = false;
  for (const key of path) {
    const next = step(unwrap(current), value, key);
    if (next === undefined) return { path: kept, schema: current, complete: false, missing: false };
    missing = isPlainObject(value) && typeof key === "string" && !Object.hasOwn(value, key);
    value = childOf(value, key);
    current = next;
    kept.push(key);
  }
  return { path: kept, schema: current, complete: true, missing };
}

function step(schema: z.ZodType, value: unknown, key: PropertyKey): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === "object") return typeof key === "string" && def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
  if (def.type === "array") return typeof key === "number" ? def.element : undefined;
  if (def.type === "tuple") return typeof key === "number" ? (def.items?.[key] ?? def.rest ?? undefined) : undefined;
  if (def.type === "union") {
    if (def.discriminator !== undefined && key === def.discriminator) return discriminatorOf(def);
    const option = optionFor(def, value, key);
    return option === undefined ? undefined : step(unwrap(option), value, key);
  }
  return undefined;
}

/** The union member the value was checked against, when it can be told without guessing. */
function optionFor(def: SchemaDef, value: unknown, key: PropertyKey): z.ZodType | undefined {
  const options = def.options ?? [];
  if (def.discriminator !== undefined) {
    if (!isPlainObject(value)) return undefined;
    const tag = value[def.discriminator];
    return options.find((option) => tagsOf(unwrap(option), def.discriminator!).includes(tag));
  }
  const candidates = options.filter((option) => step(unwrap(option), value, key) !== undefined);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** The discriminator as one declared field accepting every member's tag (built only on refusal). */
function discriminatorOf(def: SchemaDef): z.ZodType | undefined {
  const tags = (def.options ?? []).flatMap((option) => tagsOf(unwrap(option), def.discriminator!));
  return tags.length === 0 ? undefined : z.literal(tags as [z.core.util.Literal, ...z.core.util.Literal[]]);
}

function tagsOf(option: z.ZodType, discriminator: string): readonly unknown[] {
  const field = defOf(option).shape?.[discriminator];
  if (field === undefined) return [];
  const def = defOf(unwrap(field));
  return def.values ?? Object.values(def.entries ?? {});
}

function childOf(value: unknown, key: PropertyKey): unknown {
  if (Array.isArray(value) && typeof key === "number") return value[key];
  if (isPlainObject(value) && typeof key === "string" && Object.hasOwn(value, key)) return value[key];
  return undefined;
}
