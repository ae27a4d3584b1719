import type { WorkflowState } from "@nucleo/fleet";
import { InvalidArgumentError } from "commander";

/** The states `nucleo queue --state` filters on, in the order a workflow goes through them. */
export const QUEUE_STATES = [
  "queued",
  "running",
  "retrying",
  "finished",
  "failed",
  "cancelled",
] as const satisfies readonly WorkflowState[];

// The queue's own limit on a key or a tenant (see @nucleo/fleet's SubmitOptions).
const LONGEST_TEXT = 200;
// pg-boss keeps priorities in an int4 column.
const INT4 = 2 ** 31;

/**
 * A flag's text value: not blank, at most 200 characters, as the queue takes a key or a tenant.
 * Checked before anything is opened.
 *
 * @throws {InvalidArgumentError} naming the flag (commander prefixes the option).
 */
export function readText(value: string, flag: string): string {
  if (value.trim() === "") throw new InvalidArgumentError(`${flag} needs a non-empty value.`);
  if (value.length > LONGEST_TEXT)
    throw new InvalidArgumentError(
      `${flag} takes at most ${LONGEST_TEXT} characters (got ${value.length}).`,
    );
  return value;
}

/** `--priority`: a whole number, negative allowed; higher runs first. */
export function readPriority(value: string): number {
  const priority = /^[+-]?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(priority) || Math.abs(priority) >= INT4)
    throw new InvalidArgumentError(
      `--priority must be a whole number (higher runs first), like 10 or -5.`,
    );
  return priority;
}

/**
 * `--start-after`: whole seconds from now, or an ISO time with its zone (a time without one
 * would be read in the machine's zone, which the workers may not share).
 */
export function readStartAfter(value: string): number | Date {
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    if (Number.isSafeInteger(seconds)) return seconds;
  }
  const iso = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
  const time = iso.test(value) ? new Date(value.replace(" ", "T")) : undefined;
  if (time === undefined || !Number.isFinite(time.getTime()))
    throw new InvalidArgumentError(
      "--start-after must be whole seconds from now (like 90) or an ISO time with its zone (like 2025-01-06T10:00:00Z).",
    );
  return time;
}

/** `--limit`: a whole number from 1 to 1,000. */
export function readLimit(value: string): number {
  const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1_000)
    throw new InvalidArgumentError("--limit must be a whole number from 1 to 1000.");
  return limit;
}

/** `--tz`: an IANA time zone the machine knows, like Europe/Paris. */
export function readTimeZone(value: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
  } catch {
    throw new InvalidArgumentError(
      `--tz must be an IANA time zone such as Europe/Paris or UTC (got ${JSON.stringify(value)}).`,
    );
  }
  return value;
}
