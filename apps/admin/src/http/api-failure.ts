import { FleetError } from "@nucleo/fleet";
import { InvalidInputError } from "@nucleo/core";
import { RecorderQueryError } from "@nucleo/recorder-postgres";
import type { ApiError } from "../api/contract.js";

/** An HTTP status the API answers errors with. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 421 | 429 | 503;

/** A refusal the API answers as {@link ApiError} with its status. */
export class ApiFailure extends Error {
  readonly status: FailureStatus;
  readonly code: string;
  readonly field: string | undefined;
  /** Seconds, for a `Retry-After` header (429). */
  readonly retryAfter: number | undefined;

  constructor(
    status: FailureStatus,
    code: string,
    message: string,
    extra: { field?: string; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = "ApiFailure";
    this.status = status;
    this.code = code;
    this.field = extra.field;
    this.retryAfter = extra.retryAfter;
  }

  /** The body the API sends. */
  body(): ApiError {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field === undefined ? {} : { field: this.field }),
      },
    };
  }
}

/** A 400 naming the parameter or field at fault. */
export function invalidInput(field: string, message: string): ApiFailure {
  return new ApiFailure(400, "invalid_input", message, { field });
}

const NOT_FOUND_CODES = new Set(["unknown_workflow", "unknown_job", "unknown_benchmark"]);

/**
 * What the API answers for an error a package threw: a bad argument is a 400 naming it, an
 * unknown id a 404, an idempotency clash a 409, a database away a 503. Anything else is a 503
 * too, with a generic message: the cause's text may hold a connection string, and it is logged
 * on the server (by the caller), never sent.
 */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (InvalidInputError.isInstance(error)) {
    return invalidInput(error.parameter, error.message);
  }
  if (RecorderQueryError.isInstance(error)) {
    if (NOT_FOUND_CODES.has(error.code)) return new ApiFailure(404, "not_found", error.message);
    if (error.code === "workflow_too_large") return new ApiFailure(413, error.code, error.message);
  }
  if (FleetError.isInstance(error)) {
    if (error.code === "idempotency_conflict")
      return new ApiFailure(409, error.code, error.message);
    if (error.code === "not_found") return new ApiFailure(404, "not_found", error.message);
    if (error.code === "invalid_option") {
      return new ApiFailure(
        400,
        "invalid_input",
        error.message,
        error.field === undefined ? {} : { field: error.field },
      );
    }
  }
  const refusal = inputRefusal(error);
  if (refusal !== undefined) return refusal;
  return new ApiFailure(
    503,
    "unavailable",
    "The console could not read its database just now; try again.",
  );
}

/**
 * A submission's input refused by the composer's check (the worker's registry throws errors
 * with `code: "input_invalid"` and the `field`, or `unknown_workflow`): a 400 naming
 * `input.<field>` (or `workflow`), its message kept — it names the field and what was expected,
 * never a secret.
 */
function inputRefusal(error: unknown): ApiFailure | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, field, message } = error as { code?: unknown; field?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : "The input was refused.";
  if (code === "input_invalid") {
    const at =
      typeof field === "string" && field !== "" && field !== "(root)" ? `input.${field}` : "input";
    return new ApiFailure(400, "invalid_input", text, { field: at });
  }
  if (code === "unknown_workflow")
    return new ApiFailure(400, "invalid_input", text, { field: "workflow" });
  return undefined;
}
