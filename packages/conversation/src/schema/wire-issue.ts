import { formatPath } from "@nucleo/core";
import { z } from "zod";
import { declaredType } from "./declared-type.js";
import { wireExpectation } from "./wire-expectation.js";
import { wireNamesOf } from "./wire-names.js";
import { isJsonObject, unwrapZod, zodDef } from "./zod-def.js";

/** A refusal's parameter and expectation, safe to show the model that sent the value. */
export interface WireIssue {
  /** The field as the model spells it (`claims[2].patent_number`), or `(input)`. */
  readonly parameter: string;
  /** What the schema expects there, in words taken from the schema, never from the value. */
  readonly expected: string;
}

/** How {@link describeWireIssue} names the field. */
export interface DescribeWireIssueOptions {
  /**
   * The name of the value itself, put before the path (`answer` gives `answer.verdict`, and
   * `answer` for the root). Without it the root is `(input)`.
   */
  readonly root?: string;
}

/**
 * Describes why `input` (already converted by {@link wireKeysFromWire}) failed `schema`, for
 * the model that sent it. The path names declared fields as the model's JSON Schema does
 * (`patent_number`, array indices kept) and stops above the first key the model chose (a
 * record's, a catchall's): those are the model's own text. The expectation is composed from
 * the schema (declared type, enum values, bounds, formats; `(required)` for a field not sent)
 * and the issue's structured fields, never from its message, which a refinement may compute
 * from the value.
 *
 * @example
 * const parsed = schema.safeParse(input);
 * if (!parsed.success) {
 *   const { parameter, expected } = describeWireIssue(schema, input, parsed.error.issues[0]!);
 *   throw new InvalidInputError({ parameter, expected, cause: parsed.error });
 * }
 * // parameter "claims[1].patent_number", expected "a string (required)"
 */
export function describeWireIssue(
  schema: z.ZodType,
  input: unknown,
  issue: z.core.$ZodIssue,
  options: DescribeWireIssueOptions = {},
): WireIssue {
  const spot = locate(schema, input, issue.path);
  const path = options.root === undefined ? spot.path : [options.root, ...spot.path];
  return { parameter: formatPath(path), expected: expectationAt(spot, issue) };
}

/** Where an issue lies, as far as the schema declares it. */
interface Spot {
  /** The wire path up to the first key the model chose (or the first the schema cannot follow). */
  readonly path: readonly (string | number)[];
  /** The schema at `path`. */
  readonly schema: z.ZodType;
  /** Issue path segments left below `path` (0 when the walk named the whole path). */
  readonly remaining: number;
  /** Past a model-chosen key: the schema the issue lies in, when the walk could follow it there. */
  readonly inner?: z.ZodType;
  /** True when the field the issue is about is declared but absent from what was sent. */
  readonly missing: boolean;
}

function locate(schema: z.ZodType, input: unknown, issuePath: readonly PropertyKey[]): Spot {
  const path: (string | number)[] = [];
  let current = schema;
  let value = input;
  let missing = false;
  // Set at the first key the model chose: the path stops growing there, but the walk goes on
  // through the schema of such keys' values to learn what was expected further down.
  let opened: { readonly schema: z.ZodType; readonly remaining: number } | undefined;
  for (const [index, key] of issuePath.entries()) {
    const declared = step(current, value, key);
    const chosen = declared === undefined ? chosenKeysOf(current) : undefined;
    if (declared === undefined && chosen === undefined) {
      if (opened !== undefined) return { path, ...opened, missing: false };
      return { path, schema: current, remaining: issuePath.length - index, missing: false };
    }
    if (declared === undefined) opened ??= { schema: current, remaining: issuePath.length - index };
    else if (opened === undefined) path.push(declared.name);
    missing = isJsonObject(value) && typeof key === "string" && !Object.hasOwn(value, key);
    value = childOf(value, key);
    current = declared?.schema ?? chosen!;
  }
  if (opened !== undefined) return { path, ...opened, inner: current, missing };
  return { path, schema: current, remaining: 0, missing };
}

function expectationAt(spot: Spot, issue: z.core.$ZodIssue): string {
  if (spot.remaining === 0) return wireExpectation(spot.schema, issue, spot.missing);
  const values = chosenKeysOf(spot.schema);
  if (values === undefined) return declaredType(spot.schema);
  if (issue.code === "invalid_key" && spot.remaining === 1)
    return "an object whose keys each pass the schema's rule for keys";
  const each =
    zodDef(unwrapZod(spot.schema)).type === "record"
      ? "an object whose values are each"
      : "an object whose other fields are each";
  if (spot.inner === undefined) return `${each} ${declaredType(values)}`;
  const inner = wireExpectation(spot.inner, issue, spot.missing);
  if (spot.remaining === 1) return `${each} ${inner}`;
  return `${each} ${declaredType(values)} (inside one of them, ${inner} was expected)`;
}

interface Step {
  /** The segment as the model spells it: a declared field's wire name, or an index. */
  readonly name: string | number;
  readonly schema: z.ZodType;
}

/** One segment down `schema`, or `undefined` where the schema declares no name for `key`. */
function step(schema: z.ZodType, value: unknown, key: PropertyKey): Step | undefined {
  const def = zodDef(unwrapZod(schema));
  switch (def.type) {
    case "object": {
      if (typeof key !== "string" || !def.shape || !Object.hasOwn(def.shape, key)) return undefined;
      return { name: wireNamesOf(Object.keys(def.shape)).get(key)!, schema: def.shape[key]! };
    }
    case "array":
      return typeof key === "number" && def.element
        ? { name: key, schema: def.element }
        : undefined;
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
function unionStep(
  options: readonly z.ZodType[],
  discriminator: string | undefined,
  value: unknown,
  key: PropertyKey,
): Step | undefined {
  if (discriminator !== undefined) {
    const tags = options.flatMap((option) => [...tagsOf(option, discriminator)]);
    if (key === discriminator) {
      // The tag itself: one declared field accepting every option's tag (built only on refusal).
      const named = options
        .map((option) => step(option, value, key))
        .find((found) => found !== undefined);
      return named && tags.length > 0
        ? {
            name: named.name,
            schema: z.literal(tags as [z.core.util.Literal, ...z.core.util.Literal[]]),
          }
        : undefined;
    }
    if (isJsonObject(value)) {
      const option = options.find((candidate) =>
        tagsOf(candidate, discriminator).has(value[discriminator]),
      );
      if (option !== undefined) return step(option, value, key);
    }
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

function tagsOf(option: z.ZodType, discriminator: string): ReadonlySet<unknown> {
  return (
    (unwrapZod(option)._zod.propValues?.[discriminator] as ReadonlySet<unknown> | undefined) ??
    new Set()
  );
}

/** Where `schema` lets the model choose keys (a record, a catchall), the schema of their values. */
function chosenKeysOf(schema: z.ZodType): z.ZodType | undefined {
  const def = zodDef(unwrapZod(schema));
  if (def.type === "record") return def.valueType;
  const extra = def.catchall === undefined ? undefined : zodDef(def.catchall).type;
  return def.type === "object" &&
    extra !== undefined &&
    extra !== "never" &&
    extra !== "unknown" &&
    extra !== "any"
    ? def.catchall
    : undefined;
}

function childOf(value: unknown, key: PropertyKey): unknown {
  if (Array.isArray(value) && typeof key === "number") return value[key];
  return isJsonObject(value) && typeof key === "string" && Object.hasOwn(value, key)
    ? value[key]
    : undefined;
}
