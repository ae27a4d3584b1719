import { InvalidInputError } from "../errors/invalid-input-error.js";
import type { SubmitOptions } from "../jobs/job-context.js";

const MAX_ID_LENGTH = 200;

/**
 * What is wrong with a top-level submission's own options (its id, its replay), or
 * `undefined`: the submission is refused with the option named, never run under an id a
 * recorder cannot key or a replay it cannot follow.
 *
 * @internal
 */
export function checkRootOptions(
  options: SubmitOptions | undefined,
): InvalidInputError | undefined {
  if (options === undefined) return undefined;
  const { id, replay } = options;
  if (id !== undefined && !isKey(id))
    return refuse("options.id", `a non-empty string of at most ${MAX_ID_LENGTH} characters`);
  if (replay === undefined) return undefined;
  if (typeof replay !== "object" || replay === null || !isKey(replay.workflowId))
    return refuse(
      "options.replay.workflowId",
      `a non-empty string of at most ${MAX_ID_LENGTH} characters`,
    );
  const source = replay.source as { recall?: unknown } | undefined | null;
  if (source !== undefined && typeof source?.recall !== "function")
    return refuse("options.replay.source", "an object with a recall(position, fingerprint) method");
  return undefined;
}

function isKey(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_ID_LENGTH;
}

function refuse(parameter: string, expected: string): InvalidInputError {
  return new InvalidInputError({ parameter, expected });
}
