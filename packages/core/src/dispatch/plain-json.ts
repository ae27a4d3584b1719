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
  const problem = findProblem(value, new Set());
  if (problem)
    throw new SystemError({
      code: "invalid_metadata",
      message: `${where}: the ${problem.noun ?? "value"} at $${problem.path.reverse().join("")} ${problem.says}`,
    });
}

/** What is wrong, and where: path segments from the value up (built only on failure). */
interface Problem {
  readonly noun?: string;
  readonly says: string;
  readonly path: string[];
}

function findProblem(value: unknown, open: Set<object>): Problem | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number")
    return Number.isFinite(value)
      ? undefined
      : { noun: "number", says: "is not finite.", path: [] };
  if (typeof value !== "object") return { says: `is a ${typeof value}, not JSON data.`, path: [] };
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return undefined;
  if (open.has(value)) return { says: "refers back to itself.", path: [] };
  const isArray = Array.isArray(value);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!isArray && prototype !== Object.prototype && prototype !== null) {
    return {
      says: `is a ${(value as object).constructor?.name ?? "class instance"}, not a plain object.`,
      path: [],
    };
  }
  open.add(value);
  let found: Problem | undefined;
  if (isArray) {
    for (let index = 0; index < value.length && !found; index++) {
      found = findProblem(value[index], open);
      found?.path.push(`[${index}]`);
    }
  } else {
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue; // JSON drops it, as a recorder will
      found = findProblem(item, open);
      if (found) {
        found.path.push(`.${key}`);
        break;
      }
    }
  }
  open.delete(value);
  return found;
}
