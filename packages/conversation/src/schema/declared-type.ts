import type { z } from "zod";
import { zodDef } from "./zod-def.js";

/**
 * Names what a schema accepts, in the words a correction uses: `a string`, `an integer`,
 * `one of "novel", "anticipated"`, `a string or null`. Everything said comes from the schema,
 * so the text is safe to show a model whatever it sent. A kind it cannot name (a date, a custom
 * type) is `a value of the declared type`.
 *
 * @example
 * declaredType(z.enum(["novel", "anticipated"])); // 'one of "novel", "anticipated"'
 */
export function declaredType(schema: z.ZodType): string {
  const def = zodDef(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return def.innerType ? declaredType(def.innerType) : ANY_VALUE;
    case "nullable":
      return def.innerType ? `${declaredType(def.innerType)} or null` : ANY_VALUE;
    case "pipe":
      return def.in ? declaredType(def.in) : ANY_VALUE;
    case "lazy":
      return def.getter ? declaredType(def.getter()) : ANY_VALUE;
    case "string":
      return "a string";
    case "number":
      return (schema as unknown as { isInt?: boolean }).isInt ? "an integer" : "a number";
    case "bigint":
      return "an integer";
    case "boolean":
      return "a boolean";
    case "null":
      return "null";
    case "enum":
      return oneOf(Object.values(def.entries ?? {}));
    case "literal":
      return def.values?.length === 1 ? literalText(def.values[0]) : oneOf(def.values ?? []);
    case "array":
    case "tuple":
    case "set":
      return "an array";
    case "object":
    case "record":
    case "map":
      return "an object";
    case "union":
      return [...new Set((def.options ?? []).map(declaredType))].join(" or ");
    case "intersection":
      return def.left ? declaredType(def.left) : ANY_VALUE;
    default:
      return ANY_VALUE;
  }
}

/** What {@link declaredType} says of a kind it cannot name. @internal */
export const ANY_VALUE = "a value of the declared type";

function oneOf(values: readonly unknown[]): string {
  return `one of ${values.map(literalText).join(", ")}`;
}

/** A literal as JSON writes it (a bigint as its digits). @internal */
export function literalText(value: unknown): string {
  // bigint literals have no JSON spelling; every other literal is quoted as JSON would write it.
  return typeof value === "bigint" ? String(value) : (JSON.stringify(value) ?? String(value));
}
