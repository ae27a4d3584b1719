import { InvalidInputError, LLMReadableError } from "@nucleo/core";
import { RecorderQueryError } from "./recorder-query-error.js";

/** PostgreSQL's SQLSTATE for a table that does not exist. */
const UNDEFINED_TABLE = "42P01";

/**
 * Checks an id before it reaches the database: a non-empty string without NUL (PostgreSQL's
 * text cannot hold one, and its refusal would read as a database failure). Anything else a
 * caller sends — quotes, backslashes, SQL — is only ever a bound parameter.
 *
 * @internal
 */
export function requireId(value: unknown, parameter: string): string {
  if (typeof value !== "string" || value === "" || value.includes("\u0000")) {
    throw new InvalidInputError({
      parameter,
      expected: "a non-empty id (text without NUL characters)",
    });
  }
  return value;
}

/**
 * Checks an event number (`seq`) before it reaches the database: a whole number from 1 up
 * that PostgreSQL's `integer` holds.
 *
 * @internal
 */
export function requireSeq(value: unknown, parameter: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) {
    throw new InvalidInputError({ parameter, expected: "an event number (a whole number from 1)" });
  }
  return value;
}

/**
 * Runs one query and turns whatever the driver throws into a {@link RecorderQueryError}
 * naming the query; the project's own errors (an unknown id, a bad option) pass through.
 *
 * @internal
 */
export async function guardQuery<TResult>(
  query: string,
  run: () => Promise<TResult>,
): Promise<TResult> {
  try {
    return await run();
  } catch (error) {
    if (LLMReadableError.isInstance(error)) throw error;
    const sqlState =
      typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
    if (sqlState === UNDEFINED_TABLE) {
      throw new RecorderQueryError({
        code: "recorder_not_migrated",
        query,
        message:
          "The recorder's tables are missing from this database: run its migrations first (`nucleo migrate` in the worker app, or open it with migrate: true).",
        cause: error,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecorderQueryError({
      code: "recorder_query_failed",
      query,
      message: `The recorder query ${query} failed: ${reason}`,
      cause: error,
    });
  }
}
