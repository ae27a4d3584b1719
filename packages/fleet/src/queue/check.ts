import { invalidOption } from "../fleet-error.js";

// Small validators shared by the settings, the submit options and the serve options. Each throws
// a FleetError `invalid_option` whose message starts with the field's name.

/** `value`, or `fallback` when undefined, checked to be an integer in `[min, max]`. */
export function integerIn(
  field: string,
  value: unknown,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const chosen = value ?? fallback;
  if (typeof chosen !== "number" || !Number.isInteger(chosen) || chosen < min || chosen > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw invalidOption(field, `${field} must be an integer ${range}, got ${describe(chosen)}`);
  }
  return chosen;
}

/** `value`, or `fallback` when undefined, checked to be a finite number ≥ `min`. */
export function numberAtLeast(
  field: string,
  value: unknown,
  fallback: number,
  min: number,
): number {
  const chosen = value ?? fallback;
  if (typeof chosen !== "number" || !Number.isFinite(chosen) || chosen < min)
    throw invalidOption(field, `${field} must be a number ≥ ${min}, got ${describe(chosen)}`);
  return chosen;
}

/** `value`, or `fallback` when undefined, checked to be a boolean. */
export function booleanOr(field: string, value: unknown, fallback: boolean): boolean {
  const chosen = value ?? fallback;
  if (typeof chosen !== "boolean")
    throw invalidOption(field, `${field} must be true or false, got ${describe(chosen)}`);
  return chosen;
}

/** `value`, or `fallback` when undefined, checked against `pattern` (described by `what`). */
export function matching(
  field: string,
  value: unknown,
  fallback: string,
  pattern: RegExp,
  what: string,
): string {
  const chosen = value ?? fallback;
  if (typeof chosen !== "string" || !pattern.test(chosen))
    throw invalidOption(field, `${field} must be ${what}, got ${describe(chosen)}`);
  return chosen;
}

/** A value as an error message shows it: short, and never a whole object. */
export function describe(value: unknown): string {
  if (typeof value === "string")
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === undefined)
    return String(value);
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}
