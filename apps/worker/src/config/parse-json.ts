/** A JSON text read into a value, or why it could not be. */
export type JsonResult =
  | { readonly success: true; readonly value: unknown }
  | { readonly success: false; readonly error: string };

/**
 * Parses JSON text without throwing: the one place the worker calls `JSON.parse`.
 *
 * @example
 * const result = parseJson('{"costs": [40, 70]}');
 * if (result.success) use(result.value);
 */
export function parseJson(text: string): JsonResult {
  try {
    return { success: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { success: false, error: (error as Error).message };
  }
}
