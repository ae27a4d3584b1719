import type { WireRefusal } from "./wire-format.js";

/** OpenAI's refusal of a request that left out a required parameter. */
export function missingParameter(param: string): WireRefusal {
  return {
    message: `Missing required parameter: '${param}'.`,
    param,
    code: "missing_required_parameter",
  };
}

/** OpenAI's refusal of a parameter of the wrong JSON type. */
export function invalidType(param: string, expected: string, value: unknown): WireRefusal {
  return {
    message: `Invalid type for '${param}': expected ${expected}, but got ${jsonTypeOf(value)} instead.`,
    param,
    code: "invalid_type",
  };
}

/** OpenAI's refusal of a value outside the parameter's allowed set. */
export function invalidValue(
  param: string,
  value: unknown,
  supported: readonly string[],
): WireRefusal {
  return {
    message: `Invalid value: '${String(value)}'. Supported values are: ${listOf(supported)}.`,
    param,
    code: "invalid_value",
  };
}

/** Whether a value is a JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a value is absent the way OpenAI reads it: left out or `null`. */
export function isAbsent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "number") return Number.isInteger(value) ? "an integer" : "a decimal";
  if (typeof value === "string") return "a string";
  if (typeof value === "boolean") return "a boolean";
  return typeof value;
}

function listOf(values: readonly string[]): string {
  const quoted = values.map((value) => `'${value}'`);
  if (quoted.length <= 2) return quoted.join(" and ");
  return `${quoted.slice(0, -1).join(", ")}, and ${quoted.at(-1)}`;
}
