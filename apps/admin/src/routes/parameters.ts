import { z } from "zod";
import { invalidInput } from "../http/api-failure.js";

/**
 * A time in a query string: epoch milliseconds, an ISO 8601 date (UTC midnight), or a date-time
 * with its zone (`Z` or an offset). Answers a `Date`; anything else is refused.
 */
export const timeParameter = z.string().transform((text, context) => {
  const time = /^\d{1,15}$/.test(text) ? Number(text) : Date.parse(text);
  // A time of day needs its zone: read in the server's zone, the same text would mean
  // different instants on different machines.
  if (
    !Number.isFinite(time) ||
    !/^(\d{1,15}|\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2}))?)$/.test(text)
  ) {
    context.addIssue({
      code: "custom",
      message: "expected epoch milliseconds, a date, or an ISO date-time with its zone",
    });
    return z.NEVER;
  }
  return new Date(time);
});

/**
 * A job or workflow id from a path: printable text of at most 200 characters (the ids Nucleo
 * makes are UUIDs, attempt roots `<uuid>~n`). Anything else is a 400 naming the parameter.
 */
export function idParameter(name: string, value: string): string {
  if (value.length === 0 || value.length > 200 || /[\u0000-\u001f\u007f]/.test(value)) {
    throw invalidInput(
      name,
      `Invalid path parameter "${name}": expected an id of 1 to 200 printable characters.`,
    );
  }
  return value;
}

/** A whole number from a path (0 to 2^31 − 1); anything else is a 400 naming the parameter. */
export function wholeNumberParameter(name: string, value: string): number {
  const number = Number(value);
  if (!/^\d{1,10}$/.test(value) || number > 2 ** 31 - 1) {
    throw invalidInput(name, `Invalid path parameter "${name}": expected a whole number.`);
  }
  return number;
}
