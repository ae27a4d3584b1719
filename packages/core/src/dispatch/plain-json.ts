import { SystemError } from "../errors/system-error.js";

/**
 * Checks that `value` is plain JSON data — what a recorder can store as written: objects with
 * string keys, arrays, strings, finite numbers, booleans and `null`; no cycles, no class
 * instances other than those with a `toJSON` (a `Decimal` writes its exact text).
 *
 * @throws {SystemError} naming `where` and the path of the first value that is not.
 * @internal
 */
export function assertPlainJson(value: unknown, where: string): void {
  const problem = findProblem(value, "$", new Set());
  if (problem) throw new SystemError({ code: "invalid_metadata", message: `${where}: ${problem}` });
}

function findProblem(value: unknown, path: string, open: Set<object>): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : `the number at ${path} is not finite.`;
  if (typeof value !== "object") return `the value at ${path} is a ${typeof value}, not JSON data.`;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return undefined;
  if (open.has(value)) return `the value at ${path} refers back to itself.`;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
    return `the value at ${path} is a ${(value as object).constructor?.name ?? "class instance"}, not a plain object.`;
  }
  open.add(value);
  try {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const found = findProblem(value[index], `${path}[${index}]`, open);
        if (found) return found;
      }
      return undefined;
    }
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue; // JSON drops it, as a recorder will
      const found = findProblem(item, `${path}.${key}`, open);
      if (found) return found;
    }
    return undefined;
  } finally {
    open.delete(value);
  }
}
