import { SystemError } from "@nucleo/core";

/**
 * The key of the wrapper a value is stored in when `jsonb` cannot hold it as it is: `jsonb`
 * refuses NUL characters and lone surrogates, which model text may carry and which a
 * conversation must keep exactly (a thinking block's signature covers its text).
 */
export const JSON_TEXT_KEY = "nucleo:json";

/** JSON escapes `jsonb` refuses: NUL, and (possibly lone) surrogates written as escapes. */
const JSONB_UNSAFE_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/**
 * The JSON text to write into a `jsonb` column for `value`, exact whatever its strings hold:
 * as it is when `jsonb` takes it, else wrapped as `{"nucleo:json": "<its JSON text>"}` (the
 * escapes then sit inside a string, escaped once more, which `jsonb` takes).
 *
 * @internal
 */
export function toStoredJson(value: unknown): string {
  const json = JSON.stringify(value);
  return JSONB_UNSAFE_ESCAPE.test(json) ? JSON.stringify({ [JSON_TEXT_KEY]: json }) : json;
}

/**
 * The value {@link toStoredJson} wrote, from what the driver read back (`jsonb` arrives parsed).
 *
 * @internal
 */
export function fromStoredJson(data: unknown, source: string): unknown {
  if (typeof data !== "object" || data === null || !Object.hasOwn(data, JSON_TEXT_KEY)) return data;
  const text = (data as Record<string, unknown>)[JSON_TEXT_KEY];
  try {
    if (typeof text !== "string") throw new TypeError("not text");
    return JSON.parse(text);
  } catch {
    throw new SystemError({
      code: "corrupt_conversation",
      message: `The stored ${source} wraps something that is not JSON text under "${JSON_TEXT_KEY}".`,
    });
  }
}
