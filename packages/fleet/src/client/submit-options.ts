import { invalidOption } from "../fleet-error.js";
import { describe } from "../queue/check.js";

/** How a workflow is submitted. */
export interface SubmitOptions {
  /**
   * Makes the submission idempotent: the same key (for the same tenant) is one workflow, for as
   * long as the queue keeps it (`deleteAfterSeconds` after it ended). 1 to 200 characters.
   */
  readonly idempotencyKey?: string;
  /** Who the workflow is for; it scopes the idempotency key and is handed to the handler. */
  readonly tenant?: string;
  /** Higher runs first (an integer; default 0). */
  readonly priority?: number;
  /** Not before this time: a `Date`, or seconds from now. */
  readonly startAfter?: Date | number;
}

const INT4 = 2 ** 31;

/**
 * `options` checked field by field (a plain object, known fields, each of its type).
 *
 * @throws {FleetError} `invalid_option` naming the option.
 */
export function checkSubmitOptions(options: SubmitOptions | undefined): SubmitOptions {
  if (options === undefined) return {};
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw invalidOption("options", `submit options must be an object, got ${describe(options)}`);
  const { idempotencyKey, tenant, priority, startAfter } = options;
  if (idempotencyKey !== undefined) checkText("idempotencyKey", idempotencyKey);
  if (tenant !== undefined) checkText("tenant", tenant);
  if (
    priority !== undefined &&
    (typeof priority !== "number" || !Number.isInteger(priority) || Math.abs(priority) >= INT4)
  )
    throw invalidOption("priority", `priority must be an integer, got ${describe(priority)}`);
  if (startAfter !== undefined) checkStartAfter(startAfter);
  return options;
}

/** A non-empty string of at most 200 characters. */
export function checkText(field: string, value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 200)
    throw invalidOption(
      field,
      `${field} must be a string of 1 to 200 characters, got ${typeof value === "string" ? `${value.length} characters` : describe(value)}`,
    );
  return value;
}

function checkStartAfter(startAfter: unknown): void {
  const valid =
    startAfter instanceof Date
      ? !Number.isNaN(startAfter.getTime())
      : typeof startAfter === "number" && Number.isFinite(startAfter) && startAfter >= 0;
  if (!valid)
    throw invalidOption(
      "startAfter",
      `startAfter must be a valid Date or a number of seconds ≥ 0, got ${startAfter instanceof Date ? "an invalid Date" : describe(startAfter)}`,
    );
}
