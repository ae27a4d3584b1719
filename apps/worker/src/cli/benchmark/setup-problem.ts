import { WorkerError } from "../../worker-error.js";

/** Where a problem with `nucleo benchmark`'s input sits, and what it is. */
export interface SetupPlace {
  /** The config file or setup module, as the user would recognise its path. */
  readonly file: string;
  /** The field within it (`times`, `candidates[1]`), when there is one. */
  readonly field?: string;
  /** What is wrong, as a sentence fragment: `expected a positive integer`. */
  readonly problem: string;
}

/**
 * The benchmark cannot start: its config file or setup module is missing, unreadable or of the
 * wrong shape. The message names the file, the field and the problem
 * (`bench.json: "times": expected a positive integer`); the command exits with 2.
 */
export function setupProblem(place: SetupPlace, cause?: unknown): WorkerError {
  const message = `${place.file}: ${place.field === undefined ? "" : `"${place.field}": `}${place.problem}`;
  return new WorkerError({
    code: "config_invalid",
    file: place.file,
    ...(place.field === undefined ? {} : { field: place.field }),
    message,
    ...(cause === undefined ? {} : { cause }),
  });
}
