import type { z } from "zod";
import {
  KEEP,
  wireKeyPlan,
  type MergedUnion,
  type ObjectPlan,
  type UnionPlan,
  type WireKeyPlan,
} from "./wire-key-plan.js";
import { zodDef, isJsonObject } from "./zod-def.js";

/**
 * Converts what a model sent for `schema` (tool arguments, an answer) to the schema's own
 * spelling. Only keys the schema declares are renamed, each from the name its JSON Schema
 * ({@link wireJsonSchema}) shows (`patent_number` → `patentNumber`; a key declared as
 * `patent_number` or `URL` comes back as declared). Keys the model chose — a record's, a
 * catchall's, anything under `z.unknown()` — are kept exactly as sent, and so is an undeclared
 * key, for the schema to refuse or strip. The input is never changed: converted objects are new,
 * and a value that converting would not change is returned as it is (treat the result as
 * read-only).
 *
 * @example
 * const Input = z.object({ patentNumber: z.string(), scores: z.record(z.string(), z.number()) });
 * wireKeysFromWire(Input, { patent_number: "EP1", scores: { us_123: 1 } });
 * // { patentNumber: "EP1", scores: { us_123: 1 } }
 */
export function wireKeysFromWire(schema: z.ZodType, value: unknown): unknown {
  return convert(wireKeyPlan(schema, "fromWire"), value);
}

/**
 * Converts a value of `schema` (a tool's result, a prompt built from an input) to the spelling
 * the model reads: each declared key as {@link wireJsonSchema} names it, every other key (a
 * record's, a catchall's, user text under `z.unknown()`) exactly as it is.
 *
 * @example
 * wireKeysToWire(z.object({ claimCount: z.number() }), { claimCount: 3 }); // { claim_count: 3 }
 */
export function wireKeysToWire(schema: z.ZodType, value: unknown): unknown {
  return convert(wireKeyPlan(schema, "toWire"), value);
}

function convert(plan: WireKeyPlan, value: unknown): unknown {
  switch (plan.kind) {
    case "keep":
      return value;
    case "object":
      return plan.identity === true || !isJsonObject(value) ? value : convertObject(plan, value);
    case "array":
      return Array.isArray(value) && plan.element !== KEEP
        ? value.map((item) => convert(plan.element, item))
        : value;
    case "tuple":
      return Array.isArray(value)
        ? value.map((item, index) => convert(plan.items[index] ?? plan.rest, item))
        : value;
    case "lazy":
      plan.target ??= wireKeyPlan(zodDef(plan.schema).getter!(), plan.direction);
      return convert(plan.target, value);
    case "union":
      return convertUnion(plan, value);
  }
}

function convertObject(plan: ObjectPlan, value: Record<string, unknown>): Record<string, unknown> {
  // A plain loop over keys: this runs on every tool call and every answer.
  const converted: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    const field = plan.fields.get(key);
    if (field !== undefined) {
      // A model that sends both spellings of one field is read by the one it was shown.
      if (field.alias && Object.hasOwn(converted, field.name)) continue;
      put(converted, field.name, convert(field.plan, item));
    } else if (plan.reserved?.has(key) !== true) {
      put(converted, key, plan.catchall === undefined ? item : convert(plan.catchall, item));
    }
  }
  return converted;
}

function put(target: Record<string, unknown>, key: string, value: unknown): void {
  // An own "__proto__" (JSON.parse makes one) must stay data, never become the prototype.
  if (key === "__proto__")
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}

function convertUnion(plan: UnionPlan, value: unknown): unknown {
  const merged = (plan.merged ??= merge(plan));
  if (Array.isArray(value))
    return merged.array === undefined ? value : convert(merged.array, value);
  if (!isJsonObject(value)) return value;
  if (merged.byTag !== undefined) {
    for (const key of merged.tagKeys) {
      if (!Object.hasOwn(value, key)) continue;
      const option = merged.byTag.get(value[key]);
      if (option !== undefined) return convert(option, value);
      break;
    }
  }
  return merged.object === undefined ? value : convertObject(merged.object, value);
}

/**
 * A union's options seen as one: objects (and records) merge their declared keys, the first
 * option declaring a key converting its value; arrays merge their elements. A discriminated
 * union also converts an object by the option its tag names.
 */
function merge(plan: UnionPlan): MergedUnion {
  const objects: ObjectPlan[] = [];
  const arrays: WireKeyPlan[] = [];
  for (const option of flatten(plan.options, new Set())) {
    if (option.kind === "object") objects.push(option);
    else if (option.kind === "array" || option.kind === "tuple") arrays.push(option);
  }
  const object = objects.length <= 1 ? objects[0] : mergeObjects(objects);
  const byTag = plan.discriminator === undefined ? undefined : tagged(plan);
  const tagKeys =
    plan.discriminator === undefined || object === undefined
      ? []
      : tagKeysOf(object, plan.discriminator, plan.direction);
  return { object, array: mergeArrays(arrays, plan.direction), byTag, tagKeys };
}

function flatten(options: readonly WireKeyPlan[], seen: Set<WireKeyPlan>): WireKeyPlan[] {
  const flat: WireKeyPlan[] = [];
  for (let option of options) {
    while (option.kind === "lazy")
      option = option.target ??= wireKeyPlan(zodDef(option.schema).getter!(), option.direction);
    if (seen.has(option)) continue;
    seen.add(option);
    if (option.kind === "union") flat.push(...flatten(option.options, seen));
    else flat.push(option);
  }
  return flat;
}

function mergeObjects(objects: readonly ObjectPlan[]): ObjectPlan {
  const merged: ObjectPlan = {
    kind: "object",
    fields: new Map(),
    catchall: undefined,
    reserved: objects.some((object) => object.reserved) ? new Set() : undefined,
  };
  for (const object of objects) {
    for (const [key, field] of object.fields) {
      const held = merged.fields.get(key);
      if (held === undefined || (held.alias && !field.alias)) merged.fields.set(key, field);
    }
    for (const name of object.reserved ?? []) merged.reserved!.add(name);
    merged.catchall ??= object.catchall;
  }
  return merged;
}

function mergeArrays(
  arrays: readonly WireKeyPlan[],
  direction: UnionPlan["direction"],
): WireKeyPlan | undefined {
  if (arrays.length <= 1 || arrays.some((array) => array.kind !== "array")) return arrays[0];
  const elements = arrays.map((array) => (array.kind === "array" ? array.element : KEEP));
  return {
    kind: "array",
    element: {
      kind: "union",
      direction,
      options: elements,
      schemas: [],
      discriminator: undefined,
      merged: undefined,
    },
  };
}

function tagged(plan: UnionPlan): Map<unknown, WireKeyPlan> {
  const byTag = new Map<unknown, WireKeyPlan>();
  plan.schemas.forEach((schema, index) => {
    const tags = schema._zod.propValues?.[plan.discriminator!];
    for (const tag of tags ?? []) if (!byTag.has(tag)) byTag.set(tag, plan.options[index]!);
  });
  return byTag;
}

/** The keys a value may carry the discriminator under, in this direction. */
function tagKeysOf(
  object: ObjectPlan,
  discriminator: string,
  direction: UnionPlan["direction"],
): string[] {
  if (direction === "toWire") return [discriminator];
  // The wire name first: it is what the model was shown, and it wins over the alias.
  const keys: string[] = [];
  for (const [key, field] of object.fields) {
    if (field.name !== discriminator) continue;
    if (field.alias) keys.push(key);
    else keys.unshift(key);
  }
  return keys;
}
