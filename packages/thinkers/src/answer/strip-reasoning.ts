import { isJsonObject, isZodWrapper, zodDef } from "@nucleo/conversation/internal";
import type { z } from "zod";
import { reasoningMarkOf } from "./reasoning-field.js";

const stripped = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `schema` without its reasoning fields, at any depth of objects, arrays and presence wrappers:
 * what a model with a native thinking block is asked for. Returns `schema` itself when it has
 * none; computed once per schema.
 *
 * @internal
 * @example
 * stripReasoning(z.object({ reasoning: reasoningField(), novel: z.boolean() })); // { novel }
 */
export function stripReasoning(schema: z.ZodType): z.ZodType {
  let result = stripped.get(schema);
  if (result === undefined) {
    result = strip(schema);
    stripped.set(schema, result);
  }
  return result;
}

function strip(schema: z.ZodType): z.ZodType {
  const def = zodDef(schema);
  if (def.type === "object" && def.shape) {
    let changed = false;
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(def.shape)) {
      if (reasoningMarkOf(field) !== undefined) {
        changed = true;
        continue;
      }
      shape[key] = strip(field);
      if (shape[key] !== field) changed = true;
    }
    return changed ? rebuilt(schema, { shape }) : schema;
  }
  if (def.type === "array" && def.element) {
    const element = strip(def.element);
    return element === def.element ? schema : rebuilt(schema, { element });
  }
  if (isZodWrapper(schema) && def.innerType) {
    const innerType = strip(def.innerType);
    return innerType === def.innerType ? schema : rebuilt(schema, { innerType });
  }
  return schema;
}

// A clone keeps the checks, the catchall and, linked as parent, the description.
function rebuilt(schema: z.ZodType, change: Record<string, unknown>): z.ZodType {
  return schema.clone({ ...schema._zod.def, ...change } as typeof schema._zod.def, {
    parent: true,
  });
}

/** Puts the thinking block's text into the reasoning fields a stripped answer lacks. */
export type ReasoningFiller = (value: unknown, text: string) => unknown;

const fillers = new WeakMap<z.ZodType, ReasoningFiller | null>();

/**
 * The filler for `schema`'s reasoning fields, or `undefined` when it has none. Every reasoning
 * field is set from the block, even one the model sent anyway: it was not asked for, so a
 * malformed one must not earn a refusal. Works on copies, so the model's parsed JSON is never
 * changed. Compiled once per schema.
 *
 * @internal
 */
export function reasoningFiller(schema: z.ZodType): ReasoningFiller | undefined {
  let filler = fillers.get(schema);
  if (filler === undefined) {
    filler = compile(schema) ?? null;
    fillers.set(schema, filler);
  }
  return filler ?? undefined;
}

function compile(schema: z.ZodType): ReasoningFiller | undefined {
  const def = zodDef(schema);
  if (def.type === "object" && def.shape) {
    const fields: [string, (text: string) => unknown][] = [];
    const nested: [string, ReasoningFiller][] = [];
    for (const [key, field] of Object.entries(def.shape)) {
      const mark = reasoningMarkOf(field);
      if (mark !== undefined) fields.push([key, mark.fromThinking]);
      else {
        const inner = compile(field);
        if (inner !== undefined) nested.push([key, inner]);
      }
    }
    if (fields.length === 0 && nested.length === 0) return undefined;
    return (value, text) => {
      if (!isJsonObject(value)) return value;
      const copy: Record<string, unknown> = { ...value };
      for (const [key, fromThinking] of fields) copy[key] = fromThinking(text);
      for (const [key, inner] of nested)
        if (copy[key] !== undefined) copy[key] = inner(copy[key], text);
      return copy;
    };
  }
  if (def.type === "array" && def.element) {
    const inner = compile(def.element);
    return (
      inner &&
      ((value, text) => (Array.isArray(value) ? value.map((item) => inner(item, text)) : value))
    );
  }
  if (isZodWrapper(schema) && def.innerType) return compile(def.innerType);
  return undefined;
}
