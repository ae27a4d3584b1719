import { LLMReadableError } from "./llm-readable-error.js";
import { RetrySignal } from "./retry-signals.js";
import { SystemError } from "./system-error.js";

const MAX_CAUSE_DEPTH = 8;

/** What {@link unwrap} returns: one of ours, never an unknown throw. */
export type UnwrappedError = LLMReadableError | RetrySignal;

/**
 * Normalises anything a job caught into one of Nucleo's errors, for the broad
 * `catch (error) { throw unwrap(error); }` at the edge of a job's body.
 *
 * Retry signals and {@link LLMReadableError}s pass through untouched, including when a library
 * wrapped them (they are found on the `cause` chain). Anything else becomes a
 * {@link SystemError} with code `internal` whose message names only the error's type; the
 * original rides on `cause`, so a secret in a library's message never reaches the model.
 */
export function unwrap(error: unknown): UnwrappedError {
  return (
    findNucleoError(error) ??
    new SystemError({
      code: "internal",
      message: `Unexpected ${describeThrown(error)}.`,
      cause: error,
    })
  );
}

/**
 * The retry signal or Nucleo error that `error` is, or carries on its `cause` chain.
 *
 * @internal
 */
export function findNucleoError(error: unknown): UnwrappedError | undefined {
  let current: unknown = error;
  for (
    let depth = 0;
    depth < MAX_CAUSE_DEPTH && current !== undefined && current !== null;
    depth++
  ) {
    if (RetrySignal.isInstance(current) || LLMReadableError.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describeThrown(error: unknown): string {
  if (error instanceof Error) return error.name === "Error" ? "error" : error.name;
  return `non-error value of type ${typeof error}`;
}
