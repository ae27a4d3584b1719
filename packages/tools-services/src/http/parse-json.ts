import type { z } from "zod";

/** A parsed and checked JSON text, or the news that it was not what was expected. */
export type JsonResult<T> =
  | { readonly success: true; readonly value: T }
  | { readonly success: false };

/**
 * Parses `text` as JSON and checks it against `schema`. Never throws: a service's garbage
 * answer is a result the caller maps to its own outcome, and the parser's message (which may
 * quote the text) goes nowhere.
 *
 * @internal
 */
export function parseJson<T>(text: string, schema: z.ZodType<T>): JsonResult<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { success: false };
  }
  const checked = schema.safeParse(raw);
  return checked.success ? { success: true, value: checked.data } : { success: false };
}
