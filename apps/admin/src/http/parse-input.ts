import type { z } from "zod";
import { invalidInput } from "./api-failure.js";

/**
 * Checks a request's query string or body against its schema: the parsed value, or a 400 that
 * names the first field at fault (an unknown parameter is refused by name too, so a misspelt
 * filter never silently lists everything).
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, where: "query" | "body"): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
  const field = [...issue.path.map(String), ...keys.slice(0, 1)].join(".") || where;
  const what = issue.code === "unrecognized_keys" ? `unknown ${where} parameter` : issue.message;
  throw invalidInput(field, `Invalid ${where} parameter "${field}": ${what}.`);
}
