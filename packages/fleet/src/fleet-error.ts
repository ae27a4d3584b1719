const FLEET_ERROR = Symbol.for("nucleo.error.fleet");

/** Why a {@link FleetError} was thrown (or why a run's signal aborted). */
export type FleetErrorCode =
  /** An option or setting is invalid; `field` names it. */
  | "invalid_option"
  /** No workflow has this id (never submitted, or deleted by retention). */
  | "not_found"
  /** The workflow failed for good (it is in the dead letters); `workflowError` says why. */
  | "failed"
  /** The workflow was cancelled, or, for a run's signal, is no longer this worker's to run. */
  | "cancelled"
  /** `result()` stopped waiting before the workflow ended. */
  | "timeout"
  /** A draining server's grace ran out: the run was handed back to the queue. */
  | "drained"
  /** The queue or server is closed and takes no more calls. */
  | "closed"
  /** The queue's database could not be opened (unreachable, refused, not migratable). */
  | "database_unavailable"
  /** An idempotency key already submitted another workflow. */
  | "idempotency_conflict";

/** A workflow's error as the queue stores it: no stack, no cause, secret-free. */
export interface StoredWorkflowError {
  /** The error's class name (`WorkerError`, `TypeError`). */
  readonly name: string;
  /** Its short code (`input_invalid`, `ECONNRESET`), when it had one. */
  readonly code?: string;
  /** The first line of its message, credentials masked. */
  readonly message: string;
}

/** What a {@link FleetError} says and names. */
export interface FleetErrorOptions {
  readonly code: FleetErrorCode;
  /** A secret-free sentence naming the option, the field or the workflow id. */
  readonly message: string;
  /** The option or setting at fault (`heartbeatSeconds`, `idempotencyKey`). */
  readonly field?: string;
  /** The workflow the error is about. */
  readonly workflowId?: string;
  /** For `failed`: the error the workflow failed with, as stored. */
  readonly workflowError?: StoredWorkflowError;
  readonly cause?: unknown;
}

/**
 * The fleet's own errors: a bad option, an unknown workflow id, a workflow that failed or was
 * cancelled while `result()` waited. Checked with {@link FleetError.isInstance}, which survives
 * two copies of the package. Errors from the `FleetWorkflows` seam (an unknown workflow name, an
 * invalid input) are never wrapped: they reach the caller as they were thrown.
 *
 * @example
 * try {
 *   await client.result(id);
 * } catch (error) {
 *   if (FleetError.isInstance(error) && error.code === "failed") console.log(error.workflowError);
 * }
 */
export class FleetError extends Error {
  readonly code: FleetErrorCode;
  readonly field: string | undefined;
  readonly workflowId: string | undefined;
  readonly workflowError: StoredWorkflowError | undefined;

  constructor(options: FleetErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    Object.defineProperty(this, FLEET_ERROR, { value: true });
    this.name = "FleetError";
    this.code = options.code;
    this.field = options.field;
    this.workflowId = options.workflowId;
    this.workflowError = options.workflowError;
  }

  /** True for any {@link FleetError}, from whichever copy of this package it came. */
  static isInstance(value: unknown): value is FleetError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[FLEET_ERROR] === true
    );
  }
}

/** A {@link FleetError} `invalid_option` naming `field`. */
export function invalidOption(field: string, message: string): FleetError {
  return new FleetError({ code: "invalid_option", field, message });
}
