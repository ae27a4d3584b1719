import { formatPath } from "@nucleo/core";
import type { z } from "zod";
import { wireNamesOf } from "./wire-names.js";
import { defOf, isJsonObject, WRAPPERS } from "./zod-def.js";
import { wireExpectation } from "./wire-expectation.js";

/** A refusal's parameter and expectation, safe to show the model that sent the value. */
export interface WireIssue {
  /** The field as the model spells it (`claims[2].patent_number`), or `(input)`. */
  readonly parameter: string;
  /** What the schema expects there, in words taken from the schema, never from the value. */
  readonly expected: string;
}

/**
 * Describes why `input` (already converted by {@link wireKeysFromWire}) failed `schema`, for
 * the model that sent it. The path names declared fields as the model's JSON Schema does and
 * stops above the first key the model chose (a record's, a catchall's): those are the model's
 * own text. The expectation is built from the issue's structured fields, never its message,
 * which a refinement may compute from the value (a custom check is said to be the tool's).
 *
 * @example
 * const parsed = schema.safeParse(input);
 * if (!parsed.success) {
 *   const { parameter, expected } = describeWireIssue(schema, input, parsed.error.issues[0]!);
 *   throw new InvalidInputError({ parameter, expected, cause: parsed.error });
 * }
 */
export function describeWireIssue(schema: z.ZodType, input: unknown, issue: z.core.$ZodIssue): WireIssue {
  const path: PropertyKey[] = [];
  let current = schema;
  let value = input;
  let missing = false;
  for (const [index, key] of issue.path.entries()) {
    const next = step(current, value, key);
    if (next === undefined) return { parameter: formatPath(path), expected: openEnded(issue, issue.path.length - index) };
    missing = isJsonObject(value) && typeof key === "string" && !Object.hasOwn(value, key);
    value = childOf(value, key);
    path.push(next.name);
    current = next.schema;
  }
  return { parameter: formatPath(path), expected: wireExpectation(issue, missing) };
}

interface Step {
  /** The segment as the model spells it: a declared field's wire name, or an index. */
  readonly name: string | number;
  readonly schema: z.ZodType;
}

/** One segment down `schema`, or `undefined` where the schema declares no name for `key`. */
function step(schema: z.ZodType, value: unknown, key: PropertyKey): Step | undefined {
  const def = defOf(peel(schema));
  switch (def.type) {
    case "object": {
      if (typeof key !== "string" || !def.shape || !Object.hasOwn(def.shape, key)) return undefined;
      return { name: wireNamesOf(Object.keys(def.shape)).get(key)!, schema: def.shape[key]! };
    }
    case "array":
      return typeof key === "number" && def.element ? { name: key, schema: def.element } : undefined;
    case "tuple": {
      const item = typeof key === "number" ? (def.items?.[key] ?? def.rest) : undefined;
      return item ? { name: key as number, schema: item } : undefined;
    }
    case "union":
    case "discriminatedUnion":
      return unionStep(def.options ?? [], def.discriminator, value, key);
    case "intersection":
      return (def.left && step(def.left, value, key)) ?? (def.right && step(def.right, value, key));
    default:
      return undefined;
  }
}

/** A union is followed only when the value's option can be told without guessing. */
function unionStep(options: readonly z.ZodType[], discriminator: string | undefined, value: unknown, key: PropertyKey): Step | undefined {
  if (discriminator !== undefined && isJsonObject(value)) {
    const tag = value[discriminator];
    const option = options.find((candidate) => candidate._zod.propValues?.[discriminator]?.has(tag as never) === true);
    if (option !== undefined) return step(option, value, key);
  }
  let found: Step | undefined;
  for (const option of options) {
    const next = step(option, value, key);
    if (next === undefined) continue;
    if (found !== undefined) return undefined;
    found = next;
  }
  return found;
}

/** The schema a present value is checked against: wrappers, pipes and lazies peeled. */
function peel(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else return current;
  }
}

function childOf(value: unknown, key: PropertyKey): unknown {
  if (Array.isArray(value) && typeof key === "number") return value[key];
  return isJsonObject(value) && typeof key === "string" && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** The issue lies under a key the model chose: say what every such entry must be. */
function openEnded(issue: z.core.$ZodIssue, remaining: number): string {
  if (issue.code === "invalid_key" && remaining === 1) return "an object whose keys each pass the schema's rule for keys";
  const inner = wireExpectation(issue, false);
  if (remaining === 1) return `an object whose values are each ${inner}`;
  return `an object whose values each match the schema (inside one of them, ${inner} was expected)`;
}
